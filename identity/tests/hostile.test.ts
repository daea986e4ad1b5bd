/**
 * The local identity service on a developer's laptop (security review 2, findings 6 to 9): web
 * pages cannot use its administrative operations, only loopback pages read its answers, it answers
 * only a loopback Host, a flood of sign-ins never answered leaves it running, and it does not tell
 * who has an account.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { localIdentity } from '../../core/local-pool';
import { startIdentityProcess } from '../../testkit/local-identity';
import type { RunningIdentityService } from '../../testkit/local-identity';

const pool = { UserPoolId: localIdentity.userPoolId };
const ClientId = localIdentity.userPoolClientId;

function call(url: string, operation: string, body: object, headers: Record<string, string> = {}) {
  return fetch(url, {
    signal: AbortSignal.timeout(30_000),
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** SRP step 1 for `username`: the answer's status and body. */
async function srpStart(url: string, username: string) {
  const response = await call(url, 'InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId,
    AuthParameters: { USERNAME: username, SRP_A: randomBytes(384).toString('hex') },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the local identity service against hostile neighbours', () => {
  let service: RunningIdentityService;
  before(async () => {
    service = await startIdentityProcess();
  });
  after(() => service.stop());

  test('administrative operations answer the project’s tools, never a web page', async () => {
    assert.equal((await call(service.url, 'ListUsers', pool)).status, 200);
    for (const origin of ['http://127.0.0.2:4199', 'http://127.0.0.1:3000', 'https://evil.example']) {
      const response = await call(service.url, 'ListUsers', pool, { origin });
      assert.equal(response.status, 403, origin);
      assert.doesNotMatch(await response.text(), /handbook\.local/);
    }
    const fromPage = await call(
      service.url,
      'AdminCreateUser',
      { ...pool, Username: 'mallory@handbook.local' },
      { 'sec-fetch-site': 'cross-site' },
    );
    assert.equal(fromPage.status, 403);
  });

  test('only the handbook’s loopback pages may read its answers', async () => {
    const unknown = { ClientId, Username: 'nobody@handbook.local' };
    const page = await call(service.url, 'ForgotPassword', unknown, { origin: 'http://127.0.0.1:3130' });
    assert.equal(page.headers.get('access-control-allow-origin'), 'http://127.0.0.1:3130');
    for (const origin of ['http://127.0.0.2:4199', 'https://evil.example']) {
      const other = await call(service.url, 'ForgotPassword', unknown, { origin });
      assert.equal(other.headers.get('access-control-allow-origin'), null, origin);
    }
  });

  test('a request naming another host (DNS rebinding) is refused', async () => {
    const { port } = new URL(service.url);
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port, path: '/health', headers: { host: `rebind.evil.example:${port}` } },
          (answer) => {
            answer.resume();
            resolve(answer.statusCode ?? 0);
          },
        )
        .on('error', reject);
    });
    assert.equal(status, 421);
  });

  test('SRP step 1 answers an unknown or disabled user as it answers a reader; only the password step refuses', async () => {
    const disabled = 'disabled-user@handbook.local';
    await call(service.url, 'AdminCreateUser', {
      ...pool,
      Username: disabled,
      TemporaryPassword: 'Disabled-2026!x',
      MessageAction: 'SUPPRESS',
    });
    await call(service.url, 'AdminDisableUser', { ...pool, Username: disabled });
    const answers = await Promise.all(
      [localIdentity.demoUser.email, 'nobody@handbook.local', disabled].map((user) => srpStart(service.url, user)),
    );
    for (const { status, body } of answers) {
      assert.equal(status, 200);
      assert.equal(body.ChallengeName, 'PASSWORD_VERIFIER');
      assert.deepEqual(Object.keys(body.ChallengeParameters as object).sort(), [
        'SALT',
        'SECRET_BLOCK',
        'SRP_B',
        'USERNAME',
        'USER_ID_FOR_SRP',
      ]);
    }
    // No user id tells an account apart (review 3, finding 5): a UUID for every name, the same one
    // and the same salt each time it is asked.
    const again = await Promise.all(
      [localIdentity.demoUser.email, 'nobody@handbook.local'].map((user) => srpStart(service.url, user)),
    );
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const [index, { body }] of again.entries()) {
      const first = answers[index].body.ChallengeParameters as Record<string, string>;
      const second = body.ChallengeParameters as Record<string, string>;
      assert.match(first.USER_ID_FOR_SRP, uuid);
      assert.equal(first.USERNAME, first.USER_ID_FOR_SRP);
      assert.equal(second.USER_ID_FOR_SRP, first.USER_ID_FOR_SRP);
      assert.equal(second.SALT, first.SALT);
      assert.notEqual(second.SRP_B, first.SRP_B);
    }
    const parameters = answers[1].body.ChallengeParameters as Record<string, string>;
    const answer = await call(service.url, 'RespondToAuthChallenge', {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId,
      ChallengeResponses: {
        USERNAME: parameters.USERNAME,
        PASSWORD_CLAIM_SECRET_BLOCK: parameters.SECRET_BLOCK,
        PASSWORD_CLAIM_SIGNATURE: randomBytes(32).toString('base64'),
        TIMESTAMP: new Date().toUTCString(),
      },
    });
    assert.equal(answer.status, 400);
    assert.match(await answer.text(), /Incorrect username or password\./);
  });

  test('a password sign-in and SignUp word an unknown user as they word a reader', async () => {
    const passwordSignIn = async (username: string, password: string) => {
      const response = await call(service.url, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId,
        AuthParameters: { USERNAME: username, PASSWORD: password },
      });
      return `${response.status} ${await response.text()}`;
    };
    assert.equal(
      await passwordSignIn('nobody@handbook.local', 'Wrong-2026!x'),
      await passwordSignIn(localIdentity.demoUser.email, 'Wrong-2026!x'),
    );
    const signUp = async (username: string) => {
      const response = await call(service.url, 'SignUp', {
        ClientId,
        Username: username,
        Password: 'Handbook-New-2026!',
      });
      return `${response.status} ${await response.text()}`;
    };
    assert.equal(await signUp(localIdentity.demoUser.email), await signUp('nobody@handbook.local'));
  });

  test('an SRP_A larger than the protocol’s 3072 bits is refused at once', async () => {
    const response = await call(service.url, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId,
      AuthParameters: { USERNAME: localIdentity.demoUser.email, SRP_A: 'a'.repeat(90_000) },
    });
    assert.equal(response.status, 400);
  });

  test('the Google stand-in’s account chooser cannot be framed', async () => {
    const chooser = await fetch(`${service.url}/google/o/oauth2/v2/auth?state=x`);
    assert.equal(chooser.headers.get('x-frame-options'), 'DENY');
    assert.match(chooser.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
  });
});

