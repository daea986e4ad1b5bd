/**
 * A local-mode build trusts the local identity service, whose tokens are only as safe as this
 * machine (identity/signing-key.ts): it is served on loopback only and never deployed. Every place
 * that holds it to that asks here, and says why in the same words. Anything but a real pool
 * counts as local, so a check fails safe.
 */
import { isLoopbackHost, isLoopbackHostPort } from '../core/loopback';
import type { GateAuth } from './manifest';

const LOCAL_BUILD = 'This build signs in against the local identity service (HANDBOOK_AUTH=local)';

/** The answer (421) to a request that reached a local-mode build by a name other than loopback. */
export const SERVED_ON_LOOPBACK_ONLY = `${LOCAL_BUILD}: it is served on loopback only.`;

export function isLocalOrUnknownMode(auth: Pick<GateAuth, 'mode'>): boolean {
  return auth.mode !== 'cognito';
}

/** Packaging or running a build at CloudFront. */
export function assertDeployable(auth: Pick<GateAuth, 'mode'>): void {
  if (isLocalOrUnknownMode(auth)) throw new Error(`${LOCAL_BUILD}: never deploy it.`);
}

/** Listening on `host` (`npm run serve -- --host`). */
export function assertServableOn(auth: Pick<GateAuth, 'mode'>, host: string): void {
  if (isLocalOrUnknownMode(auth) && !isLoopbackHost(host)) {
    throw new Error(`${LOCAL_BUILD}: it can only be served on loopback (127.0.0.1, ::1, localhost), not on ${host}.`);
  }
}

/**
 * Answering a request with this `Host` header. A proxy on the machine can rewrite it, so this is
 * not what protects the build: it stops a browser reaching it by a name.
 */
export function answersHost(auth: Pick<GateAuth, 'mode'>, host: string | undefined): boolean {
  return !isLocalOrUnknownMode(auth) || isLoopbackHostPort(host);
}
