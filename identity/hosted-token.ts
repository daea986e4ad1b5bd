/**
 * The local hosted sign-in's token endpoint, `POST /oauth2/token`: an authorization code (once,
 * for the client, redirect URI and PKCE S256 verifier it was issued for) or a refresh token,
 * exchanged for tokens in the shape of Cognito's documented endpoint:
 * https://docs.aws.amazon.com/cognito/latest/developerguide/token-endpoint.html
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppClient, Context, Services, User } from './cognito-local';
import type { ExpiringStore } from './expiring-store';
import { formBody, json } from './hosted-http';

/** What `/oauth2/authorize` recorded of a sign-in, checked again when its code is exchanged. */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scope: string;
}

const SECONDS_PER_UNIT = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;

/** The access token's lifetime as the app client sets it (cognito-local's default: 24 hours). */
function accessTokenSeconds(client: AppClient): number {
  const unit = (client.TokenValidityUnits?.AccessToken ?? 'hours') as keyof typeof SECONDS_PER_UNIT;
  return (client.AccessTokenValidity ?? 24) * (SECONDS_PER_UNIT[unit] ?? 3600);
}

export interface TokenEndpoint {
  services: Services;
  ctx: Context;
  authorizationCodes: ExpiringStore<AuthorizeRequest & { username: string }>;
  appClient(clientId: string | null): Promise<AppClient | null>;
}

export async function token(
  { services, ctx, authorizationCodes, appClient }: TokenEndpoint,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const form = await formBody(request);
  const clientId = form.get('client_id');
  const client = await appClient(clientId);
  if (!client || !clientId) return json(response, 400, { error: 'invalid_client' });
  const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId);
  let user: User | null = null;
  const grant = form.get('grant_type');
  if (grant === 'authorization_code') {
    const issued = authorizationCodes.take(form.get('code'))?.value;
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      !issued ||
      issued.clientId !== clientId ||
      issued.redirectUri !== form.get('redirect_uri') ||
      issued.codeChallenge !== challenge
    ) {
      return json(response, 400, { error: 'invalid_grant' });
    }
    user = await userPool.getUserByUsername(ctx, issued.username);
  } else if (grant === 'refresh_token') {
    user = await userPool.getUserByRefreshToken(ctx, form.get('refresh_token') ?? '');
  } else {
    return json(response, 400, { error: 'unsupported_grant_type' });
  }
  if (!user || user.Enabled === false) return json(response, 400, { error: 'invalid_grant' });
  const groups = await userPool.listUserGroupMembership(ctx, user);
  const source = grant === 'refresh_token' ? 'RefreshTokens' : 'HostedAuth';
  const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, undefined, source);
  if (grant === 'authorization_code') await userPool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  json(response, 200, {
    access_token: tokens.AccessToken,
    id_token: tokens.IdToken,
    ...(grant === 'authorization_code' ? { refresh_token: tokens.RefreshToken } : {}),
    token_type: 'Bearer',
    expires_in: accessTokenSeconds(client),
  });
}
