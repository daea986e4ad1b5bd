/**
 * A local-mode build signs in against the local identity service: `npm run serve` starts it when
 * nothing answers at the build's issuer yet, so a build and a serve are all it takes to sign in.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

async function answers(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** Starts the service unless one already answers at the issuer's origin; null when none was started. */
export async function ensureLocalIdentity(issuer: string): Promise<ChildProcess | null> {
  const { origin, port } = new URL(issuer);
  if (await answers(origin)) return null;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '..', 'identity', 'start.ts'), '--port', port],
    { stdio: 'inherit' },
  );
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`The local identity service exited with ${child.exitCode}`);
    if (await answers(origin)) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`The local identity service did not answer at ${origin} within 15 s`);
}
