/**
 * The post confirmation trigger records a Google account's Workspace where the account cannot write
 * it (security review 4, finding 6), against Cognito's PostConfirmation event shape (developer
 * guide, "Post confirmation Lambda trigger": request.userAttributes, an empty response).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, test } from 'node:test';
import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { GOOGLE_HOSTED_DOMAIN, GOOGLE_WORKSPACE } from '../../core/pool-attributes';
import { allowedDomains } from '../../core/sign-up-rule';
import type { PostConfirmationEvent } from '../../core/workspace-record';
import { recordWorkspace } from '../post-confirmation';

const federated = (): PostConfirmationEvent =>
  JSON.parse(
    readFileSync(path.join(__dirname, 'events', 'post-confirmation-external-provider.json'), 'utf8'),
  ) as PostConfirmationEvent;

const company = allowedDomains('example-health.com');
const cognito = mockClient(CognitoIdentityProviderClient);
afterEach(() => cognito.reset());

const updates = () => cognito.commandCalls(AdminUpdateUserAttributesCommand).map((call) => call.args[0].input);

describe('the post confirmation trigger', () => {
  test('records the company Workspace of a Google account’s first sign-in, in lower case', async () => {
    cognito.on(AdminUpdateUserAttributesCommand).resolves({});
    await recordWorkspace(new CognitoIdentityProviderClient({}), federated(), company);
    assert.deepEqual(updates(), [
      {
        UserPoolId: 'us-east-1_AbCdEf123',
        Username: 'Google_108234567890123456789',
        UserAttributes: [{ Name: GOOGLE_WORKSPACE, Value: 'example-health.com' }],
      },
    ]);
  });

  test('records nothing for a password account, a forgotten password, or no company Workspace', async () => {
    const event = federated();
    const passwordAttributes = { ...event.request.userAttributes, identities: undefined };
    for (const other of [
      { ...event, request: { userAttributes: passwordAttributes } },
      { ...event, triggerSource: 'PostConfirmation_ConfirmForgotPassword' },
      {
        ...event,
        request: { userAttributes: { ...event.request.userAttributes, [GOOGLE_HOSTED_DOMAIN]: 'gmail.com' } },
      },
    ]) {
      await recordWorkspace(new CognitoIdentityProviderClient({}), other, company);
    }
    assert.deepEqual(updates(), []);
  });

  test('a failed write fails the trigger, so the sign-in does not pass unrecorded', async () => {
    cognito.on(AdminUpdateUserAttributesCommand).rejects(new Error('AccessDeniedException'));
    await assert.rejects(recordWorkspace(new CognitoIdentityProviderClient({}), federated(), company), /AccessDenied/);
  });
});
