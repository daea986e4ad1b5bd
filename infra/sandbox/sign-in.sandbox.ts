/**
 * The sign-in suite against the sandbox's real user pool (`npm run test:aws`): Amplify's unmodified
 * client, as the browser runs it, through the same steps `identity/tests/sign-in.test.ts` takes
 * against the local identity service: SRP sign-in, Cognito's refusal of a wrong password, a page
 * of the deployed site opened with the session's cookies, a forced token refresh, and a global
 * sign-out after which the pool refuses the old access token. Where the local stand-in and Cognito
 * disagree on any of these, this fails, and the stand-in (or the fixture it is held to) is wrong.
 *
 * Needs a password account of the sandbox pool in the readers group, with no second factor:
 * HANDBOOK_SANDBOX_READER_EMAIL and HANDBOOK_SANDBOX_READER_PASSWORD (infra/OPERATIONS.md).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { claimsOf, sessionCookieHeader } from '../../testkit/local-identity';
import { IDENTITY_OUTPUTS, deployedSite, identityOutputsOf, requiredOutputs } from '../aws-stack-outputs';
import { readDeployConfig, stackNames } from '../config';

const SANDBOX_READER_VARIABLES = ['HANDBOOK_SANDBOX_READER_EMAIL', 'HANDBOOK_SANDBOX_READER_PASSWORD'] as const;

const config = readDeployConfig();
const names = stackNames(config);
const cloudFormation = new CloudFormationClient({ region: config.region });
const missing = SANDBOX_READER_VARIABLES.filter((name) => !process.env[name]);
if (missing.length > 0) {
  throw new Error(`The sandbox sign-in checks need ${missing.join(' and ')}: a password reader of the sandbox pool.`);
}
const email = process.env.HANDBOOK_SANDBOX_READER_EMAIL!;
const password = process.env.HANDBOOK_SANDBOX_READER_PASSWORD!;

let pool: ReturnType<typeof identityOutputsOf>;
let siteUrl: string;

before(async () => {
  pool = identityOutputsOf(await requiredOutputs(cloudFormation, names.identity, IDENTITY_OUTPUTS), config.region);
  const site = await deployedSite(cloudFormation, names.site);
  assert.ok(site, `${names.site} is not deployed`);
  siteUrl = site.siteUrl;
  Amplify.configure({ Auth: { Cognito: { userPoolId: pool.userPoolId, userPoolClientId: pool.userPoolClientId } } });
});
after(() => signOut());

test('a wrong password is refused in the words the local identity service uses', async () => {
  await assert.rejects(signIn({ username: email, password: `${password}x` }), {
    name: 'NotAuthorizedException',
    message: 'Incorrect username or password.',
  });
});

test('SRP sign-in, a page of the site, a refresh, and a global sign-out the pool enforces', async () => {
  const result = await signIn({ username: email, password });
  assert.equal(result.nextStep.signInStep, 'DONE', 'the sandbox reader must have no second factor');
  const first = (await fetchAuthSession()).tokens!;
  const accessToken = first.accessToken.toString();
  const idToken = first.idToken!.toString();
  assert.equal(first.accessToken.payload.iss, `https://cognito-idp.${pool.region}.amazonaws.com/${pool.userPoolId}`);
  assert.equal(first.accessToken.payload.client_id, pool.userPoolClientId);
  assert.equal(first.accessToken.payload.token_use, 'access');

  // The edge reads the cookies Amplify's CookieStorage writes in the browser (core/session-format.ts).
  const cookie = sessionCookieHeader({ accessToken, idToken }, undefined, pool.userPoolClientId);
  const page = await fetch(`${siteUrl}/`, { redirect: 'manual', headers: { accept: 'text/html', cookie } });
  assert.equal(page.status, 200, 'a reader’s session opens the handbook at the edge');

  // aws-amplify >= 6.15.4 refreshes through GetTokensFromRefreshToken, as the local service does.
  const refreshed = (await fetchAuthSession({ forceRefresh: true })).tokens!;
  assert.notEqual(refreshed.accessToken.payload.jti, claimsOf(accessToken).jti, 'a new access token');

  await signOut({ global: true });
  const cognito = new CognitoIdentityProviderClient({ region: pool.region });
  // GlobalSignOut revokes the access token for the pool's own API, though it still verifies offline
  // until it expires (Cognito, "Ending user sessions with token revocation").
  await assert.rejects(cognito.send(new GetUserCommand({ AccessToken: refreshed.accessToken.toString() })), {
    name: 'NotAuthorizedException',
  });
});
