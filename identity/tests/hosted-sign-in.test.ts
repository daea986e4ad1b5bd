/**
 * The local hosted sign-in's Google path, over HTTP as a browser follows it: /oauth2/authorize, the
 * stand-in account chooser, /oauth2/idpresponse, the code exchange at /oauth2/token, and /logout.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { localIdentity } from '../../core/local-pool';
import { GOOGLE_HOSTED_DOMAIN } from '../../core/pool-attributes';
import { claimsOf, cognitoCall, startIdentityProcess } from '../../testkit/local-identity';
import type { RunningIdentityService } from '../../testkit/local-identity';
import { registerSitePort } from '../launch';

let service: RunningIdentityService;
before(async () => {
  service = await startIdentityProcess();
  await registerSitePort(service.url, 3123);
});
after(() => service.stop());

const appSignIn = 'http://127.0.0.1:3123/sign-in';
const [member, outsider, consumer] = localIdentity.googleAccounts;

/** Where a response sends the browser next. */
async function next(url: string, init: RequestInit = {}): Promise<URL> {
  const response = await fetch(url, { ...init, redirect: 'manual' });
  assert.equal(response.status, 302, `${url} answered ${response.status}: ${await response.text()}`);
  return new URL(response.headers.get('location') as string, url);
}

function authorizeUrl(overrides: Record<string, string> = {}) {
  const verifier = randomBytes(48).toString('base64url');
  const query = new URLSearchParams({
    client_id: localIdentity.userPoolClientId,
    redirect_uri: appSignIn,
    response_type: 'code',
    identity_provider: 'Google',
    scope: 'openid email profile',
    state: 'app-state-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...overrides,
  });
  return { url: `${service.url}/oauth2/authorize?${query}`, verifier };
}

/** Authorize, choose the account on the stand-in's page, and follow the provider's return. */
async function signInAs(account: { sub: string }, overrides: Record<string, string> = {}) {
  const { url, verifier } = authorizeUrl(overrides);
  const chooser = await next(url);
  const page = await (await fetch(chooser)).text();
  assert.match(page, /Choose an account/);
  const idpResponse = await next(chooser.href, {
    method: 'POST',
    body: new URLSearchParams({ state: chooser.searchParams.get('state') as string, account: account.sub }),
  });
  assert.equal(idpResponse.pathname, '/oauth2/idpresponse');
  return { back: await next(idpResponse.href), verifier };
}

