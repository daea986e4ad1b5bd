/**
 * `npm start`: the handbook's dev server, signed in against the bundled local identity service.
 * With HANDBOOK_AUTH=cognito (and its variables) it runs the dev server against that pool instead.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startLocalIdentity } from '../identity/launch';

const root = path.resolve(__dirname, '..');
const mode = process.env.HANDBOOK_AUTH ?? 'local';

async function main(): Promise<void> {
  const identity = mode === 'local' ? await startLocalIdentity({ output: 'inherit' }) : null;
  const devServer = spawn(
    path.join(root, 'node_modules/.bin/docusaurus'),
    ['start', '--host', '127.0.0.1', ...process.argv.slice(2)],
    { cwd: root, env: { ...process.env, HANDBOOK_AUTH: mode }, stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      devServer.kill(signal);
      void identity?.stop();
    });
  }
  // One of the two stopped: stop the other too, and report the first failure.
  const devServerExited = new Promise<number | null>((resolve) => devServer.once('exit', resolve));
  const code = await Promise.race([devServerExited, identity?.exited ?? new Promise<never>(() => {})]);
  devServer.kill('SIGTERM');
  await identity?.stop();
  process.exitCode = code ?? 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
