import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { localIdentity } from '../../core/local-pool';
import { packagedSigningKey, reissueToken } from '../../testkit/tokens';
import { realPoolAuth } from '../../testkit/gate-auth';
import { encodeJwtPart, signJwt } from '../../testkit/jwt';
import {
  claimsOf,
  localPoolAuth,
  sessionCookieHeader,
  signInForTokens,
  startIdentityProcess,
} from '../../testkit/local-identity';
import type { RunningIdentityService, Tokens } from '../../testkit/local-identity';
import { lastAuthUserCookie, tokenCookie } from '../../core/session-format';
import { createSessionChecker, ISSUED_AT_TOLERANCE_SECONDS, MAX_TOKEN_LENGTH } from '../session';
import type { VerifyingSessionChecker } from '../session';
import type { SessionRefusal } from '../session-refusal';

const clientId = localIdentity.userPoolClientId;

const now = () => Math.floor(Date.now() / 1000);

describe('the session in the cookies', () => {
  let identity: RunningIdentityService;
  let real: Tokens;
  let checker: VerifyingSessionChecker;

  /** A token like `token`, claims changed, signed with the local service's own key. */
  const reissued = (token: string, claims: Record<string, unknown>) => reissueToken(token, claims, identity.signingKey);

  before(async () => {
    identity = await startIdentityProcess();
    real = await signInForTokens(identity.url);
    checker = createSessionChecker(localPoolAuth(identity.url));
  });
  after(() => identity.stop());

  test('a session from the local service is accepted, and re-signing it unchanged still is', async () => {
    const session = await checker.readSession(sessionCookieHeader(real));
    assert.deepEqual(session, {
      expiresAt: Math.min(Number(claimsOf(real.accessToken).exp), Number(claimsOf(real.idToken).exp)),
      userId: claimsOf(real.accessToken).sub,
      email: localIdentity.demoUser.email,
      reader: true,
    });
    const copy = { accessToken: reissued(real.accessToken, {}), idToken: reissued(real.idToken, {}) };
    assert.ok(await checker.readSession(sessionCookieHeader(copy)));
  });

  test('cookies planted by a sibling subdomain neither lock the reader out nor sign them in as someone else', async () => {
    const own = sessionCookieHeader(real);
    const user = String(claimsOf(real.accessToken).username);
    const junkUser = `${lastAuthUserCookie(clientId)}=planted`;
    const junkToken = `${tokenCookie(clientId, user, 'accessToken')}=${reissued(real.accessToken, { exp: now() - 60 })}`;
    const readerId = claimsOf(real.accessToken).sub;
    for (const planted of [`${junkUser}; ${own}`, `${own}; ${junkUser}`, `${junkToken}; ${own}`]) {
      assert.equal((await checker.readSession(planted))?.userId, readerId, planted.slice(0, 80));
    }
    const other = { sub: 'f00dfeed-0000-4000-8000-000000000000', username: 'planter', 'cognito:username': 'planter' };
    const planter = sessionCookieHeader(
      { accessToken: reissued(real.accessToken, other), idToken: reissued(real.idToken, other) },
      'planter',
    );
    assert.equal((await checker.readSession(planter))?.userId, other.sub, 'the planter’s session verifies on its own');
    assert.equal(await checker.readSession(`${planter}; ${own}`), null);
    assert.equal(await checker.readSession(`${own}; ${planter}`), null);
    assert.deepEqual((await checker.checkSession(`${own}; ${planter}`)).refusal, { check: 'one person' });
    // A planter outside the reader group (any new Google sign-in) cannot displace a reader.
    const outsider = { ...other, 'cognito:groups': [] };
    const outsiderCookie = sessionCookieHeader(
      { accessToken: reissued(real.accessToken, outsider), idToken: reissued(real.idToken, outsider) },
      'planter',
    );
    assert.equal((await checker.readSession(outsiderCookie))?.reader, false, 'the outsider’s session verifies');
    for (const both of [`${outsiderCookie}; ${own}`, `${own}; ${outsiderCookie}`]) {
      assert.deepEqual(await checker.readSession(both), await checker.readSession(own));
    }
  });

  /** The `identities` entry Cognito puts in the id token of a reader who came through Google. */
  const google = { userId: '1093', providerName: 'Google', providerType: 'Google', issuer: null, primary: 'true' };

  test('refuses tokens that are forged, misaddressed, swapped or out of date', async () => {
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forge = (token: string, header: object) => signJwt(header, claimsOf(token), otherKey);
    const unsigned = (token: string) => {
      const [, payload] = token.split('.');
      return `${encodeJwtPart({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    };
    const cases: [string, Tokens, SessionRefusal][] = [
      [
        'signed by another key, same kid',
        { ...real, accessToken: forge(real.accessToken, { kid: identity.signingKey.kid }) },
        { check: 'signature', token: 'access' },
      ],
      [
        'signed by another key, its own kid',
        { ...real, idToken: forge(real.idToken, { kid: 'attacker' }) },
        { check: 'signature', token: 'id' },
      ],
      // Not even a candidate: a token without a signature is junk to the cookie reader (core/cookies.ts).
      ['alg none', { ...real, accessToken: unsigned(real.accessToken) }, { check: 'no session' }],
      [
        'wrong issuer',
        { ...real, accessToken: reissued(real.accessToken, { iss: 'http://127.0.0.1:1/other' }) },
        { check: 'issuer', token: 'access' },
      ],
      [
        'wrong client id',
        { ...real, accessToken: reissued(real.accessToken, { client_id: 'someotherclient' }) },
        { check: 'client id', token: 'access' },
      ],
      [
        'id token for a wrong audience',
        { ...real, idToken: reissued(real.idToken, { aud: 'someotherclient' }) },
        { check: 'audience', token: 'id' },
      ],
      [
        'an id token where the access token belongs',
        { accessToken: real.idToken, idToken: real.idToken },
        { check: 'token_use', token: 'access' },
      ],
      [
        'an access token where the id token belongs',
        { accessToken: real.accessToken, idToken: real.accessToken },
        { check: 'audience', token: 'id' },
      ],
      [
        'expired',
        { ...real, accessToken: reissued(real.accessToken, { exp: now() - 5 }) },
        { check: 'expired', token: 'access' },
      ],
      [
        'expired id token',
        { ...real, idToken: reissued(real.idToken, { exp: now() - 5 }) },
        { check: 'expired', token: 'id' },
      ],
      [
        'not yet valid',
        { ...real, accessToken: reissued(real.accessToken, { nbf: now() + 600 }) },
        { check: 'not yet valid', token: 'access' },
      ],
      [
        'tokens of two different users',
        { ...real, idToken: reissued(real.idToken, { sub: 'someone-else' }) },
        { check: 'one user' },
      ],
      [
        'issued in the future',
        { ...real, accessToken: reissued(real.accessToken, { iat: now() + 300 }) },
        { check: 'issue time', token: 'access' },
      ],
      [
        'id token issued in the future',
        { ...real, idToken: reissued(real.idToken, { iat: now() + 300 }) },
        { check: 'issue time', token: 'id' },
      ],
      [
        'no issue time',
        { ...real, accessToken: reissued(real.accessToken, { iat: undefined }) },
        { check: 'issue time', token: 'access' },
      ],
      [
        'Google reader whose email Google did not verify',
        { ...real, idToken: reissued(real.idToken, { identities: [google], email_verified: false }) },
        { check: 'verified email', token: 'id' },
      ],
      [
        'Google reader without email_verified',
        { ...real, idToken: reissued(real.idToken, { identities: [google], email_verified: undefined }) },
        { check: 'verified email', token: 'id' },
      ],
    ];
    for (const [name, tokens, refusal] of cases) {
      const cookie = sessionCookieHeader(tokens, String(claimsOf(real.accessToken).username));
      assert.equal(await checker.readSession(cookie), null, name);
      assert.deepEqual(await checker.checkSession(cookie), { session: null, refusal }, name);
    }
  });

  test('refuses malformed and oversized cookies without failing', async () => {
    const user = String(claimsOf(real.accessToken).username);
    const padded = reissued(real.accessToken, { padding: 'x'.repeat(MAX_TOKEN_LENGTH) });
    for (const header of [
      undefined,
      '',
      'garbage',
      ';;;=;=',
      `${lastAuthUserCookie(clientId)}=${user}`,
      `${lastAuthUserCookie(clientId)}=%E0%A4%A; ${tokenCookie(clientId, '%E0%A4%A', 'accessToken')}=x`,
      sessionCookieHeader({ accessToken: 'not-a-jwt', idToken: 'not.a.jwt' }, user),
      sessionCookieHeader({ accessToken: `${real.accessToken}%ZZ`, idToken: real.idToken }, user),
      sessionCookieHeader({ accessToken: 'e30.e30.e30', idToken: real.idToken }, user),
      sessionCookieHeader({ accessToken: padded, idToken: real.idToken }, user),
      `${sessionCookieHeader(real)}; ${'x'.repeat(40 * 1024)}=1`,
    ]) {
      assert.equal(await checker.readSession(header), null, String(header).slice(0, 80));
      assert.deepEqual(
        (await checker.checkSession(header)).refusal,
        { check: 'no session' },
        String(header).slice(0, 80),
      );
    }
  });

  test('a server configured for a real pool never accepts the local service’s tokens', async () => {
    // Stands in for cognito-idp.us-east-1.amazonaws.com: the real pool's JWKS, nothing else.
    const poolKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const auth = realPoolAuth({
      userPoolId: localIdentity.userPoolId,
      clientId,
      readerGroup: localIdentity.readerGroup,
    });
    const jwk = { ...poolKey.publicKey.export({ format: 'jwk' }), kid: 'real-pool', alg: 'RS256', use: 'sig' };
    const fetched: string[] = [];
    const realPool = createSessionChecker(auth, {
      fetcher: {
        fetch: async (uri) => {
          fetched.push(uri);
          if (uri !== auth.jwksUri) throw new Error(`unexpected fetch of ${uri}`);
          return new TextEncoder().encode(JSON.stringify({ keys: [jwk] })).buffer as ArrayBuffer;
        },
      },
    });
    const fromPool = (token: string) =>
      signJwt({ kid: 'real-pool' }, { ...claimsOf(token), iss: auth.issuer }, poolKey.privateKey);
    // The control: the same claims, issued by the real pool, are accepted.
    const pooled = { accessToken: fromPool(real.accessToken), idToken: fromPool(real.idToken) };
    assert.ok(await realPool.readSession(sessionCookieHeader(pooled)));

    assert.equal(await realPool.readSession(sessionCookieHeader(real)), null, 'the local service’s own tokens');
    assert.deepEqual((await realPool.checkSession(sessionCookieHeader(real))).refusal, {
      check: 'issuer',
      token: 'access',
    });
    const localKeyRealIssuer = { accessToken: reissued(pooled.accessToken, {}), idToken: reissued(pooled.idToken, {}) };
    assert.equal(
      await realPool.readSession(sessionCookieHeader(localKeyRealIssuer)),
      null,
      'the local key, the real issuer',
    );
    assert.deepEqual((await realPool.checkSession(sessionCookieHeader(localKeyRealIssuer))).refusal, {
      check: 'signature',
      token: 'access',
    });
    assert.ok(fetched.every((uri) => uri === auth.jwksUri));
  });
  test('refuses a token signed with the key shipped in the cognito-local package', async () => {
    const packaged = packagedSigningKey();
    const forged = {
      accessToken: reissueToken(real.accessToken, {}, packaged),
      idToken: reissueToken(real.idToken, {}, packaged),
    };
    assert.equal(await checker.readSession(sessionCookieHeader(forged)), null);
    assert.deepEqual((await checker.checkSession(sessionCookieHeader(forged))).refusal, {
      check: 'signature',
      token: 'access',
    });
    assert.notEqual(identity.signingKey.kid, packaged.kid);
    const jwks = (await (await fetch(localPoolAuth(identity.url).jwksUri)).json()) as {
      keys: { kid: string; n: string }[];
    };
    assert.deepEqual(
      jwks.keys.map(({ kid }) => kid),
      [identity.signingKey.kid],
    );
  });

  test('accepts a small clock difference in the issue time, and a Google reader with a verified email', async () => {
    const slightlyAhead = {
      accessToken: reissued(real.accessToken, { iat: now() + ISSUED_AT_TOLERANCE_SECONDS - 5 }),
      idToken: reissued(real.idToken, { iat: now() + ISSUED_AT_TOLERANCE_SECONDS - 5 }),
    };
    assert.ok(await checker.readSession(sessionCookieHeader(slightlyAhead)));
    for (const verified of [true, 'true']) {
      const googleReader = {
        ...real,
        idToken: reissued(real.idToken, { identities: [google], email_verified: verified }),
      };
      assert.ok(await checker.readSession(sessionCookieHeader(googleReader)), String(verified));
    }
  });

  test('a user of the pool outside the reader group is known, but not a reader', async () => {
    const outsider = await signInForTokens(identity.url, localIdentity.outsider);
    assert.equal(claimsOf(outsider.accessToken)['cognito:groups'], undefined);
    const session = await checker.readSession(sessionCookieHeader(outsider));
    assert.deepEqual([session?.reader, session?.email], [false, localIdentity.outsider.email]);
    assert.deepEqual((await checker.checkSession(sessionCookieHeader(outsider))).refusal, { check: 'reader group' });
    assert.deepEqual(
      (await checker.checkSession(sessionCookieHeader(real))).refusal,
      null,
      'a reader is refused nothing',
    );
    const user = String(claimsOf(real.accessToken).username);
    for (const halfReader of [
      { ...real, accessToken: reissued(real.accessToken, { 'cognito:groups': undefined }) },
      { ...real, idToken: reissued(real.idToken, { 'cognito:groups': ['x'] }) },
    ]) {
      assert.equal((await checker.readSession(sessionCookieHeader(halfReader, user)))?.reader, false);
    }
    assert.deepEqual(claimsOf(real.accessToken)['cognito:groups'], [localIdentity.readerGroup]);
  });
});
