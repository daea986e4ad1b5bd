/**
 * `npm run serve`: the production build through the gate server; for a local-mode build, with the
 * local identity service too (started unless one is running, or `--without-identity`).
 *   npm run serve -- [--port 3000] [--host 127.0.0.1] [--dir build] [--without-identity]
 *     [--trust-proxy <address or range>,...] [--requests-per-second 100] [--connections-per-address 64]
 *     [--preview 42=build-preview]
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
  if (isLocalOrUnknownMode(manifest.auth)) {
    await registerSitePort(new URL(manifest.auth.issuer).origin, options.port).catch((error: unknown) => {
      console.error(`Google sign-in will not return here: ${error instanceof Error ? error.message : error}`);
    });
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
  const server = createGateServer({
    buildDir: options.buildDir,
    manifest,
    sessions,
    trustedProxies: options.trustedProxies,
    limits,
    previews: options.previews,
  });
  server.listen(options.port, options.host, () => {
    const host = options.host.includes(':') ? `[${options.host}]` : options.host;
    console.error(`Handbook (${manifest.auth.mode} sign-in) at http://${host}:${options.port}/`);
    for (const { pullRequest } of options.previews) {
      console.error(
        `  the preview of pull request ${pullRequest} at http://${host}:${options.port}/previews/${pullRequest}/`,
      );
    }
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await closeGracefully(server);
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
