/**
 * The one way to start the local identity service from code: `identity/start.ts` in a process of
 * its own, ready once its `/health` answers. `npm start`, `npm run serve`, the tests, the bench and
 * the browser tests' web server (through the command line below) all start it here.
 *   npx tsx identity/launch.ts [--port 9229] [--signing-key-file <path>]
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SIGN_IN_PATH } from '../core/sign-in-route';
import { localIdentity } from '../core/local-pool';

export interface IdentityLaunch {
  /** Where it listens: `localIdentity.port` unless given; 0 takes a free port. */
  port?: number;
  /** Keep the signing key there, for tests that mint tokens the service would never issue. */
  signingKeyFile?: string;
  /** Added to this process's environment: `CODE` (fixed confirmation codes), the log level. */
  env?: Record<string, string>;
  /** `inherit` shows the service's output; `quiet` keeps it to explain a failed start. */
  output?: 'inherit' | 'quiet';
}

export interface LocalIdentityService {
  url: string;
  port: number;
  /** Resolves with the exit code when the service stops, asked to or not. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const READY_WITHIN_MS = 30_000;

/** Whether an identity service answers at `url`. */
export async function identityAnswers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

/** A port free on loopback at the moment of asking: for the service, its tests and the bench's servers. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, localIdentity.host, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startLocalIdentity(launch: IdentityLaunch = {}): Promise<LocalIdentityService> {
  const port = launch.port === 0 ? await freePort() : (launch.port ?? localIdentity.port);
  const url = `http://${localIdentity.host}:${port}`;
  // Ready must mean this start is ready, not one left running on the port.
  if (await identityAnswers(url)) throw new Error(`An identity service already answers at ${url}: stop it first.`);
  const keyFile = launch.signingKeyFile ? ['--signing-key-file', launch.signingKeyFile] : [];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'start.ts'), '--port', String(port), ...keyFile],
    {
      cwd: path.join(__dirname, '..'),
      env: { ...process.env, ...launch.env },
      stdio: launch.output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };

  const deadline = Date.now() + READY_WITHIN_MS;
  while (!(await identityAnswers(url))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The local identity service exited (${child.exitCode ?? child.signalCode})\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The local identity service did not answer at ${url} within ${READY_WITHIN_MS / 1000} s\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port, exited, stop };
}

/**
 * POSTs one Cognito operation to the local service the way the AWS SDK does (no credentials), as
 * the project's own tools call it (no `Origin`). Each caller reads the answer as it needs.
 */
export function postCognitoOperation(url: string, operation: string, body: object, signal?: AbortSignal) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
    signal,
  });
}

/** One Cognito operation against the local service, given 5 s to answer. */
async function callIdentity<T>(url: string, operation: string, body: object): Promise<T> {
  const response = await postCognitoOperation(url, operation, body, AbortSignal.timeout(5_000));
  if (!response.ok) throw new Error(`${operation} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Registers the sign-in route of a site on `sitePort` (the dev server's, or the gate's) as a
 * callback and sign-out URL of the app client, as an administrator registers a real one: the local
 * hosted sign-in sends its codes to registered URLs only.
 */
export async function registerSitePort(identityUrl: string, sitePort: number): Promise<void> {
  const client = { UserPoolId: localIdentity.userPoolId, ClientId: localIdentity.userPoolClientId };
  const { UserPoolClient } = await callIdentity<{ UserPoolClient: { CallbackURLs?: string[]; LogoutURLs?: string[] } }>(
    identityUrl,
    'DescribeUserPoolClient',
    client,
  );
  const routes = ['127.0.0.1', 'localhost'].map((host) => `http://${host}:${sitePort}${SIGN_IN_PATH}`);
  const withRoutes = (urls: string[] = []) => [...new Set([...urls, ...routes])];
  await callIdentity(identityUrl, 'UpdateUserPoolClient', {
    ...client,
    CallbackURLs: withRoutes(UserPoolClient.CallbackURLs),
    LogoutURLs: withRoutes(UserPoolClient.LogoutURLs),
  });
}

/** For a web server entry that must stay up as long as the service: stops it on SIGTERM or SIGINT. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'signing-key-file': { type: 'string' } } });
  const service = await startLocalIdentity({
    port: values.port === undefined ? undefined : Number(values.port),
    signingKeyFile: values['signing-key-file'],
    output: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void service.stop());
  process.exitCode = (await service.exited) ?? 0;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
