/**
 * Sends the build file the gate decided to serve, through `send` (pillarjs), and answers its
 * failures with the status `send` chose: 412 for a failed `If-Match` or `If-Unmodified-Since`, 416
 * for a range past the end, 404 for a file gone since the server started, 500 for a file that
 * cannot be read (a symlink loop, EIO, EMFILE under load). A fault (5xx) is reported with its cause,
 * so an operator never has to guess why a reader was refused a file the build has.
 */
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import { plainTextResponse } from './response';

/**
 * What `send` emits on `error`: an `http-errors` error whose `status` is the answer it would have
 * written itself, the underlying fs error's message and `code` kept for a 5xx, and for a 416 the
 * `Content-Range` header the answer must carry (send 1.2, `SendStream.prototype.error`).
 */
interface SendFailure {
  status?: number;
  message?: string;
  headers?: Record<string, string>;
}

/** What `send` or the copy's representation set for the file, and the failure's answer must not keep. */
const FILE_HEADERS = ['Content-Encoding', 'Content-Length', 'Content-Range', 'ETag', 'Last-Modified', 'Accept-Ranges'];

const FAILURE_TEXT: Record<number, string> = {
  404: 'Not found.',
  412: 'Precondition failed: the file is not the version your request names.',
  416: 'Range not satisfiable.',
  500: 'The gate could not read this file; nothing was served.',
};

/** The status a failure is answered with: `send`'s, or 500 for anything that is not an HTTP error status. */
export function failureStatus(failure: SendFailure): number {
  const status = failure.status;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

export interface FileToSend {
  /** The folder `path` is inside: the build, or its compressed copies. */
  root: string;
  /** The build-relative file, `/`-led, as the manifest lists it (not percent-encoded). */
  path: string;
}

/**
 * Pipes the file to `response`. `send` takes a URL path and decodes it, so the file name is
 * percent-encoded here: `100%.txt` is that file, not an undecodable path (400), and `a%20b.txt` is
 * not `a b.txt`. `reportFault` is told of every 5xx, with the file and the cause.
 */
export function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: FileToSend,
  reportFault: (message: string) => void,
): void {
  const urlPath = file.path.split('/').map(encodeURIComponent).join('/');
  send(request, urlPath, { root: file.root, index: false, dotfiles: 'deny', cacheControl: false })
    .on('error', (failure: SendFailure) => {
      const status = failureStatus(failure);
      if (status >= 500) reportFault(`${status} for ${file.path.slice(1)}: ${failure.message ?? 'no cause given'}`);
      // A read that fails once the body has started cannot change the status: cut the connection,
      // so the client sees a truncated answer rather than a complete-looking one.
      if (response.headersSent) {
        response.destroy();
        return;
      }
      for (const name of FILE_HEADERS) response.removeHeader(name);
      const text = FAILURE_TEXT[status] ?? `${STATUS_CODES[status] ?? 'Error'}.`;
      const { statusText, headers, body } = plainTextResponse(status, text, failure.headers);
      response.writeHead(status, statusText, headers);
      response.end(body);
    })
    .pipe(response);
}
