/**
 * What `Cache-Control: no-store` on protected files costs a returning reader: the bytes, requests
 * and time of a warm load of /arc/architecture (the page opened again in the same browser) under
 * (bytes of the responses, the count of answers that came over the network, the page's load
 * event) under three caching policies, served by the gate server through a proxy that only rewrites
 * `Cache-Control`:
 *   before   protected files other than pages `private, no-cache` (revalidated, 304 when unchanged)
 *   now      every protected answer `no-store`
 *   shell    also the hashed shell bundles `no-store`, as when every bundle Docusaurus emits is
 *            protected (issue 10 item 2)
 *   npx tsx bench/cache-cost.ts      (after `HANDBOOK_AUTH=local npm run build`; loopback, free ports)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readManifest } from '../gate/manifest';
import { createGateServer } from '../gate/server';
import { createSessionChecker } from '../gate/session';
import { sessionCookies, signInForTokens, startIdentityProcess } from '../testkit/local-identity';

const buildDir = path.resolve(__dirname, '..', 'build');
const PAGE = '/arc/architecture';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

type Policy = 'before' | 'now' | 'shell';

function rewrite(policy: Policy, cacheControl: string | undefined, url: string): string | undefined {
  const isPage = !/\.[a-z0-9]+$/i.test(url.split('?')[0]) || url.endsWith('.html');
  if (policy === 'before' && cacheControl === 'no-store' && !isPage) return 'private, no-cache';
  if (policy === 'shell' && cacheControl?.includes('immutable')) return 'no-store';
  return cacheControl;
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function proxy(gatePort: number, policy: Policy): http.Server {
  return http.createServer((request, response) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: gatePort, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        const headers = { ...answer.headers };
        // A refusal stays no-store whatever the policy: only served files are rewritten.
        if (answer.statusCode === 200 || answer.statusCode === 304) {
          headers['cache-control'] = rewrite(policy, answer.headers['cache-control'], request.url ?? '');
        }
        response.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
}

interface WarmLoad {
  bytes: number;
  requests: number;
  loadMs: number;
}

async function warmLoad(page: Page, url: string): Promise<WarmLoad> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  cdp.on('Network.responseReceived', (event: { response: { fromDiskCache?: boolean; fromMemoryCache?: boolean } }) => {
    if (!event.response.fromDiskCache && !event.response.fromMemoryCache) requests += 1;
  });
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  const loadMs = await page.evaluate(() =>
    Math.round((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd),
  );
  await cdp.detach();
  return { bytes, requests, loadMs };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const manifest = readManifest(buildDir);
  const identity = await startIdentityProcess();
  const auth = {
    ...manifest.auth,
    issuer: `${identity.url}/${manifest.auth.userPoolId}`,
    jwksUri: `${identity.url}/${manifest.auth.userPoolId}/.well-known/jwks.json`,
  };
  const gate = createGateServer({ buildDir, manifest, sessions: createSessionChecker(auth), log: () => {} });
  const gatePort = await listen(gate);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    for (const policy of ['before', 'now', 'shell'] as const) {
      const front = proxy(gatePort, policy);
      const origin = `http://127.0.0.1:${await listen(front)}`;
      // The session as Amplify's CookieStorage keeps it: the page reads it from document.cookie.
      const context = await browser.newContext();
      const { accessToken, idToken } = await signInForTokens(identity.url);
      await context.addCookies(
        sessionCookies({ accessToken, idToken }).map(({ name, value }) => ({
          name,
          value,
          url: `${origin}/`,
          sameSite: 'Lax' as const,
        })),
      );
      const page = await context.newPage();
      await warmLoad(page, `${origin}${PAGE}`);
      const runs: WarmLoad[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        await page.goto('about:blank');
        runs.push(await warmLoad(page, `${origin}${PAGE}`));
      }
      await context.close();
      await new Promise((resolve) => front.close(resolve));
      console.log(
        `${policy.padEnd(7)} warm ${PAGE}: ${(median(runs.map((r) => r.bytes)) / 1024).toFixed(1)} KiB over the wire, ` +
          `${median(runs.map((r) => r.requests))} requests, load event after ${median(runs.map((r) => r.loadMs))} ms (median of ${RUNS})`,
      );
    }
  } finally {
    await browser.close();
    await new Promise((resolve) => gate.close(resolve));
    await identity.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
