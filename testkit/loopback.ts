import http from 'node:http';
import type { AddressInfo, Server } from 'node:net';

/** Starts `server` on a free loopback port, the only interface the tests use; resolves to the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, still compressed when it was. */
  body: Buffer;
}

export interface RawRequest {
  method?: string;
  headers?: http.OutgoingHttpHeaders;
  agent?: http.Agent;
}

/**
 * A request to a loopback port whose path goes out exactly as written, `..` and escapes included
 * (`fetch` would normalise it), and whose body comes back undecoded.
 */
export function rawRequest(port: number, rawPath: string, options: RawRequest = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: rawPath,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: options.agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}
