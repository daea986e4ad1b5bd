import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { freePort } from '../../identity/launch';

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const folder = mkdtempSync(path.join(tmpdir(), 'env-ports-'));
after(() => rmSync(folder, { recursive: true, force: true }));

/** The environment of a fresh shell: none of the variables `.env` is to give. */
function withoutPorts(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['HANDBOOK_IDENTITY_PORT', 'HANDBOOK_TEST_PORT', 'HANDBOOK_DEV_TEST_PORT', 'HANDBOOK_AUTH']) {
    delete env[name];
  }
  return env;
}

/** What a command's script runs: `tsx <file>` or `playwright test [-c <config>]`, from package.json. */
function entryPoint(script: string): string {
  const scripts = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  const command = scripts[script];
  const tsxFile = /^tsx (\S+\.ts)/.exec(command);
  if (tsxFile) return tsxFile[1];
  if (/^playwright test/.test(command)) return /-c (\S+)/.exec(command)?.[1] ?? 'playwright.config.ts';
  throw new Error(`npm run ${script} runs "${command}": neither tsx nor playwright`);
}

test('every command .env.example names reads .env before any of its modules loads', () => {
  const commands = [
    'start',
    'build',
    'build:preview',
    'serve',
    'identity',
    'test:e2e',
    'test:e2e:dev',
    'test:e2e:mfa:built',
  ];
  for (const command of commands) {
    const file = entryPoint(command);
    const firstImport = /^import\s+(?:[^'"]*from\s+)?['"]([^'"]+)['"]/m.exec(
      readFileSync(path.join(root, file), 'utf8'),
    );
    const loads = firstImport?.[1].endsWith('/core/load-env') || firstImport?.[1] === './e2e/dev-server-ports';
    assert.ok(loads, `npm run ${command} (${file}) must import core/load-env first, not ${firstImport?.[1]}`);
  }
});

test('the browser suites take their ports from .env', async () => {
  const [identity, site, devSite] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    path.join(folder, '.env'),
    `HANDBOOK_IDENTITY_PORT=${identity}\nHANDBOOK_TEST_PORT=${site}\nHANDBOOK_DEV_TEST_PORT=${devSite}\n`,
  );
  const read = (config: string) => {
    const printed = spawnSync(
      tsx,
      [
        '-e',
        `const c = require(${JSON.stringify(path.join(root, config))}).default; console.log(JSON.stringify([c.use.baseURL, [c.webServer].flat().map((s) => s.url)]))`,
      ],
      { cwd: folder, env: withoutPorts(), encoding: 'utf8' },
    );
    assert.equal(printed.status, 0, printed.stderr);
    return JSON.parse(printed.stdout.trim().split('\n').at(-1) ?? '') as [string, string[]];
  };
  assert.deepEqual(read('playwright.config.ts'), [
    `http://127.0.0.1:${site}`,
    [`http://127.0.0.1:${identity}/health`, `http://127.0.0.1:${site}/sign-in`],
  ]);
  assert.deepEqual(read('playwright.mfa.config.ts'), [
    `http://127.0.0.1:${site}`,
    [`http://127.0.0.1:${site}/sign-in`],
  ]);
  assert.deepEqual(read('playwright.dev.config.ts'), [
    `http://127.0.0.1:${devSite}`,
    [`http://127.0.0.1:${devSite}/sign-in`],
  ]);
});

test("npm start's identity service listens on .env's port, the one the site calls", async () => {
  const identity = await freePort();
  writeFileSync(path.join(folder, '.env'), `HANDBOOK_IDENTITY_PORT=${identity}\n`);
  // An option the dev server refuses: npm start starts the identity service, then both stop.
  const start = spawn(tsx, [path.join(root, 'scripts/start.ts'), '--no-such-option'], {
    cwd: folder,
    env: withoutPorts(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  start.stdout.on('data', (chunk: Buffer) => (output += chunk));
  start.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => start.once('exit', resolve));
  assert.notEqual(code, 0, output);
  assert.match(output, /Read from \.env: HANDBOOK_IDENTITY_PORT/);
  assert.match(output, new RegExp(`Local identity service on http://127\\.0\\.0\\.1:${identity} `));
});
