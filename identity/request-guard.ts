/**
 * What the local identity service answers, and to whom (security review 2, finding 6): it listens
 * on loopback only, answers only a loopback `Host` (a DNS-rebinding page names another), lets pages
 * call only the operations Amplify makes in a browser, and lets only loopback pages read its
 * answers (CORS). Administrative operations (`Admin*`, `ListUsers`, `CreateUserPool`, ...) answer
 * only the project's own tools (the test kit, `npm run offboard` against it, scripts): processes
 * that, unlike any browser, send no `Origin` nor `Sec-Fetch-Site`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackHost, isLoopbackHostPort } from '../core/loopback';

/** The Cognito operations Amplify and Amplify UI make from a page: sign-in (TOTP too), renewal, reset, sign-out. */
const PAGE_OPERATIONS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'GetTokensFromRefreshToken',
  'GlobalSignOut',
  'RevokeToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'GetUserAttributeVerificationCode',
  'VerifyUserAttribute',
]);

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

function fromBrowser(request: IncomingMessage): boolean {
  return request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined;
}

function loopbackOrigin(origin: string | undefined): boolean {
  try {
    const url = new URL(origin ?? '');
    return url.protocol === 'http:' && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.1', 'Cache-Control': 'no-store' });
  response.end(JSON.stringify({ __type: 'NotAuthorizedException', message }));
}

/** Answers a request it refuses and returns false; otherwise lets it through, its CORS answer narrowed. */
export function guardRequest(request: IncomingMessage, response: ServerResponse): boolean {
  if (!isLoopbackHostPort(request.headers.host)) {
    refuse(response, 421, 'The local identity service answers only on loopback.');
    return false;
  }
  const target = String(request.headers['x-amz-target'] ?? '');
  const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  if (operation && !PAGE_OPERATIONS.has(operation) && fromBrowser(request)) {
    refuse(response, 403, `${operation} answers only the project's own tools, never a web page.`);
    return false;
  }
  // cognito-local allows every origin (`*`); only the handbook's pages, on loopback, may read answers.
  const allowed = loopbackOrigin(request.headers.origin) ? request.headers.origin : undefined;
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) => {
    if (name.toLowerCase() !== 'access-control-allow-origin') return setHeader(name, value);
    return allowed ? setHeader(name, allowed) : response;
  };
  if (allowed) {
    setHeader('Access-Control-Allow-Origin', allowed);
    setHeader('Vary', 'Origin');
  }
  return true;
}
