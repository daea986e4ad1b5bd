/**
 * What the local identity service's own operations (`srp-sign-in.ts`, `session-operations.ts`,
 * `user-existence.ts`, `second-factor.ts`) share: the request shape of cognito-local's operation
 * table, the pool and app client a request names, tokens issued as Cognito issues them, and the
 * claims of a token this service signed.
 */
import { createPublicKey, sign, verify } from 'node:crypto';
import type { JsonWebKey as NodeJsonWebKey } from 'node:crypto';
import { InvalidParameterError, loadedKeyModules, NotAuthorizedError } from './cognito-local';
import type { AppClient, Context, Services, User, UserPoolService } from './cognito-local';
import { decodeJwtPayload } from '../core/session-format';

/** Cognito's wording, which the Authenticator shows as is. */
export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
/** How long an SRP challenge or a new-password session may be answered, as in Cognito. */
export const CHALLENGE_TTL_MS = 3 * 60_000;

export type Request = Record<string, unknown> & {
  ClientId?: string;
  AuthFlow?: string;
  AuthParameters?: Record<string, string>;
  ChallengeName?: string;
  ChallengeResponses?: Record<string, string>;
  ClientMetadata?: Record<string, string>;
  Session?: string;
  RefreshToken?: string;
  AccessToken?: string;
  UserPoolId?: string;
  Username?: string;
};
export type Operation = (services: Services) => (ctx: Context, req: Request) => Promise<object>;

export async function poolAndClient(services: Services, ctx: Context, clientId: string | undefined) {
  if (!clientId) throw new InvalidParameterError('Missing required parameter ClientId');
  const client = await services.cognito.getAppClient(ctx, clientId);
  if (!client) throw new NotAuthorizedError('Client is not known to this user pool.');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  return { userPool, client };
}

export async function issueTokens(
  services: Services,
  ctx: Context,
  userPool: UserPoolService,
  client: AppClient,
  user: User,
  req: Request,
) {
  const groups = await userPool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(
    ctx,
    user,
    groups,
    client,
    req.ClientMetadata,
    'Authentication',
  );
  await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, TokenType: 'Bearer' } };
}

/** The key the service signs with: this start's own, once `installSigningKey` has run. */
const signingKey = () => createPublicKey({ key: loadedKeyModules.public.jwk as NodeJsonWebKey, format: 'jwk' });

/** Claims of a token this service signed, or null if its signature, type or expiry is wrong. */
export function verifiedClaims(token: string | undefined, tokenUse?: 'access'): Record<string, unknown> | null {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), signingKey(), Buffer.from(signature, 'base64url')))
    return null;
  const claims = decodeJwtPayload(token);
  if (typeof claims?.exp !== 'number' || claims.exp * 1000 <= Date.now()) return null;
  if (tokenUse && claims.token_use !== tokenUse) return null;
  return claims;
}

/**
 * A token this service signed, with some claims changed and signed again by the same key under the
 * same header: how a refresh keeps the `auth_time` of the sign-in it renews, which cognito-local
 * sets to the moment of renewal.
 */
export function withClaims(token: string, changes: Record<string, unknown>): string {
  const [header, payload] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), ...changes };
  const signed = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = sign('RSA-SHA256', Buffer.from(signed), loadedKeyModules.private.pem).toString('base64url');
  return `${signed}.${signature}`;
}
