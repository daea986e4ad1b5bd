/**
 * An `email` attribute as Cognito takes it. Cognito says "some attribute values have format
 * restrictions" (developer guide, "Working with user attributes",
 * https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-settings-attributes.html) and
 * answers a write of an email it does not take with InvalidParameterException "Invalid email address
 * format."; cognito-local 5.3.0 stores any string. The local service refuses at least what no single
 * address holds: whitespace, control characters (a line break or ESC in an admin report, security
 * review 4 finding 5), anything but one `@` between a local part and a dotted domain, or more than
 * the 254 characters of RFC 5321's path limit (section 4.5.3.1.3, less its angle brackets).
 */
import { InvalidParameterError } from './cognito-local';
import type { Operation } from './pool-operations';

const ONE_ADDRESS = /^[^\s@\p{Cc}\p{Cf}\p{Z}]+@[^\s@\p{Cc}\p{Cf}\p{Z}]+\.[^\s@\p{Cc}\p{Cf}\p{Z}]+$/u;
const MAX_LENGTH = 254;

export function isAcceptedEmail(value: string): boolean {
  return value.length <= MAX_LENGTH && ONE_ADDRESS.test(value);
}

type AttributeList = { Name?: string; Value?: string }[] | undefined;

/** The operation, refusing first a request whose attributes set an email Cognito would not take. */
export function refusingMalformedEmail(original: Operation): Operation {
  return (services) => async (ctx, req) => {
    const attributes = req.UserAttributes as AttributeList;
    if ((attributes ?? []).some(({ Name, Value }) => Name === 'email' && !isAcceptedEmail(Value ?? ''))) {
      throw new InvalidParameterError('Invalid email address format.');
    }
    return original(services)(ctx, req);
  };
}
