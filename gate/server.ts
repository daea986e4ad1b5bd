/**
 * The gate server: serves a production build, and of it only the sign-in shell to a visitor
 * without a valid session (see `decide.ts`). Files are sent only from the manifest's list, so no
 * request path can reach outside the build.
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import send from 'send';
import { compressedCopies } from './compression';
import { decide, siteOf } from './decide';
import type { Decision, GateRequest } from './decide';
import { contentSecurityPolicy, cacheControl, securityHeaders } from './headers';
import { listBuildFiles, readManifest } from './manifest';
import type { GateManifest } from './manifest';
import { createSessionChecker } from './session';
import type { SessionChecker } from './session';

export const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export interface GateServerOptions {
  buildDir: string;
  manifest?: GateManifest;
  sessions?: SessionChecker;
}

function gateRequestOf(request: IncomingMessage): GateRequest | null {
  const target = request.url ?? '';
  // Only origin-form targets ("/path?query"): no absolute URLs, no "*".
  if (!target.startsWith('/')) return null;
  const queryStart = target.indexOf('?');
  return {
    method: request.method ?? '',
    path: queryStart === -1 ? target : target.slice(0, queryStart),
    query: queryStart === -1 ? '' : target.slice(queryStart + 1),
    accept: request.headers.accept,
    secFetchDest: request.headers['sec-fetch-dest'] as string | undefined,
  };
}

/** A local-mode build trusts a signing key anyone can download: only loopback may reach it. */
function hostIsLoopback(request: IncomingMessage): boolean {
  const host = request.headers.host ?? '';
  const name = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : host.split(':')[0];
  return LOOPBACK_HOSTS.has(name);
}

function isHttps(request: IncomingMessage): boolean {
  return 'encrypted' in request.socket || request.headers['x-forwarded-proto'] === 'https';
}

function answer(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  response.end(`${text}\n`);
}

export function createGateServer(options: GateServerOptions): http.Server {
  const manifest = options.manifest ?? readManifest(options.buildDir);
  const files = listBuildFiles(options.buildDir);
  const site = siteOf(manifest, files);
  const compressed = compressedCopies(options.buildDir, files);
  const sessions = options.sessions ?? createSessionChecker(manifest.auth);
  const csp = contentSecurityPolicy(manifest);
  const localOnly = manifest.auth.mode === 'local';

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(securityHeaders(csp, isHttps(request)))) {
      response.setHeader(name, value);
    }
    if (localOnly && !hostIsLoopback(request)) {
      answer(response, 421, 'This build signs in against the local identity service and is served on loopback only.');
      return;
    }
    const gateRequest = gateRequestOf(request);
    const decision: Decision = gateRequest
      ? await decide(gateRequest, site, () => sessions.readSession(request.headers.cookie))
      : { action: 'refuse', status: 400, reason: 'Bad request target.' };

    if (decision.action === 'redirect') {
      response.writeHead(decision.status, { Location: decision.location, 'Cache-Control': 'no-store' });
      response.end();
      return;
    }
    if (decision.action === 'refuse') {
      answer(response, decision.status, decision.reason, decision.status === 405 ? { Allow: 'GET, HEAD' } : {});
      return;
    }
    response.statusCode = decision.status;
    response.setHeader('Cache-Control', cacheControl(decision));
    const { root, path } = compressed.representationOf(decision.file, request.headers['accept-encoding'], response);
    send(request, path, { root, index: false, dotfiles: 'deny', cacheControl: false })
      .on('error', (error: { status?: number; headers?: Record<string, string> }) => {
        response.removeHeader('Content-Encoding');
        if (error.status === 416) answer(response, 416, 'Range not satisfiable.', error.headers);
        else answer(response, 404, 'Not found.');
      })
      .pipe(response);
  }

  return http.createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) answer(response, 500, 'The gate failed; nothing was served.');
      else response.destroy();
    });
  });
}
