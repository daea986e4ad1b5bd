/**
 * The server half of Cognito's SRP-6a sign-in (USER_SRP_AUTH), which cognito-local lacks.
 * It mirrors the client in @aws-amplify/auth (utils/srp): the same 3072-bit group, generator 2,
 * padded-hex hashing and "Caldera Derived Key" HKDF, so Amplify's unmodified client signs in.
 */
import { createDiffieHellman, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 5054's 3072-bit group, as Cognito and Amplify use it. */
const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);
const g = 2n;

/** Hex of a non-negative integer, even length, with a leading 00 when the top bit is set (Amplify's getPaddedHex). */
function paddedHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

const sha256Hex = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');
const hashHex = (hex: string): string => sha256Hex(Buffer.from(hex, 'hex'));
const toBigInt = (hex: string): bigint => BigInt(`0x${hex}`);

const PRIME = Buffer.from(N.toString(16).padStart(768, '0'), 'hex');
const toBuffer = (value: bigint): Buffer => Buffer.from(paddedHex(value), 'hex');

/**
 * 2^exponent mod N, by OpenSSL (a Diffie-Hellman key of the group, generator 2), about ten times
 * faster than BigInt arithmetic: an SRP step costs a few milliseconds, not 60-200, so many
 * addresses signing in at once no longer hold the service's one thread (security review 4,
 * finding 8: 32 addresses within their own budgets took a reader's step 1 from 73 ms to 2.7 s).
 */
function powerOfTwo(exponent: bigint): bigint {
  const group = createDiffieHellman(PRIME, Buffer.from([2]));
  group.setPrivateKey(toBuffer(exponent));
  group.generateKeys();
  return toBigInt(group.getPublicKey('hex'));
}

/**
 * base^(2 * half) mod N, by OpenSSL's shared-secret computation on base²: OpenSSL takes only a
 * square (an element of the prime-order subgroup, greater than 1) as the peer's key, so the
 * exponent is even by construction. Null for a base whose square is 0 or 1.
 */
function powerOfSquare(base: bigint, half: bigint): bigint | null {
  const square = (base * base) % N;
  if (square <= 1n) return null;
  const group = createDiffieHellman(PRIME, Buffer.from([2]));
  group.setPrivateKey(toBuffer(half));
  return toBigInt(group.computeSecret(toBuffer(square)).toString('hex'));
}

const k = toBigInt(hashHex(paddedHex(N) + paddedHex(g)));

/** Cognito's pool name in SRP: the part of the pool id after the underscore. */
export function srpPoolName(userPoolId: string): string {
  return userPoolId.slice(userPoolId.indexOf('_') + 1);
}

/** The private key x of SRP-6a: H(salt | H(pool name | user id ":" password)). */
function passwordExponent(poolName: string, userId: string, password: string, saltHex: string): bigint {
  return toBigInt(hashHex(paddedHex(toBigInt(saltHex)) + sha256Hex(`${poolName}${userId}:${password}`)));
}

/** What the server keeps between InitiateAuth and RespondToAuthChallenge. */
export interface SrpChallenge {
  saltHex: string;
  /** Half the server's private ephemeral b (b is even: powerOfSquare). */
  halfB: bigint;
  /** The server's public ephemeral, sent as SRP_B. */
  B: bigint;
  /** The password's exponent x: the verifier is g^x, and v^u is g^(x·u). */
  x: bigint;
}

/** Starts SRP for a user whose password the service knows, with the user's salt; returns the server ephemeral. */
export function startSrp(poolName: string, userId: string, password: string, saltHex: string): SrpChallenge {
  const x = passwordExponent(poolName, userId, password, saltHex);
  const verifier = powerOfTwo(x);
  let halfB: bigint;
  let B: bigint;
  do {
    // b = 2 * halfB: 257 bits, twice the 128-bit strength of the 3072-bit group (NIST SP 800-56A).
    halfB = toBigInt(randomBytes(32).toString('hex'));
    B = (k * verifier + powerOfTwo(2n * halfB)) % N;
  } while (B === 0n);
  return { saltHex, halfB, B, x };
}

/** The 16-byte session key both sides derive, or null for an illegal client ephemeral. */
export function sessionKey(challenge: SrpChallenge, srpAHex: string): Buffer | null {
  if (!/^[0-9a-f]+$/i.test(srpAHex)) return null;
  const A = toBigInt(srpAHex);
  if (A % N === 0n) return null;
  const u = toBigInt(hashHex(paddedHex(A) + paddedHex(challenge.B)));
  if (u === 0n) return null;
  const S = powerOfSquare((A * powerOfTwo(challenge.x * u)) % N, challenge.halfB);
  if (S === null) return null;
  const prk = createHmac('sha256', Buffer.from(paddedHex(u), 'hex'))
    .update(Buffer.from(paddedHex(S), 'hex'))
    .digest();
  const info = Buffer.concat([Buffer.from('Caldera Derived Key'), Buffer.from([1])]);
  return createHmac('sha256', prk).update(info).digest().subarray(0, 16);
}

/** The PASSWORD_CLAIM_SIGNATURE a client holding the right password computes. */
export function claimSignature(
  key: Buffer,
  poolName: string,
  userId: string,
  secretBlockBase64: string,
  timestamp: string,
): string {
  return createHmac('sha256', key)
    .update(
      Buffer.concat([
        Buffer.from(poolName),
        Buffer.from(userId),
        Buffer.from(secretBlockBase64, 'base64'),
        Buffer.from(timestamp),
      ]),
    )
    .digest('base64');
}

export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const srpPublicHex = (value: bigint): string => value.toString(16);
