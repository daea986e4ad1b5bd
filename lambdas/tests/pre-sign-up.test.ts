import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, test } from 'node:test';
import { allowedDomains, decideSignUp } from '../../core/sign-up-rule';
import { GOOGLE_HOSTED_DOMAIN } from '../../core/pool-attributes';
import { handler } from '../pre-sign-up';
import type { PreSignUpEvent } from '../../core/sign-up-rule';

const event = (name: string): PreSignUpEvent =>
  JSON.parse(readFileSync(path.join(__dirname, 'events', `${name}.json`), 'utf8')) as PreSignUpEvent;

function withEmail(base: PreSignUpEvent, email: string | undefined): PreSignUpEvent {
  return { ...base, request: { ...base.request, userAttributes: { ...base.request.userAttributes, email } } };
}

const company = allowedDomains('example-health.com, partners.example-health.com');

describe('the pre-sign-up trigger', () => {
  afterEach(() => delete process.env.ALLOWED_EMAIL_DOMAINS);

  test('admits a Google account of a company domain, whatever its case', async () => {
    process.env.ALLOWED_EMAIL_DOMAINS = 'example-health.com';
    const incoming = event('external-provider');
    assert.deepEqual(await handler(incoming), incoming);
  });

  test('admits an administrator-created company account', () => {
    assert.doesNotThrow(() => decideSignUp(event('admin-create-user'), company));
  });

  test('verifies the email of the Google accounts it admits, and of no other (email_verified is not mapped)', () => {
    const google = event('external-provider');
    decideSignUp(google, company);
    assert.equal(google.response.autoVerifyEmail, true);
    const created = event('admin-create-user');
    decideSignUp(created, company);
    assert.equal(created.response.autoVerifyEmail, false);
  });

  test('refuses other domains, look-alikes and malformed addresses', () => {
    for (const email of [
      'someone@gmail.com',
      'someone@example-health.com.evil.example',
      'someone@sub.example-health.com',
      'someone@evil-example-health.com',
      'a@b@example-health.com',
      'someone example-health.com',
      '',
      undefined,
    ]) {
      assert.throws(() => decideSignUp(withEmail(event('external-provider'), email), company), {
        name: 'SignUpRefused',
        message: 'Only company email addresses may sign in to the handbook.',
      });
    }
  });

  test('refuses a Google account on a company address that is not of the company’s Workspace', () => {
    const google = event('external-provider');
    const withWorkspace = (hd: string | undefined): PreSignUpEvent => ({
      ...google,
      request: { userAttributes: { ...google.request.userAttributes, [GOOGLE_HOSTED_DOMAIN]: hd } },
    });
    // No `hd`: a consumer Google account (Gmail with a company address); another Workspace's domain.
    for (const hd of [undefined, '', 'gmail.com', 'example-health.com.evil.example', 'sub.example-health.com']) {
      assert.throws(() => decideSignUp(withWorkspace(hd), company), {
        name: 'SignUpRefused',
        message: 'Only Google accounts of the company’s Google Workspace may sign in to the handbook.',
      });
    }
    // Any company domain is the Workspace's (a secondary domain's accounts carry the primary one).
    assert.doesNotThrow(() => decideSignUp(withWorkspace('Partners.Example-Health.com'), company));
    // Administrator-created accounts have no `hd` and need none.
    assert.doesNotThrow(() => decideSignUp(event('admin-create-user'), company));
  });

  test('refuses self sign-up even for a company address', () => {
    const selfSignUp = { ...event('admin-create-user'), triggerSource: 'PreSignUp_SignUp' };
    assert.throws(() => decideSignUp(selfSignUp, company), /Self sign-up is disabled/);
  });

  test('fails closed without configuration, and names a bad domain', async () => {
    await assert.rejects(handler(event('external-provider')), /ALLOWED_EMAIL_DOMAINS is empty/);
    assert.throws(() => allowedDomains('example-health.com,https://evil.example'), /"https:\/\/evil.example"/);
  });
});
