/**
 * UpdateUserAttributes as Cognito checks it, which cognito-local 5.3.0 does not: a user's own access
 * token writes only the attributes in its app client's WriteAttributes ("After your user
 * authenticates in your app, their access token authorizes them to set or modify their own
 * attribute value for any attribute in this list", UserPoolClientType WriteAttributes). So a reader
 * cannot write the company email recorded at grant (core/pool-attributes.ts) here either.
 */
import { NotAuthorizedError } from './cognito-local';
import type { Context, Services } from './cognito-local';
import { decodeJwtPayload } from '../core/session-format';

type Request = Record<string, unknown> & { AccessToken?: string; UserAttributes?: { Name?: string }[] };
type Operation = (services: Services) => (ctx: Context, req: Request) => Promise<object>;

export function onlyClientWriteAttributes(original: Operation): Operation {
  return (services) => async (ctx, req) => {
    const clientId = decodeJwtPayload(req.AccessToken ?? '')?.client_id;
    const client = typeof clientId === 'string' ? await services.cognito.getAppClient(ctx, clientId) : null;
    // Without WriteAttributes a client writes the standard attributes (the documented default);
    // the handbook's client always lists them.
    const writable = client?.WriteAttributes;
    if (writable && (req.UserAttributes ?? []).some(({ Name }) => !Name || !writable.includes(Name))) {
      // Cognito's wording for this refusal.
      throw new NotAuthorizedError('A client attempted to write unauthorized attribute');
    }
    return original(services)(ctx, req);
  };
}
