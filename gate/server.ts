/**
 * The gate server: serves a production build, and of it only the sign-in shell to a visitor
 * without a valid session (see `decide.ts`). Files are sent only from the manifest's list, so no
 * request path can reach outside the build.
 */
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { PREVIEW_ROBOTS_HEADER, previewOfKey } from '../core/preview';
import { accessLogLine } from './access-log';
import type { PageLoad } from './access-log';
import { clientAddressOf, NO_TRUSTED_PROXIES } from './client-address';
import type { TrustedProxies } from './client-address';
import { createAnswerQueue } from './client-limits';
import { createRequestBudget } from '../core/request-budget';
import { compressedCopies } from './compression';
import { createConnectionSlots, refuseConnection } from './connection-slots';
import { decide, siteOf, wantsPage } from './decide';
import type { Decision, GateRequest } from './decide';
import { contentSecurityPolicy, cacheControl, securityHeaders } from './headers';
import { answersHost, SERVED_ON_LOOPBACK_ONLY } from './local-mode';
import { listBuildFiles, readManifest, readPreviewManifest } from './manifest';
import type { GateManifest } from './manifest';
import { siteForOrigin } from './preview-route';
import type { Origin } from './preview-route';
import { plainTextResponse, responseFor } from './response';
import type { GateResponse } from './response';
import { sendFile } from './send-file';
import { createSessionChecker } from './session';
import type { VerifiedSession, SessionChecker } from './session';

/** For a load balancer: answered without a session, always the same few bytes. */
export const HEALTH_PATH = '/healthz';

/**
 * How long and how many connections a docs server allows: a request's headers arrive within 10 s
 * and the whole request within 20 s (GET and HEAD carry no body), an idle keep-alive connection is
 * closed after 5 s, a socket with nothing sent or received for 15 s is dropped, and at most 512
 * connections are open at once (a browser opens about six; a proxy in front pools its own), shared
 * fairly between clients (`connection-slots.ts`). One client (an IPv4 address, an IPv6 /64) takes a
 * bounded share (`client-limits.ts`): 64 connections (not a trusted proxy, on whose connections
 * every reader behind it arrives), 100 requests a second with bursts of 400 (a page load asks for
 * about 40 files), and 8 pipelined requests waiting on one connection (browsers never pipeline).
 */
export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  idleTimeoutMs: number;
  maxConnections: number;
  maxRequestsPerSocket: number;
  /** How often Node looks for connections past the header and request timeouts. */
  checkIntervalMs: number;
  maxConnectionsPerAddress: number;
  requestsPerSecondPerAddress: number;
  requestBurstPerAddress: number;
  /** Requests that may wait on one connection behind the one being answered. */
  maxWaitingPerConnection: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 15_000,
  maxConnections: 512,
  maxRequestsPerSocket: 100,
  checkIntervalMs: 1_000,
  maxConnectionsPerAddress: 64,
  requestsPerSecondPerAddress: 100,
  requestBurstPerAddress: 400,
  maxWaitingPerConnection: 8,
};

/** How long a client over its share is asked to wait before its next connection. */
const CONNECTION_RETRY_AFTER_SECONDS = 5;

export interface GateServerOptions {
  buildDir: string;
  manifest?: GateManifest;
  sessions?: SessionChecker;
  /**
   * The proxies (TLS-terminating, in front) whose `X-Forwarded-Proto` and `X-Forwarded-For` are
   * believed, on their connections only: the last value of each is the proxy's. None by default.
   */
  trustedProxies?: TrustedProxies;
  limits?: Partial<ConnectionLimits>;
  /** Where the access log goes, a line at a time; stdout by default. */
  log?: (line: string) => void;
  /** Where a fault (every 5xx the gate did not mean to answer) is reported with its cause; stderr by default. */
  reportFault?: (message: string) => void;
  /** Preview builds served under `/previews/<N>/` (core/preview.ts), by the same decision. */
  previews?: PreviewBuild[];
  /**
   * Which origin this server is (gate/preview-route.ts `siteForOrigin`): production's (default),
   * which serves no preview, or the previews' own, which serves the previews and the sign-in shell.
   */
  origin?: Origin;
  /**
   * The host name the previews' origin answers for; a request naming another (production's name on
   * another port would share production's cookies) is answered 421 with the address to use.
   */
  servedHost?: string;
  /** On the previews' origin: production's origin, where a production page asked for here is sent. */
  productionOrigin?: string;
}

