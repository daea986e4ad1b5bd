/**
 * `npm run serve`: the production build through the gate server; for a local-mode build, with the
 * local identity service too (started unless one is running, or `--without-identity`).
 *   npm run serve -- [--port 3000] [--host 127.0.0.1] [--dir build] [--without-identity] [--trust-proxy]
 * The pool's keys are fetched before the first reader arrives. SIGTERM (or SIGINT) stops taking
 * connections, lets requests under way finish and exits 0.
 */
import { ensureLocalIdentity } from './local-identity';
import { readManifest } from './manifest';
import { assertServable, serveOptionsFrom } from './options';
import { closeGracefully, createGateServer } from './server';
import { createSessionChecker } from './session';

async function main(): Promise<void> {
  const options = serveOptionsFrom(process.argv.slice(2), process.env);
  const manifest = readManifest(options.buildDir);
  assertServable(options, manifest.auth.mode);
  const identity =
    manifest.auth.mode === 'local' && !options.withoutIdentity ? await ensureLocalIdentity(manifest.auth.issuer) : null;
  const sessions = createSessionChecker(manifest.auth);
  if (!(await sessions.loadKeys())) {
    console.error(
      `The user pool's keys could not be fetched from ${manifest.auth.jwksUri}: sessions are refused until they can be.`,
    );
  }
  const server = createGateServer({ buildDir: options.buildDir, manifest, sessions, trustProxy: options.trustProxy });
  server.listen(options.port, options.host, () => {
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    console.error(`Handbook (${manifest.auth.mode} sign-in) at http://${host}:${options.port}/`);
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await closeGracefully(server);
    identity?.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
