/**
 * `npm run grant` and `npm run readers` through the AWS SDK against the local Cognito-compatible
 * service (the fixture's demo reader and Grace, a Google reader of the `handbook.local` Workspace).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  AdminDisableUserCommand,
  AdminListGroupsForUserCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { localIdentity } from '../../core/local-pool';
import { COMPANY_EMAIL, GOOGLE_HOSTED_DOMAIN, GOOGLE_WORKSPACE } from '../../core/pool-attributes';
import {
  adminCreateUser,
  cognitoCall,
  googleSignInTokens,
  signInForTokens,
  startIdentityProcess,
} from '../../testkit/local-identity';
import type { RunningIdentityService } from '../../testkit/local-identity';
import { grant, grantEveryone, grantOutcome } from '../grant';
import { accountsOfPerson, allAccounts, readerAccounts } from '../reader-accounts';
import type { PoolTarget } from '../reader-accounts';
import { readerReview, readersOutcome } from '../readers';

const { readerGroup, userPoolId, demoUser } = localIdentity;
const [grace] = localIdentity.googleAccounts;
const verificationCode = '424242';
let service: RunningIdentityService;
let client: CognitoIdentityProviderClient;
let target: PoolTarget;

before(async () => {
  // Every verification code the service sends is this one (cognito-local's CODE).
  service = await startIdentityProcess({ CODE: verificationCode });
  client = new CognitoIdentityProviderClient({
    endpoint: service.url,
    region: localIdentity.region,
    // The local service does not check signatures; the SDK insists on signing.
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  target = { client, userPoolId, readerGroup, allowedEmailDomains: ['handbook.local'] };
});
after(async () => {
  client?.destroy();
  await service?.stop();
});

const createAccount = (email: string) =>
  adminCreateUser(service.url, email, { temporaryPassword: 'Temporary-2026!', reader: false });

async function groupsOf(username: string): Promise<string[]> {
  const { Groups = [] } = await client.send(
    new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: username }),
  );
  return Groups.map((group) => group.GroupName ?? '');
}

async function accountOfEmail(email: string) {
  const [account] = accountsOfPerson(await allAccounts(target), email);
  assert.ok(account, email);
  return account;
}

describe('npm run grant', () => {
  test('puts the account in the reader group, records its company email, and says which', async () => {
    const newcomer = 'newcomer@handbook.local';
    await createAccount(newcomer);
    const report = await grant(target, newcomer.toUpperCase());
    const outcome = grantOutcome(report, newcomer, readerGroup);
    assert.equal(outcome.done, true);
    const account = await accountOfEmail(newcomer);
    assert.match(outcome.lines.join('\n'), new RegExp(`In ${readerGroup}[^]*password account ${account.username}`));
    assert.deepEqual(await groupsOf(account.username), [readerGroup]);
    assert.equal(account.companyEmail, newcomer);
  });

  test('finds a Google reader by sub or user name, and keeps an email already recorded', async () => {
    const google = await accountOfEmail(grace.email);
    for (const who of [google.sub, google.username]) {
      const report = await grant(target, who);
      assert.deepEqual(
        report.granted.map((account) => [account.kind, account.companyEmail]),
        [['google', grace.email]],
      );
    }
  });

  test('refuses an address outside the company’s domains, changing nothing', async () => {
    const outcome = grantOutcome(await grant(target, 'visitor@gmail.com'), 'visitor@gmail.com', readerGroup);
    assert.equal(outcome.done, false);
    assert.match(
      outcome.lines.join('\n'),
      /Refused, nothing changed[^]*outside the company domains \(handbook.local\)/,
    );

    // An account an administrator created on another domain, named by its sub.
    await createAccount('contractor@partner.example');
    const contractor = await accountOfEmail('contractor@partner.example');
    const report = await grant(target, contractor.sub);
    assert.equal(grantOutcome(report, contractor.sub, readerGroup).done, false);
    assert.deepEqual(await groupsOf(contractor.username), []);
    assert.equal((await accountOfEmail('contractor@partner.example')).companyEmail, '');
  });

  test('refuses a Google account of no company Workspace and a disabled account', async () => {
    const consumer = await accountOfEmail(grace.email);
    const user = { UserPoolId: userPoolId, Username: consumer.username };
    const recordWorkspace = (value: string) =>
      client.send(
        new AdminUpdateUserAttributesCommand({ ...user, UserAttributes: [{ Name: GOOGLE_WORKSPACE, Value: value }] }),
      );
    await recordWorkspace('gmail.com');
    const outcome = grantOutcome(await grant(target, consumer.username), consumer.username, readerGroup);
    assert.equal(outcome.done, false);
    assert.match(outcome.lines.join('\n'), /a Google account of no company Workspace \(gmail.com\)/);
    await recordWorkspace(grace.hd);

    const leaver = 'left@handbook.local';
    await createAccount(leaver);
    const account = await accountOfEmail(leaver);
    await client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: account.username }));
    const refused = grantOutcome(await grant(target, leaver), leaver, readerGroup);
    assert.equal(refused.done, false);
    assert.match(refused.lines.join('\n'), /disabled \(offboarded\?\)/);
    assert.deepEqual(await groupsOf(account.username), []);
  });

  test('says so, and is not done, when nobody has the address', async () => {
    const outcome = grantOutcome(await grant(target, 'nobody@handbook.local'), 'nobody@handbook.local', readerGroup);
    assert.equal(outcome.done, false);
    assert.match(outcome.lines[0], /No account has the email, sub, user name or company email nobody@handbook.local/);
  });
});

describe('npm run readers', () => {
  test('lists every reader with how they sign in, when created, their last page load, and what to look at', async () => {
    // Added the old way (no company email recorded), then moved by an administrator off the domain.
    await createAccount('legacy@handbook.local');
    await cognitoCall(service.url, 'AdminAddUserToGroup', {
      UserPoolId: userPoolId,
      Username: 'legacy@handbook.local',
      GroupName: readerGroup,
    });
    const legacy = await accountOfEmail('legacy@handbook.local');
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: legacy.username,
        UserAttributes: [{ Name: 'email', Value: '"legacy,mail"@personal.example' }],
      }),
    );
    const demo = await accountOfEmail(demoUser.email);
    const google = await accountOfEmail(grace.email);
    const loads = [
      { userId: demo.sub, loads: 12, last: '2026-11-26T09:00:00.000Z' },
      { userId: google.sub, loads: 3, last: '2026-11-20T09:00:00.000Z' },
      { userId: 'someone-no-longer-a-reader', loads: 1, last: '2026-11-25T09:00:00.000Z' },
    ];
    const rows = readerReview(await readerAccounts(target), loads, target.allowedEmailDomains);
    const byEmail = new Map(rows.map((row) => [row.account.email, row]));
    assert.deepEqual(byEmail.get(demoUser.email)?.flags, []);
    assert.equal(byEmail.get(demoUser.email)?.lastPageLoad, '2026-11-26T09:00:00.000Z');
    assert.equal(byEmail.get(grace.email)?.account.kind, 'google');
    assert.deepEqual(byEmail.get('"legacy,mail"@personal.example')?.flags, [
      'not seen in 90 days',
      'email outside the company domains',
      'no company email recorded: run npm run grant for this reader',
    ]);
    assert.equal(rows[0].lastPageLoad, null, 'never seen first');
    assert.ok(!rows.some((row) => row.account.sub === 'someone-no-longer-a-reader'));

    const text = readersOutcome(rows, false, readerGroup);
    assert.equal(text.done, true);
    // Security review 4, finding 10: the readers from before grant, and the one command for them all.
    const ungranted = rows.filter((row) => !row.account.companyEmail);
    assert.ok(ungranted.some((row) => row.account.sub === legacy.sub));
    assert.equal(text.lines.at(-1), `  npm run grant -- ${ungranted.map((row) => row.account.sub).join(' ')}`);
    assert.match(text.lines.at(-2)!, new RegExp(`^${ungranted.length} readers from before npm run grant`));
    assert.match(text.lines.join('\n'), /grace@handbook.local \(Google, created 2026-01-05, user Google_/);
    assert.match(
      text.lines.at(-3)!,
      new RegExp(`^${rows.length} readers in ${readerGroup}; \\d+ flagged for review.$`),
    );

    const csv = readersOutcome(rows, true, readerGroup).lines;
    assert.equal(csv[0], 'email,sign-in,created,last page load,flags,user name,sub');
    assert.equal(csv.length, rows.length + 1);
    assert.ok(
      csv.some((line) => line.startsWith('"""legacy,mail""@personal.example",password,')),
      'a field with a comma or quote is quoted (RFC 4180)',
    );
    assert.ok(
      csv.includes(`${demoUser.email},password,2026-01-05,2026-11-26T09:00:00.000Z,,${demo.username},${demo.sub}`),
    );
  });

  test('a reader whose email is not the company email recorded at grant is flagged', async () => {
    const mover = await accountOfEmail('newcomer@handbook.local');
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: mover.username,
        UserAttributes: [{ Name: 'email', Value: 'newcomer+keep@handbook.local' }],
      }),
    );
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: mover.username,
        UserAttributes: [{ Name: COMPANY_EMAIL, Value: 'someone.else@handbook.local' }],
      }),
    );
    const rows = readerReview(await readerAccounts(target), [], target.allowedEmailDomains);
    const row = rows.find((candidate) => candidate.account.username === mover.username);
    assert.deepEqual(row?.flags, [
      'not seen in 90 days',
      'email is not the one recorded at grant (someone.else@handbook.local)',
    ]);
  });
});

describe('a reader’s own email in the reports (security review 4, finding 5)', () => {
  test('a formula email the reader writes is text in readers --csv; a line break or ESC is refused as Cognito refuses it', async () => {
    const email = 'formula@handbook.local';
    const password = 'Formula-reader-2026!';
    await adminCreateUser(service.url, email, { temporaryPassword: 'Temporary-2026!', permanentPassword: password });
    const { accessToken } = await signInForTokens(service.url, { email, password });
    const write = (value: string) =>
      cognitoCall(service.url, 'UpdateUserAttributes', {
        AccessToken: accessToken,
        UserAttributes: [{ Name: 'email', Value: value }],
      });
    for (const hostile of ['x@evil.example\n  look at: nothing@handbook.local', '\u001b[2K\u001b[1Aa@evil.example']) {
      await assert.rejects(write(hostile), /InvalidParameterException: Invalid email address format\./);
    }
    const formula = "=1+2+cmd|'/Ccalc'!A0@evil.example";
    await write(formula);
    await cognitoCall(service.url, 'VerifyUserAttribute', {
      AccessToken: accessToken,
      AttributeName: 'email',
      Code: verificationCode,
    });
    const rows = readerReview(await readerAccounts(target), [], target.allowedEmailDomains);
    assert.ok(rows.some((row) => row.account.email === formula));
    const csv = readersOutcome(rows, true, readerGroup).lines;
    assert.ok(csv.some((line) => line.startsWith(`"'=1+2+cmd|'/Ccalc'!A0@evil.example",password,`)));
    assert.ok(!csv.some((line) => /^"?[=+\-@\t\r]/.test(line)), 'no row begins with a formula');
  });
});

describe('the Workspace comes from Google, never from the account (security review 4, finding 6)', () => {
  test('a Google account from before the record writes its own hd: grant refuses it and readers flags it', async () => {
    // An account from before the record: none recorded, and no hd sent by Google (a consumer account).
    const { accessToken } = await googleSignInTokens(service.url, grace);
    const { username } = await accountOfEmail(grace.email);
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: userPoolId,
        Username: username,
        UserAttributes: [
          { Name: GOOGLE_WORKSPACE, Value: '' },
          { Name: GOOGLE_HOSTED_DOMAIN, Value: '' },
        ],
      }),
    );
    const write = (name: string, value: string) =>
      cognitoCall(service.url, 'UpdateUserAttributes', {
        AccessToken: accessToken,
        UserAttributes: [{ Name: name, Value: value }],
      });
    // What the review did: hd is mapped, so the app client may write it.
    await write(GOOGLE_HOSTED_DOMAIN, 'handbook.local');
    assert.equal((await accountOfEmail(grace.email)).workspace, '', 'grant reads the record, not hd');
    // The record itself and email_verified are out of the token's reach.
    for (const [name, value] of [
      [GOOGLE_WORKSPACE, 'handbook.local'],
      ['email_verified', 'true'],
    ]) {
      await assert.rejects(
        write(name, value),
        /NotAuthorizedException: A client attempted to write unauthorized attribute/,
      );
    }

    const outcome = grantOutcome(await grant(target, username), username, readerGroup);
    assert.equal(outcome.done, false);
    assert.match(outcome.lines.join('\n'), /no Workspace recorded at its first Google sign-in/);
    // Still in the group from the fixture: readers flags it for the one-time check.

    await cognitoCall(service.url, 'AdminAddUserToGroup', {
      UserPoolId: userPoolId,
      Username: username,
      GroupName: readerGroup,
    });
    const rows = readerReview(await readerAccounts(target), [], target.allowedEmailDomains);
    assert.ok(
      rows
        .find((row) => row.account.username === username)
        ?.flags.includes('no Workspace recorded at its first Google sign-in: check it once (infra/OPERATIONS.md)'),
    );
  });

  test('a Google account’s first sign-in records its Workspace and verifies its email, as the pool’s triggers do', async () => {
    await cognitoCall(service.url, 'AdminDeleteUser', { UserPoolId: userPoolId, Username: `Google_${grace.sub}` });
    await googleSignInTokens(service.url, grace);
    const account = await accountOfEmail(grace.email);
    assert.equal(account.workspace, grace.hd);
    const { UserAttributes = [] } = await cognitoCall<{ UserAttributes?: { Name: string; Value: string }[] }>(
      service.url,
      'AdminGetUser',
      { UserPoolId: userPoolId, Username: account.username },
    );
    assert.ok(UserAttributes.some(({ Name, Value }) => Name === 'email_verified' && Value === 'true'));
  });
});

describe('readers from before grant (security review 4, finding 10)', () => {
  test('one grant command brings them all under grant, each with its company email recorded', async () => {
    const before = ['early.one@handbook.local', 'early.two@handbook.local'];
    for (const email of before) {
      await createAccount(email);
      await cognitoCall(service.url, 'AdminAddUserToGroup', {
        UserPoolId: userPoolId,
        Username: email,
        GroupName: readerGroup,
      });
    }
    const accounts = await Promise.all(before.map(accountOfEmail));
    assert.deepEqual(
      accounts.map((account) => account.companyEmail),
      ['', ''],
    );
    const outcome = await grantEveryone(
      target,
      accounts.map((account) => account.sub),
    );
    assert.equal(outcome.done, true, outcome.lines.join('\n'));
    assert.deepEqual(
      (await Promise.all(before.map(accountOfEmail))).map((account) => account.companyEmail),
      before,
    );
    const rows = readerReview(await readerAccounts(target), [], target.allowedEmailDomains);
    const command = readersOutcome(rows, false, readerGroup).lines.find((line) =>
      line.startsWith('  npm run grant -- '),
    );
    for (const account of accounts) assert.ok(!command?.includes(account.sub), 'granted: no longer listed');
  });
});
