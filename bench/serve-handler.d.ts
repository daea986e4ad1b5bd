/** The part of serve-handler (the static server behind `docusaurus serve`) the bench uses. */
declare module 'serve-handler' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ServeHandlerOptions {
    public?: string;
    cleanUrls?: boolean;
    trailingSlash?: boolean;
    directoryListing?: boolean;
  }

  export default function serveHandler(
    request: IncomingMessage,
    response: ServerResponse,
    options?: ServeHandlerOptions,
  ): Promise<void>;
}
