import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AuthConfigError, buildAuthConfig } from '../core/amplify-config';
import { gateAuthOf } from '../gate/manifest';
import { localIdentity } from '../core/local-pool';

const valid = {
  HANDBOOK_AUTH_REGION: 'eu-west-1',
  HANDBOOK_AUTH_USER_POOL_ID: 'eu-west-1_AbCdEf123',
  HANDBOOK_AUTH_USER_POOL_CLIENT_ID: '4h5j6k7l8m9n0p1q2r3s4t5u6v',
  HANDBOOK_AUTH_OAUTH_DOMAIN: 'auth.handbook.example.com',
  HANDBOOK_AUTH_REDIRECT_SIGN_IN: 'http://localhost:3000/sign-in,https://handbook.example.com/sign-in',
  HANDBOOK_AUTH_REDIRECT_SIGN_OUT: 'http://localhost:3000/sign-in,https://handbook.example.com/sign-in',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    buildAuthConfig(env);
  } catch (error) {
    assert.ok(error instanceof AuthConfigError, String(error));
    return error.problems;
  }
  assert.fail('the configuration was accepted');
}

describe('amplify-config', () => {
  test('builds the Amplify configuration from valid variables', () => {
    const { mode, amplify } = buildAuthConfig(valid);
    assert.equal(mode, 'cognito');
    const cognito = amplify.Auth?.Cognito;
    assert.equal(cognito?.userPoolId, 'eu-west-1_AbCdEf123');
    assert.equal(cognito?.userPoolEndpoint, undefined);
    assert.deepEqual(cognito?.loginWith?.oauth?.scopes, [
      'phone',
      'email',
      'openid',
      'profile',
      'aws.cognito.signin.user.admin',
    ]);
    assert.deepEqual(cognito?.loginWith?.oauth?.providers, ['Google']);
    assert.equal(cognito?.loginWith?.oauth?.responseType, 'code');
    assert.deepEqual(cognito?.loginWith?.oauth?.redirectSignIn, [
      'http://localhost:3000/sign-in',
      'https://handbook.example.com/sign-in',
    ]);
    assert.equal(cognito?.mfa?.status, 'off');
    assert.equal(cognito?.signUpVerificationMethod, 'code');
    assert.equal('identityPoolId' in (cognito ?? {}), false);
  });

  test('names every missing variable at once', () => {
    const problems = problemsOf({});
    for (const name of Object.keys(valid)) {
      assert.ok(
        problems.some((problem) => problem.startsWith(`${name} is missing`)),
        name,
      );
    }
  });

  test('applies the validation rules, naming the variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { HANDBOOK_AUTH_USER_POOL_ID: 'eu-west-1AbCdEf' },
        /HANDBOOK_AUTH_USER_POOL_ID is invalid \(Invalid user pool id provided\.\)/,
      ],
      [
        { HANDBOOK_AUTH_IDENTITY_POOL_ID: 'eu-west-1-1234' },
        /HANDBOOK_AUTH_IDENTITY_POOL_ID is invalid \(Invalid identity pool id provided\.\)/,
      ],
      [
        { HANDBOOK_AUTH_REDIRECT_SIGN_IN: 'http://handbook.example.com/sign-in' },
        /HANDBOOK_AUTH_REDIRECT_SIGN_IN has .*neither https nor a loopback/,
      ],
      [
        { HANDBOOK_AUTH_REDIRECT_SIGN_OUT: '/relative' },
        /HANDBOOK_AUTH_REDIRECT_SIGN_OUT has "\/relative", which is not an absolute URL/,
      ],
      [
        { HANDBOOK_AUTH_REDIRECT_SIGN_IN: 'https://handbook.example.com/' },
        /HANDBOOK_AUTH_REDIRECT_SIGN_IN has "https:\/\/handbook.example.com\/", which is not the sign-in route \(https:\/\/handbook.example.com\/sign-in\)/,
      ],
      [
        { HANDBOOK_AUTH_REDIRECT_SIGN_OUT: 'https://handbook.example.com/sign-in?next=/evil' },
        /HANDBOOK_AUTH_REDIRECT_SIGN_OUT has .*not the sign-in route/,
      ],
      [
        { HANDBOOK_AUTH_OAUTH_DOMAIN: 'https://auth.example.com' },
        /HANDBOOK_AUTH_OAUTH_DOMAIN must be a bare host name/,
      ],
      [{ HANDBOOK_AUTH_REGION: 'Ireland' }, /HANDBOOK_AUTH_REGION is "Ireland", not an AWS region/],
      [{ HANDBOOK_AUTH_USER_POOL_ID: 'us-east-1_AbCdEf123' }, /HANDBOOK_AUTH_USER_POOL_ID is in another region/],
      [{ HANDBOOK_AUTH_ALLOW_GUEST_ACCESS: 'yes' }, /HANDBOOK_AUTH_ALLOW_GUEST_ACCESS is "yes"/],
    ];
    for (const [override, expected] of cases) {
      const problems = problemsOf({ ...valid, ...override });
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(problems[0], expected);
    }
  });

  test('enables guest access only when asked to', () => {
    const withPool = { ...valid, HANDBOOK_AUTH_IDENTITY_POOL_ID: 'eu-west-1:0d2b6b1e-5c3a-4f0b-9a51-1f7e2d9c8b10' };
    assert.equal(buildAuthConfig(withPool).amplify.Auth?.Cognito?.allowGuestAccess, false);
    const guests = { ...withPool, HANDBOOK_AUTH_ALLOW_GUEST_ACCESS: 'true' };
    assert.equal(buildAuthConfig(guests).amplify.Auth?.Cognito?.allowGuestAccess, true);
  });

  test('local mode points at the bundled identity service and needs no other variable', () => {
    const { mode, amplify } = buildAuthConfig({ HANDBOOK_AUTH: 'local' });
    assert.equal(mode, 'local');
    assert.equal(amplify.Auth?.Cognito?.userPoolEndpoint, `http://127.0.0.1:${localIdentity.port}`);
    assert.equal(amplify.Auth?.Cognito?.userPoolClientId, localIdentity.userPoolClientId);
  });

  test('the reader group the gate requires: handbook-readers unless named, and a valid group name', () => {
    assert.equal(buildAuthConfig(valid).readerGroup, 'handbook-readers');
    assert.equal(buildAuthConfig({ ...valid, HANDBOOK_AUTH_READER_GROUP: 'eng-handbook' }).readerGroup, 'eng-handbook');
    assert.equal(buildAuthConfig({ HANDBOOK_AUTH: 'local' }).readerGroup, localIdentity.readerGroup);
    for (const bad of ['two words', 'x'.repeat(129), 'tab\there']) {
      assert.ok(
        problemsOf({ ...valid, HANDBOOK_AUTH_READER_GROUP: bad }).some((problem) =>
          problem.startsWith('HANDBOOK_AUTH_READER_GROUP is'),
        ),
        bad,
      );
    }
    assert.equal(gateAuthOf(buildAuthConfig(valid)).auth.readerGroup, 'handbook-readers');
  });

  test('an unknown mode is refused', () => {
    assert.throws(() => buildAuthConfig({ HANDBOOK_AUTH: 'off' }), /HANDBOOK_AUTH is "off"/);
  });
});

test('HANDBOOK_AUTH_PASSWORD_MFA: off unless set, TOTP only when on, named with the allowed values when wrong', () => {
  const mfaOf = (env: Record<string, string>) =>
    buildAuthConfig({ HANDBOOK_AUTH: 'local', ...env }).amplify.Auth?.Cognito.mfa;
  assert.equal(mfaOf({})?.status, 'off');
  assert.deepEqual(mfaOf({ HANDBOOK_AUTH_PASSWORD_MFA: 'required' }), {
    status: 'on',
    totpEnabled: true,
    smsEnabled: false,
  });
  assert.deepEqual(mfaOf({ HANDBOOK_AUTH_PASSWORD_MFA: 'optional' }), {
    status: 'optional',
    totpEnabled: true,
    smsEnabled: false,
  });
  assert.throws(
    () => mfaOf({ HANDBOOK_AUTH_PASSWORD_MFA: 'sms' }),
    /HANDBOOK_AUTH_PASSWORD_MFA is "sms": it must be one of "off", "optional", "required"/,
  );
});
