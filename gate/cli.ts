/**
 * `npm run serve`: the production build through the gate server; for a local-mode build, with the
 * local identity service too (started unless one is running, or `--without-identity`).
 *   npm run serve -- [--port 3000] [--host 127.0.0.1] [--dir build] [--without-identity]
 *     [--trust-proxy <address or range>,...] [--requests-per-second 100] [--connections-per-address 64]
 *     [--preview 42=build-preview [--preview-port 3001] [--preview-host localhost]]
 * Previews are served on an origin of their own (by default http://localhost:<port + 1>/ beside
 * http://127.0.0.1:<port>/), where a reader signs in again: nothing a preview runs can read the
 * production origin's session. Production's origin serves nothing under `/previews/`.
 * The pool's keys are fetched before the first reader arrives. SIGTERM (or SIGINT) stops taking
 * connections, lets requests under way finish and exits 0.
 */
import '../core/load-env';
import { identityAnswers, registerSitePort, startLocalIdentity } from '../identity/launch';
import type { LocalIdentityService } from '../identity/launch';
import { assertServableOn, isLocalOrUnknownMode } from './local-mode';
import { readManifest } from './manifest';
import { serveOptionsFrom } from './options';
import { closeGracefully, createGateServer } from './server';
import { createSessionChecker } from './session';

/**
 * A local-mode build signs in against the local identity service at its issuer: started here unless
 * one already answers there, so a build and a serve are all it takes to sign in.
 */
async function ensureLocalIdentity(issuer: string): Promise<LocalIdentityService | null> {
  const { origin, port } = new URL(issuer);
  if (await identityAnswers(origin)) return null;
  return startLocalIdentity({ port: Number(port), output: 'inherit' });
}

async function main(): Promise<void> {
  const options = serveOptionsFrom(process.argv.slice(2), process.env);
  const manifest = readManifest(options.buildDir);
  assertServableOn(manifest.auth, options.host);
  const identity =
    isLocalOrUnknownMode(manifest.auth) && !options.withoutIdentity
      ? await ensureLocalIdentity(manifest.auth.issuer)
      : null;
  const previewing = options.previews.length > 0;
  if (isLocalOrUnknownMode(manifest.auth)) {
    for (const port of [options.port, ...(previewing ? [options.previewOrigin.port] : [])]) {
      await registerSitePort(new URL(manifest.auth.issuer).origin, port).catch((error: unknown) => {
        console.error(`Google sign-in will not return here: ${error instanceof Error ? error.message : error}`);
      });
    }
  }
  const sessions = createSessionChecker(manifest.auth);
  if (!(await sessions.loadKeys())) {
    console.error(
      `The user pool's keys could not be fetched from ${manifest.auth.jwksUri}: sessions are refused until they can be.`,
    );
  }
  const limits = {
    ...(options.requestsPerSecond
      ? {
          requestsPerSecondPerAddress: options.requestsPerSecond,
          requestBurstPerAddress: 4 * options.requestsPerSecond,
        }
      : {}),
    ...(options.connectionsPerAddress ? { maxConnectionsPerAddress: options.connectionsPerAddress } : {}),
  };
  const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host);
  const common = { buildDir: options.buildDir, manifest, sessions, trustedProxies: options.trustedProxies, limits };
  const server = createGateServer({ ...common, origin: 'production' });
  // Built first: a preview built for another number, or another pool, stops the command here.
  const previewServer = previewing
    ? createGateServer({
        ...common,
        previews: options.previews,
        origin: 'previews',
        servedHost: options.previewOrigin.host,
        productionOrigin: `http://${urlHost(options.host)}:${options.port}`,
      })
    : null;
  server.listen(options.port, options.host, () => {
    console.error(`Handbook (${manifest.auth.mode} sign-in) at http://${urlHost(options.host)}:${options.port}/`);
  });
  previewServer?.listen(options.previewOrigin.port, options.host, () => {
    const origin = `http://${urlHost(options.previewOrigin.host)}:${options.previewOrigin.port}`;
    for (const { pullRequest } of options.previews) {
      console.error(
        `  the preview of pull request ${pullRequest} at ${origin}/previews/${pullRequest}/ (sign in there)`,
      );
    }
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.all([closeGracefully(server), ...(previewServer ? [closeGracefully(previewServer)] : [])]);
    await identity?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
