/**
 * The local identity service's token signing key, made fresh each time it starts. cognito-local
 * 5.3.0 signs with, and publishes in its JWKS, an RS256 key pair that ships inside its npm
 * package: anyone could mint tokens a local-mode build accepts. It reads that pair from its
 * `lib/keys/*.json` modules on every signature and every JWKS request, and names it in each token
 * header with the fixed key id `CognitoLocal`; both are replaced here, in the loaded modules, the
 * way `extensions.ts` extends its operation table (the reason the version is pinned).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cognitoLocalJsonwebtoken, loadedKeyModules } from './cognito-local';

/** The key id cognito-local writes into every token header. */
const PACKAGED_KEY_ID = 'CognitoLocal';

export interface SigningKey {
  kid: string;
  /** The private key, PKCS#8 PEM. */
  pem: string;
  /** The public key as a JWK, as the JWKS serves it. */
  jwk: JsonWebKey & { kid: string; alg: 'RS256'; use: 'sig' };
}

export function generateSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `handbook-local-${randomBytes(8).toString('hex')}`;
  return {
    kid,
    pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
  };
}

/** Kept beside the service's data, readable by this user only. */
export function saveSigningKey(key: SigningKey, file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
  chmodSync(file, 0o600);
}

export function readSigningKey(file: string): SigningKey {
  return JSON.parse(readFileSync(file, 'utf8')) as SigningKey;
}

/** Makes the running cognito-local sign with `key` and publish only it. Call before it serves. */
export function installSigningKey(key: SigningKey): void {
  const { private: privateModule, public: publicModule } = loadedKeyModules;
  privateModule.pem = key.pem;
  privateModule.jwk = {};
  publicModule.jwk = key.jwk;
  delete publicModule.pem;
  const jsonwebtoken = cognitoLocalJsonwebtoken();
  const sign = jsonwebtoken.sign;
  jsonwebtoken.sign = (payload, signingKey, options, ...rest) =>
    sign(payload, signingKey, options?.keyid === PACKAGED_KEY_ID ? { ...options, keyid: key.kid } : options, ...rest);
}
