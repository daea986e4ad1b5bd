/** Serving throughput: autocannon against a server in another process, the way browsers ask (compressed). */
import autocannon from 'autocannon';

const CONNECTIONS = 10;
const SECONDS = 5;

/** Requests per second answered with `status`, after a one-second warm-up; a wrong status fails. */
export async function throughput(url: string, cookie: string | undefined, status = 200): Promise<number> {
  const headers = { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) };
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  const answered = result.statusCodeStats?.[`${status}`]?.count ?? 0;
  if (result.errors || answered !== result.requests.total) {
    throw new Error(
      `${url}: ${result.errors} errors, ${result.requests.total - answered} answers other than ${status}`,
    );
  }
  return result.requests.total / SECONDS;
}