function exchange(code: string, verifier: string) {
  return fetch(`${service.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: localIdentity.userPoolClientId,
      code,
      redirect_uri: appSignIn,
      code_verifier: verifier,
    }),
  });
}

describe('Google through the local hosted sign-in', () => {
  test('the stand-in page lists the demo Google accounts', async () => {
    const chooser = await next(authorizeUrl().url);
    const page = await (await fetch(chooser)).text();
    for (const account of localIdentity.googleAccounts) assert.ok(page.includes(account.email), account.email);
  });

  test('an allowed account returns to the app with a code that buys tokens naming the reader, once', async () => {
    const { back, verifier } = await signInAs(member);
    assert.equal(back.origin + back.pathname, appSignIn);
    assert.equal(back.searchParams.get('state'), 'app-state-1');
    const code = back.searchParams.get('code') as string;

    const response = await exchange(code, verifier);
    assert.equal(response.status, 200);
    const tokens = (await response.json()) as { access_token: string; id_token: string; refresh_token: string };
    const id = claimsOf(tokens.id_token);
    assert.equal(id.email, member.email);
    assert.equal(id.name, member.name);
    assert.equal(id.aud, localIdentity.userPoolClientId);
    assert.equal(claimsOf(tokens.access_token).username, `Google_${member.sub}`);
    assert.ok(tokens.refresh_token);

    assert.equal((await exchange(code, verifier)).status, 400, 'a code is good for one exchange');
    const again = await signInAs(member);
    const second = (await (await exchange(again.back.searchParams.get('code') as string, again.verifier)).json()) as {
      id_token: string;
    };
    assert.equal(claimsOf(second.id_token).sub, id.sub, 'the second sign-in is the same user');
  });

  test('a Google account’s id token names its provider in `identities`, as Cognito’s does, after a refresh too', async () => {
    const { back, verifier } = await signInAs(member);
    const tokens = (await (await exchange(back.searchParams.get('code') as string, verifier)).json()) as {
      id_token: string;
      refresh_token: string;
    };
    const google = { providerName: 'Google', providerType: 'Google', userId: member.sub, primary: true };
    assert.deepEqual(claimsOf(tokens.id_token).identities, [google]);
    const renewed = await cognitoCall<{ AuthenticationResult: { IdToken: string } }>(
      service.url,
      'GetTokensFromRefreshToken',
      { ClientId: localIdentity.userPoolClientId, RefreshToken: tokens.refresh_token },
    );
    assert.deepEqual(claimsOf(renewed.AuthenticationResult.IdToken).identities, [google]);
  });

  test('a code is refused with another PKCE verifier', async () => {
    const { back } = await signInAs(member);
    const refused = await exchange(back.searchParams.get('code') as string, 'not-the-verifier');
    assert.equal(refused.status, 400);
    // RFC 6749 §5.2 and Cognito's token endpoint: a code whose PKCE check fails is an invalid grant.
    assert.equal(((await refused.json()) as { error: string }).error, 'invalid_grant');
  });

  test('an account outside the allowed domains is refused by the pre sign-up rule, in Cognito’s words', async () => {
    const { back } = await signInAs(outsider);
    assert.equal(back.searchParams.get('code'), null);
    assert.equal(back.searchParams.get('error'), 'invalid_request');
    assert.equal(back.searchParams.get('state'), 'app-state-1');
    assert.equal(
      back.searchParams.get('error_description'),
      'PreSignUp failed with error Only company email addresses may sign in to the handbook.',
    );
  });

  test('a consumer Google account on a company address (no `hd`) is refused, and no user is created', async () => {
    const { back } = await signInAs(consumer);
    assert.equal(back.searchParams.get('code'), null);
    assert.equal(back.searchParams.get('error'), 'invalid_request');
    assert.equal(
      back.searchParams.get('error_description'),
      'PreSignUp failed with error Only Google accounts of the company’s Google Workspace may sign in to the handbook.',
    );
    await assert.rejects(
      cognitoCall(service.url, 'AdminGetUser', {
        UserPoolId: localIdentity.userPoolId,
        Username: `Google_${consumer.sub}`,
      }),
      /UserNotFoundException/,
    );
  });

  test('a Workspace account’s first sign-in maps its `hd` into the pool', async () => {
    const federated = { UserPoolId: localIdentity.userPoolId, Username: `Google_${member.sub}` };
    await cognitoCall(service.url, 'AdminDeleteUser', federated);
    await signInAs(member);
    const user = await cognitoCall<{ UserAttributes: { Name: string; Value: string }[] }>(
      service.url,
      'AdminGetUser',
      federated,
    );
    assert.deepEqual(
      user.UserAttributes.filter(({ Name }) => Name === GOOGLE_HOSTED_DOMAIN),
      [{ Name: GOOGLE_HOSTED_DOMAIN, Value: member.hd }],
    );
  });

  test('cancelling at the stand-in returns access_denied to the app', async () => {
    const chooser = await next(authorizeUrl().url);
    const back = await next(
      `${service.url}/oauth2/idpresponse?error=access_denied&state=${chooser.searchParams.get('state')}`,
    );
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('state'), 'app-state-1');
  });

  test('it never returns to an address that is not registered, another loopback port included', async () => {
    for (const redirect of [
      'https://evil.example/sign-in',
      'http://127.0.0.1:3000/elsewhere',
      'http://10.0.0.1/sign-in',
      'http://127.0.0.1:6666/sign-in',
      'http://[::1]:3123/sign-in',
      'http://127.1:3123/sign-in',
    ]) {
      const response = await fetch(authorizeUrl({ redirect_uri: redirect }).url, { redirect: 'manual' });
      assert.equal(response.status, 400, redirect);
    }
  });

  test('a code returned with the state of another sign-in is refused', async () => {
    const chooser = await next(authorizeUrl().url);
    const idpResponse = await next(chooser.href, {
      method: 'POST',
      body: new URLSearchParams({ state: chooser.searchParams.get('state') as string, account: member.sub }),
    });
    const otherSignIn = await next(authorizeUrl({ state: 'app-state-2' }).url);
    idpResponse.searchParams.set('state', otherSignIn.searchParams.get('state') as string);
    assert.equal((await fetch(idpResponse, { redirect: 'manual' })).status, 400);
  });

  test('only Google is offered, with PKCE', async () => {
    const cognito = await next(authorizeUrl({ identity_provider: 'COGNITO' }).url);
    assert.equal(cognito.searchParams.get('error'), 'unauthorized_client');
    const plain = await next(authorizeUrl({ code_challenge_method: 'plain' }).url);
    assert.equal(plain.searchParams.get('error'), 'invalid_request');
  });

  test('logout returns to the app’s sign-in route, and nowhere else', async () => {
    const logout = (uri: string) =>
      `${service.url}/logout?client_id=${localIdentity.userPoolClientId}&logout_uri=${encodeURIComponent(uri)}`;
    assert.equal((await next(logout(appSignIn))).href, appSignIn);
    assert.equal((await fetch(logout('https://evil.example/'), { redirect: 'manual' })).status, 400);
  });
});
