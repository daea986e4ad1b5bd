/**
 * Cognito puts a federated user's linked provider in the id token's `identities` claim (developer
 * guide, "Understanding the identity (ID) token": its example payload lists
 * `identities: [{ providerName, providerType, userId, primary, … }]`); the gate and the site read it
 * to tell a Google account from a password account (core/session-format.ts). cognito-local 5.3.0
 * never writes it, and drops it from a pre token generation trigger's claims, as Cognito does for
 * that reserved claim. So the id token of a user with the `identities` attribute (a Google
 * sign-in, `google-federated-user.ts`) is signed again here, with the claim, by the service's key.
 */
import { cognitoLocalJsonwebtoken, loadedKeyModules } from './cognito-local';
import type { TokenGenerator, User } from './cognito-local';

function linkedIdentities(user: User): unknown {
  const value = user.Attributes?.find((attribute) => attribute.Name === 'identities')?.Value;
  return value ? (JSON.parse(value) as unknown) : undefined;
}

function withClaim(token: string, claim: string, value: unknown): string {
  const [header, payload] = token
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);
  return cognitoLocalJsonwebtoken().sign({ ...payload, [claim]: value }, loadedKeyModules.private.pem, {
    algorithm: 'RS256',
    keyid: String(header.kid),
  });
}

/** The generator, with `identities` in the id token of every federated user. */
export function withFederatedIdentities(generator: TokenGenerator): TokenGenerator {
  return {
    async generate(ctx, user, ...rest) {
      const tokens = await generator.generate(ctx, user, ...rest);
      const identities = linkedIdentities(user);
      return identities === undefined
        ? tokens
        : { ...tokens, IdToken: withClaim(tokens.IdToken, 'identities', identities) };
    },
  };
}
