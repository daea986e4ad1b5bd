/**
 * How the local hosted sign-in (`google-stand-in.ts`, `hosted-token.ts`) answers: redirects,
 * its small HTML pages (never framed), JSON, and the form bodies it reads, bounded.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../core/escape-html';

/**
 * A registered URL only, as in Cognito: `npm start` and `npm run serve` register their own port's
 * sign-in route as they start (identity/launch.ts `registerSitePort`), so a code never goes to
 * another program listening on loopback (security review 2, finding 9).
 */
export function isAllowedReturn(candidate: string, registered: readonly string[] | undefined): boolean {
  return registered?.includes(candidate) ?? false;
}

export function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { Location: location, 'Cache-Control': 'no-store' });
  response.end();
}

export function page(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // No page may frame the account chooser and have the reader click an account (finding 9).
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f3f4;color:#202124}
main{background:#fff;border-radius:8px;padding:2rem;max-width:26rem;width:calc(100% - 2rem);box-sizing:border-box;box-shadow:0 1px 3px #0003}
h1{font-size:1.5rem;font-weight:400;margin:0 0 .25rem}p{margin:.25rem 0 1rem;color:#5f6368}
ul{list-style:none;padding:0;margin:0 0 1rem}li+li{border-top:1px solid #dadce0}
button{all:unset;box-sizing:border-box;display:block;width:100%;padding:.75rem .5rem;cursor:pointer}
button:hover,button:focus-visible{background:#e8f0fe;outline:2px solid #1a73e8}
.name{display:block;font-weight:500}.email{display:block;color:#5f6368;font-size:.875rem}
.note{font-size:.8125rem}a{color:#1a73e8}
@media (prefers-color-scheme:dark){body{background:#202124;color:#e8eaed}main{background:#2d2e31;box-shadow:0 1px 3px #0008}
p,.email{color:#bdc1c6}li+li{border-top-color:#5f6368}a{color:#8ab4f8}
button:hover,button:focus-visible{background:#394457;outline-color:#8ab4f8}}
</style></head><body><main>${body}</main></body></html>`);
}

/** A sign-in whose state is unknown or used up: it cannot continue, only start again. */
export function signInExpired(response: ServerResponse): void {
  page(response, 400, 'Sign-in error', '<h1>This sign-in has expired</h1><p>Start again from the handbook.</p>');
}

export function json(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    // The token endpoint is called by the page itself: request-guard.ts allows the handbook's origin.
  });
  response.end(JSON.stringify(body));
}

export async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