export interface PreviewBuild {
  pullRequest: number;
  buildDir: string;
}

/**
 * Each preview's files and compressed copies; it must be built for the number it is served as (its
 * pages link their bundles under `/previews/<N>/`) and sign in against production's pool.
 */
function servedPreviews(previews: PreviewBuild[], manifest: GateManifest) {
  return new Map(
    previews.map(({ pullRequest, buildDir }) => {
      const previewAuth = readPreviewManifest(buildDir, pullRequest).auth;
      if (previewAuth.issuer !== manifest.auth.issuer || previewAuth.clientId !== manifest.auth.clientId) {
        throw new Error(
          `The preview in ${buildDir} signs in against ${previewAuth.issuer} (client ${previewAuth.clientId}), not production's pool: build both with the same variables.`,
        );
      }
      const files = listBuildFiles(buildDir);
      return [pullRequest, { files, compressed: compressedCopies(buildDir, files) }] as const;
    }),
  );
}

/** The host name of a Host header, lower-cased, without its port (`[::1]:3001` → `::1`). */
function hostNameOf(host: string | undefined): string {
  const name = /^(\[[^\]]*\]|[^:]*)/.exec(host ?? '')?.[1] ?? '';
  return name.replace(/^\[|\]$/g, '').toLowerCase();
}

function isHealthCheck(request: IncomingMessage): boolean {
  const path = (request.url ?? '').split('?')[0];
  return path === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD');
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
    secFetchSite: request.headers['sec-fetch-site'] as string | undefined,
  };
}

function isHttps(request: IncomingMessage, proxies: TrustedProxies): boolean {
  if ('encrypted' in request.socket) return true;
  if (!proxies.trusts(request.socket.remoteAddress)) return false;
  // The proxy in front sets or appends the last value; earlier ones came from the client.
  const forwarded = String(request.headers['x-forwarded-proto'] ?? '').split(',');
  return forwarded[forwarded.length - 1].trim().toLowerCase() === 'https';
}

function answer(response: ServerResponse, { status, statusText, headers, body }: GateResponse): void {
  response.writeHead(status, statusText, headers);
  response.end(body);
}