test('2,000 SRP sign-ins never answered, with 90 KB each, leave the service running in a 160 MB heap', async () => {
  const service = await startIdentityProcess({ NODE_OPTIONS: '--max-old-space-size=160' });
  try {
    const flood = async () => {
      for (let sent = 0; sent < 250; sent += 1) {
        await call(service.url, 'InitiateAuth', {
          AuthFlow: 'USER_SRP_AUTH',
          ClientId,
          AuthParameters: { USERNAME: localIdentity.demoUser.email, SRP_A: 'a'.repeat(90_000) },
        }).then(
          (response) => response.arrayBuffer(),
          () => null,
        );
      }
    };
    await Promise.all(Array.from({ length: 8 }, flood));
    assert.equal((await fetch(`${service.url}/health`)).status, 200);
    // Most of the flood was refused by the sign-in budget (sign-in-budget.ts): let it refill first.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal((await srpStart(service.url, localIdentity.demoUser.email)).status, 200);
  } finally {
    await service.stop();
  }
});

test('a flood of SRP sign-ins from one process leaves a reader elsewhere signing in', async (t) => {
  // Review 3, finding 6: 12 InitiateAuth a second kept a reader's sign-in waiting 3.6 s.
  const service = await startIdentityProcess();
  const statuses = new Map<number, number>();
  let flooding = true;
  const { port } = new URL(service.url);
  const body = () =>
    JSON.stringify({
      AuthFlow: 'USER_SRP_AUTH',
      ClientId,
      AuthParameters: { USERNAME: 'nobody@handbook.local', SRP_A: randomBytes(384).toString('hex') },
    });
  /** One InitiateAuth from 127.0.0.2: its status, or 0 when it failed or took over 30 s. */
  const initiateFromElsewhere = () =>
    new Promise<number>((resolve) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          localAddress: '127.0.0.2',
          timeout: 30_000,
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve(0));
      request.end(body());
    });
  try {
    const flood = async () => {
      while (flooding) {
        const status = await initiateFromElsewhere();
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    const floodStarted = performance.now();
    const attack = Promise.all(Array.from({ length: 8 }, flood));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const started = performance.now();
    const challenge = await srpStart(service.url, localIdentity.demoUser.email);
    const took = performance.now() - started;
    flooding = false;
    await attack;
    t.diagnostic(
      `flood answers ${JSON.stringify(Object.fromEntries(statuses))}; the reader's SRP step 1 took ${Math.round(took)} ms`,
    );
    assert.equal(challenge.status, 200);
    assert.ok((statuses.get(400) ?? 0) > 0, 'the flood was never refused');
    const seconds = (performance.now() - floodStarted) / 1000;
    assert.ok((statuses.get(200) ?? 0) <= 12 + 3 * seconds + 1, 'the flood got more SRP work than its budget');
  } finally {
    flooding = false;
    await service.stop();
  }
});
