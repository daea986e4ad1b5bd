/**
 * The one module that reaches into cognito-local. The package has no public API beyond its command
 * line and no `exports` map; the local identity service rebuilds its server from these internal
 * modules (`server.ts`), extends its operation table (`extensions.ts`), replaces its signing key
 * (`signing-key.ts`), wraps its triggers (`standard-claims.ts`) and its token generator
 * (`federated-identities.ts`). The version they were written
 * for is checked first (core/installed-seams.ts); identity/README.md, "Upgrading cognito-local",
 * says what to re-check on another.
 */
import '../core/installed-seams';
import './quiet-aws-sdk';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import * as AWS from 'aws-sdk';
import packagedPrivateKey from 'cognito-local/lib/keys/cognitoLocal.private.json';
import packagedPublicKey from 'cognito-local/lib/keys/cognitoLocal.public.json';

export {
  CodeMismatchError,
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  PasswordResetRequiredError,
  UserNotConfirmedException,
  UserNotFoundError,
} from 'cognito-local/lib/errors';
export { loadConfig } from 'cognito-local/lib/server/config';
export { Router } from 'cognito-local/lib/server/Router';
export { createServer as createCognitoServer } from 'cognito-local/lib/server/server';
export { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services';
export type { Services, Triggers } from 'cognito-local/lib/services';
export type { AppClient } from 'cognito-local/lib/services/appClient';
export type { Context } from 'cognito-local/lib/services/context';
export { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
export { CryptoService } from 'cognito-local/lib/services/crypto';
export { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
export { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender';
export { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery';
export { otp } from 'cognito-local/lib/services/otp';
export { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
export type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
export { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService';
export type { User, UserPoolService } from 'cognito-local/lib/services/userPoolService';
export { Targets } from 'cognito-local/lib/targets/targets';

/** cognito-local's Lambda client for triggers (aws-sdk v2): built as its own server builds it, never called here. */
export const LambdaClient = AWS.Lambda;

/**
 * The loaded key modules: cognito-local reads them on every signature and every JWKS request, so
 * what is written into them is what it signs with and publishes (`signing-key.ts`).
 */
export const loadedKeyModules = {
  private: packagedPrivateKey as { jwk: object; pem: string },
  public: packagedPublicKey as { jwk: object; pem?: string },
};

/** The key pair as the npm package ships it, read from disk: the loaded module may have been replaced. */
export function readPackagedPrivateKey(): { jwk: { kid: string }; pem: string } {
  return JSON.parse(readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as {
    jwk: { kid: string };
    pem: string;
  };
}

type JwtSign = (
  payload: object,
  key: string,
  options?: { keyid?: string; algorithm?: 'RS256' },
  ...rest: unknown[]
) => string;

/** cognito-local's own copy of jsonwebtoken, whose `sign` it looks up on each call. */
export function cognitoLocalJsonwebtoken(): { sign: JwtSign } {
  return createRequire(require.resolve('cognito-local/package.json'))('jsonwebtoken') as { sign: JwtSign };
}
