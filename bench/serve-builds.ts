/**
 * Child process of the bench: serves builds on loopback and prints their addresses as one JSON
 * line. A process of its own, so the load generator and the browser never share its event loop.
 *
 *   node --import tsx bench/serve-builds.ts gate=<buildDir> plain=<buildDir> baseline=<buildDir>
 *
 * `gate` is the gate server (`npm run serve`); the others are serve-handler with the options
 * `docusaurus serve` passes it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import serveHandler from 'serve-handler';
import { createGateServer } from '../gate/server';

function plainServer(buildDir: string): http.Server {
  return http.createServer((request, response) => {
    void serveHandler(request, response, {
      public: buildDir,
      cleanUrls: true,
      trailingSlash: false,
      directoryListing: false,
    });
  });
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function main(): Promise<void> {
  const ports: Record<string, number> = {};
  for (const argument of process.argv.slice(2)) {
    const [name, buildDir] = argument.split(/=(.*)/s);
    const server = name === 'gate' ? createGateServer({ buildDir }) : plainServer(buildDir);
    ports[name] = await listen(server);
  }
  console.log(JSON.stringify(ports));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
