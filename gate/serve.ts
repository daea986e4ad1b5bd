/**
 * `npm run serve`: the production build through the gate server; for a local-mode build, with the
 * local identity service too (started unless one is running, or `--without-identity`).
 *   npm run serve -- [--port 3000] [--host 127.0.0.1] [--dir build] [--without-identity]
 */
import { ensureLocalIdentity } from './local-identity';
import { readManifest } from './manifest';
import { assertServable, serveOptionsFrom } from './options';
import { createGateServer } from './server';

async function main(): Promise<void> {
  const options = serveOptionsFrom(process.argv.slice(2), process.env);
  const manifest = readManifest(options.buildDir);
  assertServable(options, manifest.auth.mode);
  const identity =
    manifest.auth.mode === 'local' && !options.withoutIdentity ? await ensureLocalIdentity(manifest.auth.issuer) : null;
  const server = createGateServer({ buildDir: options.buildDir, manifest });
  server.listen(options.port, options.host, () => {
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    console.log(`Handbook (${manifest.auth.mode} sign-in) at http://${host}:${options.port}/`);
  });
  const stop = () => {
    identity?.kill('SIGTERM');
    server.close(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
