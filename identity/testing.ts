/** Helpers for tests that need a running local identity service. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localIdentity } from './local-pool';
import { readSigningKey } from './signing-key';
import type { SigningKey } from './signing-key';

export interface RunningIdentityService {
  url: string;
  /** The key this start of the service signs with. */
  signingKey: SigningKey;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts `identity/start.ts` in its own process on a free port and waits until it is ready. */
export async function startIdentityProcess(env: Record<string, string> = {}): Promise<RunningIdentityService> {
  const port = await freePort();
  const keyDir = mkdtempSync(path.join(tmpdir(), 'handbook-identity-key-'));
  const keyFile = path.join(keyDir, 'signing-key.json');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'start.ts'), '--port', String(port), '--signing-key-file', keyFile],
    { env: { ...process.env, HANDBOOK_IDENTITY_LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/^password: /m.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`identity service exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    signingKey: readSigningKey(keyFile),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(keyDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Calls a Cognito operation the way the AWS SDK does (the local service needs no credentials). */
export async function cognitoCall<T = Record<string, unknown>>(
  url: string,
  operation: string,
  body: object,
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const result = (await response.json()) as T & { __type?: string; message?: string };
  if (!response.ok) throw new Error(`${operation}: ${result.__type}: ${result.message}`);
  return result;
}

/**
 * Creates a user the way an administrator does: a temporary password, and so a forced change; and
 * adds them to the reader group unless told not to.
 */
export async function adminCreateUser(
  url: string,
  email: string,
  options: { temporaryPassword: string; emailVerified?: boolean; permanentPassword?: string; reader?: boolean },
): Promise<void> {
  await cognitoCall(url, 'AdminCreateUser', {
    UserPoolId: localIdentity.userPoolId,
    Username: email,
    TemporaryPassword: options.temporaryPassword,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: String(options.emailVerified ?? true) },
    ],
  });
  if (options.permanentPassword) {
    await cognitoCall(url, 'AdminSetUserPassword', {
      UserPoolId: localIdentity.userPoolId,
      Username: email,
      Password: options.permanentPassword,
      Permanent: true,
    });
  }
  if (options.reader ?? true) {
    await cognitoCall(url, 'AdminAddUserToGroup', {
      UserPoolId: localIdentity.userPoolId,
      Username: email,
      GroupName: localIdentity.readerGroup,
    });
  }
}

/** Signs a JWT with RS256, for tests that need tokens the service would never issue. */
export function signJwt(header: object, payload: object, privateKey: KeyObject | string): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signingInput = `${encode({ alg: 'RS256', typ: 'JWT', ...header })}.${encode(payload)}`;
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
}

/**
 * The key pair inside the cognito-local package, which anyone can download: what a forger holds.
 * The service never signs with it (see `signing-key.ts`).
 */
export function packagedSigningKey(): { kid: string; pem: string } {
  const key = JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as {
    jwk: { kid: string };
    pem: string;
  };
  return { kid: key.jwk.kid, pem: key.pem };
}

/** Decodes a JWT's payload without verifying it. */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
}

/** A copy of a token with some claims replaced, signed again with `key` (the service's own, for tests). */
export function reissueToken(
  token: string,
  claims: Record<string, unknown>,
  key: Pick<SigningKey, 'kid' | 'pem'>,
): string {
  return signJwt({ kid: key.kid }, { ...claimsOf(token), ...claims }, key.pem);
}
