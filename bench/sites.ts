/**
 * The two sites the bench compares, built and served in processes of their own: the handbook
 * (`docusaurus build`, precompressed, served by its gate server) and the plain Docusaurus site of
 * the same docs (`plain-site.ts`, served by `plain-server.ts`).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { precompressBuild } from '../gate/compression';
import type { PrecompressReport } from '../gate/compression';
import { writePlainSite } from './plain-site';

const PROJECT_DIR = path.resolve(__dirname, '..');
const children = new Set<ChildProcess>();

/** Stops every process the bench started. */
export function stopAll(): void {
  for (const child of children) child.kill('SIGTERM');
}

/** Runs a command to its end; its output is shown only when it fails. */
async function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  children.delete(child);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${code}):\n${output.slice(-4000)}`);
  return (performance.now() - started) / 1000;
}

const docusaurus = path.join(PROJECT_DIR, 'node_modules/.bin/docusaurus');

export interface Builds {
  product: string;
  plain: string;
  productSeconds: number;
  precompress: PrecompressReport;
}

/** Both builds, in local sign-in mode against the bench's identity service on `identityPort`. */
export async function buildSites(workDir: string, identityPort: number): Promise<Builds> {
  const env = { HANDBOOK_AUTH: 'local', HANDBOOK_IDENTITY_PORT: String(identityPort) };
  const product = path.join(workDir, 'product');
  const productSeconds = await run(docusaurus, ['build', '--out-dir', product], PROJECT_DIR, env);
  const precompress = await precompressBuild(product);
  const siteDir = path.join(workDir, 'plain-site');
  mkdirSync(siteDir);
  writePlainSite(PROJECT_DIR, siteDir);
  const plain = path.join(workDir, 'plain');
  await run(docusaurus, ['build', '--out-dir', plain], siteDir, env);
  return { product, plain, productSeconds, precompress };
}

async function waitForUrl(url: string, child: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (answer) => answer.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 20 s`);
}

/** Starts a TypeScript entry point of the project in a process of its own; resolves when `readyPath` answers. */
export async function startServer(entry: string, args: string[], port: number, readyPath: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_DIR, entry), ...args], {
    cwd: PROJECT_DIR,
    env: { ...process.env, HANDBOOK_IDENTITY_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const origin = `http://127.0.0.1:${port}`;
  await waitForUrl(origin + readyPath, child);
  return origin;
}
