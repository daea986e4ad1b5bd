/**
 * `npm start`: the handbook's dev server, signed in against the bundled local identity service.
 * With HANDBOOK_AUTH=cognito (and its variables) it runs the dev server against that pool instead.
 */
import '../core/load-env';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { registerSitePort, startLocalIdentity } from '../identity/launch';

const root = path.resolve(__dirname, '..');
const mode = process.env.HANDBOOK_AUTH ?? 'local';

/** The dev server's port, as `docusaurus start` reads it from the arguments (3000 unless given). */
function devServerPort(args: string[]): number {
  const option = args.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
  if (option === -1) return 3000;
  return Number(args[option].startsWith('--port=') ? args[option].slice('--port='.length) : args[option + 1]);
}

async function main(): Promise<void> {
  const identity = mode === 'local' ? await startLocalIdentity({ output: 'inherit' }) : null;
  // The local Google stand-in returns only to registered sign-in routes: this dev server's.
  if (identity) {
    await registerSitePort(identity.url, devServerPort(process.argv.slice(2))).catch((error: unknown) => {
      console.error(`Google sign-in will not return here: ${error instanceof Error ? error.message : error}`);
    });
  }
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
