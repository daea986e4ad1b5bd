/**
 * The local identity service as strict as Cognito where the security review of round 4 found it
 * laxer (findings 7 to 9): access tokens it did not sign, letter case of an email, the time a
 * refusal takes, TOTP guesses from many addresses.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { localIdentity } from '../../core/local-pool';
import { totpCode } from '../../core/totp';
import { FREE_CODE_FAILURES } from '../code-lockout';
import { adminCreateUser, claimsOf, signInForTokens, startIdentityProcess } from '../../testkit/local-identity';
import type { RunningIdentityService } from '../../testkit/local-identity';
import { signJwt, unverifiedJwt } from '../../testkit/jwt';
import { ACCESS_TOKEN_OPERATIONS } from '../access-token';
import { FORGOT_PASSWORD_ANSWER_MS } from '../user-existence';

function call(url: string, operation: string, body: object) {
  return fetch(url, {
    signal: AbortSignal.timeout(30_000),
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
}

/**
 * A call from the loopback address `from`, standing for another host: the sign-in budget is per
 * address (identity/sign-in-budget.ts), so samples spread over addresses measure the work, not the budget.
 */
function callFrom(url: string, from: string, operation: string, body: object) {
  const { port } = new URL(url);
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        localAddress: from,
        timeout: 30_000,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${operation} took over 30 s`)));
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** SRP step 1 for `username` from `from`: the challenge's parameters. */
async function srpChallenge(from: string, username: string): Promise<Record<string, string>> {
  const { status, body } = await callFrom(service.url, from, 'InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId: localIdentity.userPoolClientId,
    AuthParameters: { USERNAME: username, SRP_A: randomBytes(384).toString('hex') },
  });
  assert.equal(status, 200, JSON.stringify(body));
  return body.ChallengeParameters as Record<string, string>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let service: RunningIdentityService;
before(async () => {
  service = await startIdentityProcess();
});
after(() => service?.stop());

describe('access tokens (finding 9)', () => {
  test('every operation on "the user the token names" refuses an unsigned or foreign-signed token', async () => {
    const { accessToken } = await signInForTokens(service.url);
    const claims = claimsOf(accessToken);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = {
      unsigned: unverifiedJwt(claims, { alg: 'none' }),
      'signed by another key': signJwt({ kid: 'elsewhere' }, claims, privateKey),
    };
    const body = {
      UserAttributes: [{ Name: 'name', Value: 'Mallory' }],
      UserAttributeNames: ['name'],
      AttributeName: 'email',
      Code: '123456',
      PreviousPassword: localIdentity.demoUser.password,
      ProposedPassword: 'Mallory-Was-Here-2026!',
    };
    for (const [kind, token] of Object.entries(forged)) {
      for (const operation of ACCESS_TOKEN_OPERATIONS) {
        const response = await call(service.url, operation, { ...body, AccessToken: token });
        const answer = (await response.json()) as { __type?: string };
        assert.equal(response.status, 400, `${operation}, ${kind}`);
        assert.equal(answer.__type, 'NotAuthorizedException', `${operation}, ${kind}`);
      }
    }
    const own = await call(service.url, 'GetUser', { AccessToken: accessToken });
    assert.equal(own.status, 200);
    assert.equal(((await own.json()) as { Username?: string }).Username, claims.username);
  });
});

describe('who has an account (finding 7)', () => {
  test('the letter case of an email tells nothing: each spelling gets its own stable user id', async () => {
    const ids = new Map<string, string>();
    for (const [index, name] of [
      'reader@handbook.local',
      'READER@handbook.local',
      'nobody@handbook.local',
      'NOBODY@handbook.local',
    ].entries()) {
      const first = await srpChallenge(`127.0.1.${index + 1}`, name);
      const again = await srpChallenge(`127.0.1.${index + 1}`, name);
      assert.equal(again.USER_ID_FOR_SRP, first.USER_ID_FOR_SRP, name);
      ids.set(name, first.USER_ID_FOR_SRP);
    }
    // A case-sensitive pool: another spelling of an account's email is another (unknown) name, as
    // another spelling of an unknown name is. Before, NOBODY@ and nobody@ shared one id.
    assert.equal(new Set(ids.values()).size, 4, JSON.stringify([...ids]));
  });

  test('a wrong password step takes as long for a name without an account as for a reader (median of 15 each)', async (t) => {
    const took: Record<'reader' | 'nobody', number[]> = { reader: [], nobody: [] };
    for (let sample = 0; sample < 15; sample += 1) {
      for (const [who, name] of [
        ['reader', localIdentity.demoUser.email],
        ['nobody', `nobody-${sample}@handbook.local`],
      ] as const) {
        const from = `127.0.2.${sample * 2 + (who === 'reader' ? 1 : 2)}`;
        const challenge = await srpChallenge(from, name);
        const started = performance.now();
        const answer = await callFrom(service.url, from, 'RespondToAuthChallenge', {
          ChallengeName: 'PASSWORD_VERIFIER',
          ClientId: localIdentity.userPoolClientId,
          ChallengeResponses: {
            USERNAME: challenge.USERNAME,
            PASSWORD_CLAIM_SECRET_BLOCK: challenge.SECRET_BLOCK,
            PASSWORD_CLAIM_SIGNATURE: randomBytes(32).toString('base64'),
            TIMESTAMP: new Date().toUTCString(),
          },
        });
        took[who].push(performance.now() - started);
        assert.equal(answer.status, 400);
        assert.equal(answer.body.message, 'Incorrect username or password.');
      }
    }
    const [reader, nobody] = [median(took.reader), median(took.nobody)];
    t.diagnostic(`median password step: reader ${reader.toFixed(1)} ms, no account ${nobody.toFixed(1)} ms`);
    // The same SRP work on both sides; before, a name without an account was refused before any
    // (2.0 ms against 22.1 in the review). A third is far from both.
    assert.ok(nobody >= reader / 3, `reader ${reader.toFixed(1)} ms, no account ${nobody.toFixed(1)} ms`);
  });
});

test('ForgotPassword takes as long for a name without an account as for a reader (median of 9 each)', async (t) => {
  const took: Record<'reader' | 'nobody', number[]> = { reader: [], nobody: [] };
  for (let sample = 0; sample < 9; sample += 1) {
    for (const [who, name] of [
      ['reader', localIdentity.demoUser.email],
      ['nobody', `nobody-${sample}@handbook.local`],
    ] as const) {
      const started = performance.now();
      const response = await call(service.url, 'ForgotPassword', {
        ClientId: localIdentity.userPoolClientId,
        Username: name,
      });
      took[who].push(performance.now() - started);
      assert.equal(response.status, 200);
    }
  }
  const [reader, nobody] = [median(took.reader), median(took.nobody)];
  t.diagnostic(`median ForgotPassword: reader ${reader.toFixed(1)} ms, no account ${nobody.toFixed(1)} ms`);
  // Both wait out the same floor (3.1 ms against 0.8 in the review before).
  assert.ok(nobody >= FORGOT_PASSWORD_ANSWER_MS && reader >= FORGOT_PASSWORD_ANSWER_MS, `${reader} / ${nobody}`);
});

describe('TOTP guesses from many addresses (finding 8)', () => {
  let mfa: RunningIdentityService;
  before(async () => {
    mfa = await startIdentityProcess({ HANDBOOK_AUTH_PASSWORD_MFA: 'required' });
  });
  after(() => mfa?.stop());

  /** A password account with TOTP set up, as its first sign-in does: its name, password and secret. */
  async function accountWithTotp() {
    const account = { email: 'guessed@handbook.local', password: 'Guessed-Account-2026!' };
    await adminCreateUser(mfa.url, account.email, {
      temporaryPassword: 'Temporary-2026!',
      permanentPassword: account.password,
    });
    const step = (operation: string, body: object) => callFrom(mfa.url, '127.0.3.1', operation, body);
    const started = await step('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: localIdentity.userPoolClientId,
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    });
    const associated = await step('AssociateSoftwareToken', { Session: started.body.Session });
    const secret = associated.body.SecretCode as string;
    const verified = await step('VerifySoftwareToken', {
      Session: associated.body.Session,
      UserCode: totpCode(secret),
    });
    assert.equal(verified.body.Status, 'SUCCESS');
    const done = await step('RespondToAuthChallenge', {
      ChallengeName: 'MFA_SETUP',
      ClientId: localIdentity.userPoolClientId,
      Session: verified.body.Session,
      ChallengeResponses: { USERNAME: account.email },
    });
    assert.ok(done.body.AuthenticationResult);
    return { ...account, secret };
  }

  test('16 addresses with the password get a handful of codes checked in 6 s, not hundreds', async (t) => {
    const account = await accountWithTotp();
    const answers = new Map<string, number>();
    const deadline = Date.now() + 6_000;
    const guesser = async (index: number) => {
      const from = `127.0.4.${index + 1}`;
      while (Date.now() < deadline) {
        const challenge = await callFrom(mfa.url, from, 'InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: localIdentity.userPoolClientId,
          AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
        });
        let session = challenge.body.Session as string | undefined;
        while (session && Date.now() < deadline) {
          const guess = await callFrom(mfa.url, from, 'RespondToAuthChallenge', {
            ChallengeName: 'SOFTWARE_TOKEN_MFA',
            ClientId: localIdentity.userPoolClientId,
            Session: session,
            ChallengeResponses: { USERNAME: account.email, SOFTWARE_TOKEN_MFA_CODE: '000000' },
          });
          const kind = String(guess.body.__type ?? guess.status);
          answers.set(kind, (answers.get(kind) ?? 0) + 1);
          if (kind !== 'CodeMismatchException') session = undefined;
        }
        if (!challenge.body.Session) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, index) => guesser(index)));
    t.diagnostic(`answers to wrong codes: ${JSON.stringify(Object.fromEntries(answers))}`);
    // Checked codes: the free ones, then one per lockout (1 + 2 s... within 6 s: at most 3 more).
    const checked = answers.get('CodeMismatchException') ?? 0;
    assert.ok(checked <= FREE_CODE_FAILURES + 4, `${checked} codes checked`);
    assert.ok((answers.get('TooManyFailedAttemptsException') ?? 0) > 0);
  });
});

describe('many addresses signing in at once (finding 8)', () => {
  test('32 addresses, each within its own budget, and a reader’s SRP step 1 still answered', async (t) => {
    const flood = await startIdentityProcess();
    let flooding = true;
    let answered = 0;
    // Each address sends SRP step 1 at its budget's rate (3 a second), as the review's 32 did.
    const address = async (index: number) => {
      const from = `127.0.5.${index + 1}`;
      while (flooding) {
        const started = performance.now();
        await callFrom(flood.url, from, 'InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: localIdentity.userPoolClientId,
          AuthParameters: { USERNAME: `nobody-${index}@handbook.local`, SRP_A: randomBytes(384).toString('hex') },
        }).then(() => (answered += 1));
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 334 - (performance.now() - started))));
      }
    };
    try {
      const attack = Promise.all(Array.from({ length: 32 }, (_, index) => address(index)));
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const took: number[] = [];
      for (let sample = 0; sample < 3; sample += 1) {
        const started = performance.now();
        const challenge = await callFrom(flood.url, '127.0.6.1', 'InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: localIdentity.userPoolClientId,
          AuthParameters: { USERNAME: localIdentity.demoUser.email, SRP_A: randomBytes(384).toString('hex') },
        });
        took.push(performance.now() - started);
        assert.equal(challenge.status, 200);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      flooding = false;
      await attack;
      // The time is reported, not asserted (it follows the machine's load, as in hostile.test.ts):
      // the review measured a 2,663 ms median with BigInt arithmetic; with OpenSSL's, 510-961 ms
      // on a two-core machine at load 14.
      t.diagnostic(`${answered} flood answers; the reader's SRP step 1 took ${took.map(Math.round).join(', ')} ms`);
      assert.ok(answered > 32 * 3 * 2, 'every address kept signing in at its budget’s rate');
    } finally {
      flooding = false;
      await flood.stop();
    }
  });
});