/** Written straight to a connection refused a slot, before it has sent anything. */
function overloadedConnectionAnswer(): string {
  const body = 'Too many connections from your address, or to the gate: try again in a few seconds.\n';
  return [
    'HTTP/1.1 503 Service Unavailable',
    `Retry-After: ${CONNECTION_RETRY_AFTER_SECONDS}`,
    'Content-Type: text/plain; charset=utf-8',
    'Cache-Control: no-store',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

export function createGateServer(options: GateServerOptions): http.Server {
  const manifest = options.manifest ?? readManifest(options.buildDir);
  const files = listBuildFiles(options.buildDir);
  const previews = servedPreviews(options.previews ?? [], manifest);
  const site = siteForOrigin(
    siteOf(manifest, files, new Map([...previews].map(([number, preview]) => [number, preview.files]))),
    options.origin ?? 'production',
    options.productionOrigin,
  );
  const compressed = compressedCopies(options.buildDir, files);
  const sessions = options.sessions ?? createSessionChecker(manifest.auth);
  const csp = contentSecurityPolicy(manifest);
  const proxies = options.trustedProxies ?? NO_TRUSTED_PROXIES;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const reportFault = options.reportFault ?? ((message: string) => process.stderr.write(`${message}\n`));

  const answerInTurn = createAnswerQueue(limits.maxWaitingPerConnection);
  const slots = createConnectionSlots({ perClient: limits.maxConnectionsPerAddress, total: limits.maxConnections });
  const takeRequest = createRequestBudget(limits.requestsPerSecondPerAddress, limits.requestBurstPerAddress);
  const refusedConnections = new WeakSet<Socket>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Shutting down: finish this request, then close the connection.
    if (!server.listening) response.shouldKeepAlive = false;
    const gateRequest = gateRequestOf(request);
    const logPageLoad = (load: Omit<PageLoad, 'time' | 'path'>) => {
      if (gateRequest && wantsPage(gateRequest))
        log(accessLogLine({ time: new Date(), path: gateRequest.path, ...load }));
    };
    if (!answersHost(manifest.auth, request.headers.host)) {
      answer(response, plainTextResponse(421, SERVED_ON_LOOPBACK_ONLY));
      logPageLoad({ decision: 'misdirected', status: 421, session: null });
      return;
    }
    if (isHealthCheck(request)) {
      answer(response, plainTextResponse(200, 'ok'));
      return;
    }
    if (options.servedHost !== undefined && hostNameOf(request.headers.host) !== options.servedHost) {
      const port = request.socket.localPort;
      answer(response, plainTextResponse(421, `Previews are served at http://${options.servedHost}:${port}/ only.`));
      logPageLoad({ decision: 'misdirected', status: 421, session: null });
      return;
    }
    let session: VerifiedSession | null = null;
    const decision: Decision = gateRequest
      ? await decide(gateRequest, site, async () => (session = await sessions.readSession(request.headers.cookie)))
      : { action: 'refuse', status: 400, reason: 'Bad request target.' };
    if (decision.action !== 'serve') {
      logPageLoad({ decision: decision.action, status: decision.status, session });
      answer(response, responseFor(decision));
      return;
    }
    // Logged once answered, with the status sent: a failed precondition or read is not a 200.
    response.once('close', () => logPageLoad({ decision: 'serve', status: response.statusCode, session }));
    response.statusCode = decision.status;
    // A preview's file is named by its bucket key, `previews/<N>/<file of its build>`.
    const preview = previewOfKey(decision.file);
    const file = preview?.file ?? decision.file;
    const copies = preview ? previews.get(preview.pullRequest)!.compressed : compressed;
    response.setHeader('Cache-Control', cacheControl(file, decision.access));
    if (preview) for (const [name, value] of Object.entries(PREVIEW_ROBOTS_HEADER)) response.setHeader(name, value);
    sendFile(
      request,
      response,
      copies.representationOf(file, request.headers['accept-encoding'], response),
      reportFault,
    );
  }

  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    (request, response) => {
      // A load balancer's health check is answered whatever the address's budget: one flooding
      // client behind the same address must not take the gate out of service.
      const retryAfter = isHealthCheck(request) ? 0 : takeRequest(clientAddressOf(request, proxies));
      const start = () => {
        response.once('close', slots.busy(request.socket));
        for (const [name, value] of Object.entries(securityHeaders(csp, isHttps(request, proxies)))) {
          response.setHeader(name, value);
        }
        if (retryAfter > 0) {
          const text = 'Too many requests from your address: try again in a few seconds.';
          answer(response, plainTextResponse(503, text, { 'Retry-After': String(retryAfter) }));
          return;
        }
        handle(request, response).catch((error: unknown) => {
          reportFault(
            `500 for ${gateRequestOf(request)?.path ?? 'a bad request target'}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          );
          if (!response.headersSent) answer(response, plainTextResponse(500, 'The gate failed; nothing was served.'));
          else response.destroy();
        });
      };
      if (refusedConnections.has(request.socket)) return;
      if (!answerInTurn(request.socket, response, start)) request.socket.destroy();
    },
  );
  // Under Node's own timeouts (seen on Node 20) a connection that sends nothing (or a byte) was seen to stay open
  // indefinitely: it gets the header deadline for its first request; keep-alive bounds the rest.
  const firstRequestDeadlines = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    if (!proxies.trusts(socket.remoteAddress) && !slots.admit(socket)) {
      refusedConnections.add(socket);
      refuseConnection(socket, overloadedConnectionAnswer());
      return;
    }
    const deadline = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    firstRequestDeadlines.set(socket, deadline);
    socket.once('close', () => clearTimeout(deadline));
  });
  server.on('request', (request: IncomingMessage) => clearTimeout(firstRequestDeadlines.get(request.socket)));
  server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
  server.setTimeout(limits.idleTimeoutMs);
  return server;
}

/**
 * Stops taking connections, lets the requests under way finish (their connections then close),
 * and resolves once all are done; connections still open after `graceMs` are cut.
 */
export function closeGracefully(server: http.Server, graceMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(deadline);
      resolve();
    });
    server.closeIdleConnections();
  });
}
