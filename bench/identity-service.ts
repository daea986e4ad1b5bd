/**
 * The local identity service the local-mode build signs in against. The build has its address
 * baked in (127.0.0.1:9229, or HANDBOOK_IDENTITY_PORT, which the builds and this service both
 * read), so it must run on exactly that port, started as the Playwright config starts it.
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { localIdentity, localIdentityUrl } from '../identity/local-pool';
import { startChild, waitForUrl } from './child-processes';
import type { Child } from './child-processes';

async function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, host, () => probe.close(() => resolve(true)));
  });
}

export async function assertIdentityPortFree(): Promise<void> {
  if (!(await portIsFree(localIdentity.host, localIdentity.port))) {
    throw new Error(
      `Port ${localIdentity.port} is busy: the bench starts its own identity service there. ` +
        'Stop npm start (or npm run identity, or a browser test run) first, ' +
        'or give the bench another port: HANDBOOK_IDENTITY_PORT=<port> npm run bench.',
    );
  }
}

export async function startIdentityService(projectDir: string): Promise<Child> {
  await assertIdentityPortFree();
  const child = startChild(
    'identity service',
    process.execPath,
    ['--import', 'tsx', path.join(projectDir, 'identity/start.ts')],
    { cwd: projectDir, env: { ...process.env, CODE: '123456', HANDBOOK_IDENTITY_LOG_LEVEL: 'warn' } },
  );
  await waitForUrl(child, `${localIdentityUrl}/health`, 30_000, 'identity service');
  return child;
}
