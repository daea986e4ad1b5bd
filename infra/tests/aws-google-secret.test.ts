/**
 * The Secrets Manager adapter (aws-google-secret.ts) against a stubbed client
 * (aws-sdk-client-mock): the context for a plain and a JSON secret, a binary secret refused by
 * name, and the secret's value never in what it returns or says.
 */
import assert from 'node:assert/strict';
import { after, beforeEach, test } from 'node:test';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { googleSecretContext } from '../aws-google-secret';

const NAME = 'handbook/google-oauth-client-secret';
const secrets = mockClient(SecretsManagerClient);
const client = new SecretsManagerClient({ region: 'us-east-1' });

beforeEach(() => secrets.reset());
after(() => secrets.restore());

test('a plain-text secret needs no context', async () => {
  secrets.on(GetSecretValueCommand, { SecretId: NAME }).resolves({ SecretString: 'GOCSPX-plain' });
  assert.deepEqual(await googleSecretContext(client, NAME), {});
});

test('a JSON secret names its key, never its value', async () => {
  secrets.on(GetSecretValueCommand, { SecretId: NAME }).resolves({ SecretString: '{"client_secret":"GOCSPX-json"}' });
  const context = await googleSecretContext(client, NAME);
  assert.deepEqual(context, { googleClientSecretField: 'client_secret' });
  assert.ok(!JSON.stringify(context).includes('GOCSPX'));
});

test('a binary secret is refused, naming the secret but not showing it', async () => {
  secrets.on(GetSecretValueCommand).resolves({ SecretBinary: new Uint8Array([1, 2, 3]) });
  await assert.rejects(googleSecretContext(client, NAME), (error: Error) => {
    assert.match(error.message, new RegExp(`The secret ${NAME} holds no text`));
    return true;
  });
});

test('Secrets Manager’s errors are passed on', async () => {
  secrets.on(GetSecretValueCommand).rejects(
    Object.assign(new Error("Secrets Manager can't find the specified secret."), {
      name: 'ResourceNotFoundException',
    }),
  );
  await assert.rejects(googleSecretContext(client, NAME), { name: 'ResourceNotFoundException' });
});
