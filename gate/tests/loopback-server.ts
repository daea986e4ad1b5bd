import type { AddressInfo, Server } from 'node:net';

/** Starts `server` on a free loopback port, the only interface the tests use; resolves to the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
