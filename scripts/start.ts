/**
 * `npm start`: the handbook's dev server, signed in against the bundled local identity service.
 * With HANDBOOK_AUTH=cognito (and its variables) it runs the dev server against that pool instead.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const mode = process.env.HANDBOOK_AUTH ?? 'local';
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code) => {
    // One of the two stopped: stop the other too, and report the first failure.
    children.forEach((other) => other !== child && other.kill('SIGTERM'));
    process.exitCode = code ?? 1;
  });
  return child;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => children.forEach((child) => child.kill(signal)));
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const docusaurus = path.join(root, 'node_modules/.bin/docusaurus');
if (mode === 'local') run(tsx, [path.join(root, 'identity/start.ts')]);
run(docusaurus, ['start', '--host', '127.0.0.1', ...process.argv.slice(2)], { ...process.env, HANDBOOK_AUTH: mode });
