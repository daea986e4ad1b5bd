/**
 * The Google client secret's format, read once through the Secrets Manager API: the CDK context the
 * identity stack's dynamic reference needs (google-secret.ts). The value itself is never printed
 * nor passed on.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { googleSecretJsonField } from './google-secret';

/** `{ googleClientSecretField }` for a JSON secret, `{}` for a plain one. */
export async function googleSecretContext(
  secrets: Pick<SecretsManagerClient, 'send'>,
  secretName: string,
): Promise<Record<string, string>> {
  const { SecretString } = await secrets.send(new GetSecretValueCommand({ SecretId: secretName }));
  if (SecretString === undefined) {
    throw new Error(`The secret ${secretName} holds no text (SecretString): store Google's client secret as text.`);
  }
  const field = googleSecretJsonField(SecretString, secretName);
  return field ? { googleClientSecretField: field } : {};
}
