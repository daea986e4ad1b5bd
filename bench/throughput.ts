/** Serving throughput: autocannon against a server in another process, the way browsers ask (compressed). */
import autocannon from 'autocannon';
import { DEFAULT_LIMITS } from '../gate/server';

const CONNECTIONS = 10;
const SECONDS = 5;
/**
 * The gate closes a keep-alive connection after `maxRequestsPerSocket` requests (in
 * gate/server.ts), as browsers are told by `Connection: close`. autocannon does not honour that
 * header and would read Node's 503s for the requests it goes on sending, so each of its connections
 * starts afresh after half that many requests, against both servers alike.
 */
const REQUESTS_PER_CONNECTION = DEFAULT_LIMITS.maxRequestsPerSocket / 2;

/** Requests per second answered with `status`, after a one-second warm-up; a wrong status fails. */
export async function throughput(url: string, cookie: string | undefined, status = 200): Promise<number> {
  const headers = { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) };
  const options = { url, headers, connections: CONNECTIONS, reconnectRate: REQUESTS_PER_CONNECTION };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: SECONDS });
  const answered = result.statusCodeStats?.[`${status}`]?.count ?? 0;
  if (result.errors || answered !== result.requests.total) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${count} × ${code}`)
      .join(', ');
    throw new Error(
      `${url}: ${result.errors} errors, ${result.requests.total - answered} answers other than ${status} (${statuses})`,
    );
  }
  return result.requests.total / SECONDS;
}
