/**
 * A budget of sign-in steps per peer (security review 3, finding 6): an SRP step costs the service
 * about 60-120 ms of modular exponentiation on its one thread, so 12 `InitiateAuth` a second from
 * one process kept a reader's sign-in waiting 3.6 s. Each peer address gets 3 sign-in steps a
 * second in bursts of 12 (a sign-in takes two: `InitiateAuth` and `RespondToAuthChallenge`);
 * beyond, Cognito's own refusal, `TooManyRequestsException` (HTTP 400), before any work.
 * Per peer, not per user name: a budget per user would let anyone lock a reader out by naming them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestBudget } from '../core/request-budget';

const SIGN_IN_STEPS = new Set([
  'AWSCognitoIdentityProviderService.InitiateAuth',
  'AWSCognitoIdentityProviderService.RespondToAuthChallenge',
]);

export const SIGN_IN_STEPS_PER_SECOND = 3;
export const SIGN_IN_STEP_BURST = 12;

/** Answers a sign-in step over its peer's budget and returns false; true lets the request through. */
export function signInBudget(): (request: IncomingMessage, response: ServerResponse) => boolean {
  const take = createRequestBudget(SIGN_IN_STEPS_PER_SECOND, SIGN_IN_STEP_BURST);
  return (request, response) => {
    if (!SIGN_IN_STEPS.has(String(request.headers['x-amz-target'] ?? ''))) return true;
    const retryAfter = take(request.socket.remoteAddress ?? '');
    if (retryAfter === 0) return true;
    // Cognito's InitiateAuth errors (API reference): "TooManyRequestsException: This exception is
    // thrown when the user has made too many requests for a given operation", HTTP status 400.
    response.writeHead(400, {
      'Content-Type': 'application/x-amz-json-1.1',
      'Cache-Control': 'no-store',
      'Retry-After': String(retryAfter),
    });
    response.end(
      JSON.stringify({ __type: 'TooManyRequestsException', message: 'Too many sign-in attempts: try again shortly.' }),
    );
    return false;
  };
}
