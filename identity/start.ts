/**
 * `npm run identity`: the local Cognito-compatible service the handbook signs in against in local
 * mode. cognito-local, seeded from `fixture/` copied to a fresh temporary folder (it rewrites its
 * files as it runs), with the operations of `extensions.ts` and a signing key made for this start
 * (`signing-key.ts`), bound to 127.0.0.1 only.
 *   npm run identity -- [--port 9229] [--signing-key-file <path>]
 * `--signing-key-file` keeps the key there instead of in the data folder, for tests that mint
 * tokens the service would never issue (an expired one).
 */
import '../core/load-env';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import pinoPretty from 'pino-pretty';
import type { PrettyOptions } from 'pino-pretty';
import { installExtensions } from './extensions';
import { installSecondFactor } from './second-factor';
import { LINE_FORMAT, refusalsOnOneLine } from './log-lines';
import { localIdentity } from '../core/local-pool';
import { COGNITO_MFA_CONFIGURATION, passwordAccountMfaFrom } from '../core/password-mfa';
import { localPasswordPolicy } from './password-policy';
import { generateSigningKey, installSigningKey, saveSigningKey } from './signing-key';
import { startLocalServer } from './server';

const { values } = parseArgs({ options: { port: { type: 'string' }, 'signing-key-file': { type: 'string' } } });
const host = localIdentity.host;
const port = Number(values.port ?? localIdentity.port);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  throw new Error(`--port must be a TCP port number, got "${values.port}"`);
}
const url = `http://${host}:${port}`;
/** pino-pretty's line formatter alone: exported by the package, missing from its types. */
const { prettyFactory } = pinoPretty as unknown as { prettyFactory(options: PrettyOptions): (line: string) => string };

/** HANDBOOK_AUTH_PASSWORD_MFA: whether password accounts need TOTP (identity/second-factor.ts). */
const passwordMfa = passwordAccountMfaFrom(process.env);
const keyFileOption = values['signing-key-file'] ? path.resolve(values['signing-key-file']) : undefined;

/** Rewrites a JSON file of the data folder. */
function editJson(file: string, edit: (json: Record<string, Record<string, unknown>>) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  edit(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

/** A private copy of the fixture, told where it listens, which issuer it signs as and the password policy. */
function seedDataDirectory(): string {
  const workDir = mkdtempSync(path.join(tmpdir(), 'handbook-identity-'));
  const dataDir = path.join(workDir, '.cognito');
  cpSync(path.join(__dirname, 'fixture'), dataDir, { recursive: true });
  editJson(path.join(dataDir, 'config.json'), (config) => {
    config.TokenConfig = { IssuerDomain: url };
    config.ServerConfig = { hostname: host, port, development: false, https: false };
  });
  editJson(path.join(dataDir, 'db', `${localIdentity.userPoolId}.json`), (pool) => {
    pool.Options.Policies = { PasswordPolicy: localPasswordPolicy };
    pool.Options.MfaConfiguration = COGNITO_MFA_CONFIGURATION[passwordMfa];
  });
  return workDir;
}

async function main(): Promise<void> {
  const workDir = seedDataDirectory();
  // cognito-local reads ".cognito" relative to the working directory: this process owns it.
  process.chdir(workDir);
  const signingKey = generateSigningKey();
  saveSigningKey(signingKey, keyFileOption ?? path.join(workDir, '.cognito', 'signing-key.json'));
  installSigningKey(signingKey);
  installExtensions();
  installSecondFactor();
  // Each line is formatted and written as it is logged. pino-pretty's own stream pipeline held a
  // line back until the next one arrived, from about the fourth code on, so a reader waiting for a
  // confirmation code saw the previous one (newcomer review 2).
  const pretty = prettyFactory({ ...LINE_FORMAT, colorize: process.stdout.isTTY });
  const logger = pino(
    { level: process.env.HANDBOOK_IDENTITY_LOG_LEVEL ?? 'info', hooks: { logMethod: refusalsOnOneLine } },
    { write: (line: string) => process.stdout.write(pretty(line)) },
  );
  const server = await startLocalServer(logger);

  const stop = () => {
    server.close();
    rmSync(workDir, { recursive: true, force: true });
    if (keyFileOption) rmSync(keyFileOption, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  const { email, password } = localIdentity.demoUser;
  console.log(
    [
      `Local identity service on ${url} (user pool ${localIdentity.userPoolId}, data in ${workDir})`,
      `Password accounts' second factor (HANDBOOK_AUTH_PASSWORD_MFA): ${passwordMfa}`,
      'Sign in to the handbook as the demo reader:',
      `email: ${email}`,
      `password: ${password}`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
