/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps and Cognito's software-token MFA
 * compute them: HMAC-SHA1 over the count of 30-second steps since the epoch (RFC 4226's HOTP with
 * dynamic truncation), six digits, the shared secret in base32 (RFC 4648) as it travels in an
 * `otpauth://` URI. The local identity service checks codes with it; the tests compute them.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const STEP_SECONDS = 30;
const DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new shared secret: 160 random bits, the HMAC-SHA1 key length RFC 4226 section 4 recommends, in base32. */
export function newTotpSecret(): string {
  const bytes = randomBytes(20);
  let bits = '';
  for (const byte of bytes) bits += byte.toString(2).padStart(8, '0');
  return (bits.match(/.{5}/g) ?? []).map((chunk) => BASE32[parseInt(chunk, 2)]).join('');
}

function base32Bytes(secret: string): Buffer {
  const bits = [...secret.toUpperCase().replace(/=+$/, '')]
    .map((character) => {
      const value = BASE32.indexOf(character);
      if (value < 0) throw new Error('A TOTP secret is base32 (A-Z, 2-7)');
      return value.toString(2).padStart(5, '0');
    })
    .join('');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/** The time step a moment falls in (RFC 6238 section 4.2: T = floor((now - T0) / X), T0 = 0, X = 30). */
export function totpStep(nowMs: number = Date.now()): number {
  return Math.floor(nowMs / 1000 / STEP_SECONDS);
}

/** The code of one time step (RFC 4226 section 5.3, truncated to six digits). */
export function totpCode(secret: string, step: number = totpStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/**
 * The step whose code `code` is, among the current one and its two neighbours, or null. RFC 6238
 * section 5.2 recommends allowing at most one step either way for network delay and clock drift;
 * AWS names "clock skew on the user's device" among the reasons VerifySoftwareToken refuses a
 * code (https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_VerifySoftwareToken.html).
 */
export function matchingTotpStep(secret: string, code: string, nowMs: number = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(nowMs);
  for (const step of [now - 1, now, now + 1]) {
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}
