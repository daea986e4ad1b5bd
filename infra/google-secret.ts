/**
 * Google's client secret in Secrets Manager, stored either as plain text (`aws secretsmanager
 * create-secret --secret-string '<secret>'`) or as the console's default, a JSON object of key/value
 * pairs. CloudFormation's dynamic reference reads the whole string unless it names a JSON key
 * (`{{resolve:secretsmanager:<name>:SecretString:<json-key>}}`, "Using dynamic references"), so the
 * deploy looks at the format once and names the key when there is one. The value never leaves
 * this process and never enters a template.
 */

/** Keys a person would give the secret in the console, in order of preference. */
const SECRET_KEYS = ['client_secret', 'clientSecret', 'google_client_secret', 'googleClientSecret', 'secret'];

/** The JSON key holding the secret, or undefined for a plain-text secret. */
export function googleSecretJsonField(secretString: string, secretName: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(secretString);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const fields = Object.entries(parsed).filter(([, value]) => typeof value === 'string' && value !== '');
  const field = fields.length === 1 ? fields[0][0] : SECRET_KEYS.find((key) => fields.some(([name]) => name === key));
  if (!field) {
    throw new Error(
      `The secret ${secretName} is JSON with the keys ${Object.keys(parsed).join(', ') || '(none)'}: keep only Google's client secret, under the key "client_secret", or store it as plain text.`,
    );
  }
  return field;
}
