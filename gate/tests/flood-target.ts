/**
 * A gate server for the flood tests, run in its own Node process under a memory limit: a heap cap
 * (`--max-old-space-size`) and a resident-size cap it enforces itself, exiting as the kernel's OOM
 * killer would. It reports its port and, on request, its resident size over IPC.
 *   node --import tsx --max-old-space-size=<MB> gate/tests/flood-target.ts <build dir> <RSS cap MB> [--trust-proxy=<ranges>]
 */
import { trustedProxies } from '../client-address';
import { createGateServer } from '../server';
import { listenOnLoopback } from '../../testkit/loopback';

const [buildDir, rssCapText] = process.argv.slice(2);
const rssCap = Number(rssCapText) * 1024 * 1024;
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

setInterval(() => {
  const rss = process.memoryUsage.rss();
  if (rss > rssCap) {
    process.stderr.write(`out of memory: ${megabytes(rss)} MB resident, cap ${megabytes(rssCap)} MB\n`);
    process.exit(137); // the exit status of a process the OOM killer ended
  }
}, 50).unref();

async function main(): Promise<void> {
  const proxies = process.argv.find((arg) => arg.startsWith('--trust-proxy='))?.slice('--trust-proxy='.length);
  const server = createGateServer({
    buildDir,
    log: () => {},
    trustedProxies: trustedProxies(proxies ? [proxies] : []),
  });
  const port = await listenOnLoopback(server);
  process.on('message', (message) => {
    if (message === 'rss') process.send?.({ rss: process.memoryUsage.rss() });
  });
  process.send?.({ port, rss: process.memoryUsage.rss() });
  process.on('disconnect', () => process.exit(0));
}

void main();
