/**
 * The two Lambda@Edge functions as CloudFront runs them: each packaged bundle alone in a fresh Node
 * (no node_modules, no TypeScript, no network), given events shaped like the examples of AWS's
 * "Lambda@Edge event structure", for the event type it is associated with.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type {
  CloudFrontRequest,
  CloudFrontRequestEvent,
  CloudFrontResponseEvent,
  CloudFrontResultResponse,
} from 'aws-lambda';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { fixtureManifest, protectedText, writeFixtureBuild } from '../../testkit/fixture-build';
import { poolSessionCookie, testPoolKey } from '../../testkit/tokens';
import type { TestPoolKey } from '../../testkit/tokens';
import { parseLambdaLogLine } from '../../core/lambda-log-line';
import { packageEdge } from '../package-edge';
import { realPoolAuth } from '../../testkit/gate-auth';
import { headerRuleViolations } from './header-rules';
import type { HandledEventType } from './header-rules';

const auth = realPoolAuth({ userPoolId: 'eu-west-1_AbCdEf123', clientId: 'handbookwebclient' });
const manifest = { ...fixtureManifest(auth), connectSources: ['https://cognito-idp.eu-west-1.amazonaws.com'] };

const poolKey = testPoolKey();
const otherKey = testPoolKey('rotated');
/** The pool's JWKS as `npm run deploy` fetches it and packages it with the function. */
const { jwks } = poolKey;

function readerCookie(key: TestPoolKey = poolKey, groups?: string[]): string {
  return poolSessionCookie(auth, key, groups);
}

function fixtureEvent<T>(
  name: string,
  change: (cf: T extends { Records: { cf: infer Cf }[] } ? Cf : never) => void,
): T {
  const event = JSON.parse(readFileSync(path.join(__dirname, 'events', name), 'utf8')) as T & {
    Records: { cf: never }[];
  };
  change(event.Records[0].cf);
  return event;
}

const viewerRequestEvent = (change: (request: CloudFrontRequest) => void) =>
  fixtureEvent<CloudFrontRequestEvent>('viewer-request.json', (cf) => change(cf.request));
const originResponseEvent = (change: (cf: CloudFrontResponseEvent['Records'][0]['cf']) => void) =>
  fixtureEvent<CloudFrontResponseEvent>('origin-response.json', change);

interface Invocation {
  result?: unknown;
  error?: string;
  logs: string[];
  /** Outgoing connections the function tried to open. */
  connections: number;
  /** The URLs the function fetched through `fetch`, which the key host stand-in answers. */
  fetched: string[];
}

/**
 * The user pool's JWKS endpoint as the function sees it through `fetch`: the keys it publishes, or
 * `'silent'` for a host that accepts the request and never answers; absent, every fetch throws.
 */
type KeyHost = { jwks: Jwks; answersAfterMs?: number } | 'silent';

/** Fails on any result CloudFront would refuse with a 502 (see header-rules.ts). */
function assertHeaderRules(eventType: HandledEventType, events: unknown[], invocations: Invocation[]): void {
  invocations.forEach((invocation, index) => {
    const { cf } = (events[index] as CloudFrontRequestEvent | CloudFrontResponseEvent).Records[0];
    if (invocation.error || cf.config.eventType !== eventType) return;
    const result = invocation.result as CloudFrontRequest | CloudFrontResultResponse;
    const eventHeaders = 'response' in cf ? cf.response.headers : cf.request.headers;
    const generated = eventType === 'viewer-request' && 'status' in result;
    assert.deepEqual(headerRuleViolations(eventType, eventHeaders, result.headers, generated), [], `event ${index}`);
  });
}

/** A line as CloudWatch Logs stores it, read as `npm run readers` reads it; a line it could not read fails. */
function storedLine(line: string) {
  const stored = parseLambdaLogLine(line);
  assert.ok(stored, `not a Lambda text-format line with a JSON record: ${JSON.stringify(line)}`);
  return stored;
}

/**
 * Runs a packaged function's `index.handler` on each event in a fresh Node whose every outgoing
 * connection throws, so a function that tried to fetch anything would fail here; every result must
 * keep CloudFront's header rules for the function's event type.
 */
function invokePackaged(functionDir: string, events: unknown[], keyHost?: KeyHost): Invocation[] {
  const runner = path.join(root, 'invoke.js');
  writeFileSync(
    runner,
    `const net = require('node:net');
let connections = 0;
net.Socket.prototype.connect = function () { connections += 1; throw new Error('network call from an edge function'); };
const { events, keyHost } = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
let fetched = [];
globalThis.fetch = async (url, init = {}) => {
  fetched.push(String(url));
  if (!keyHost) throw new Error('network call from an edge function');
  if (keyHost === 'silent') {
    return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal.reason)));
  }
  if (keyHost.answersAfterMs) {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, keyHost.answersAfterMs);
      init.signal?.addEventListener('abort', () => (clearTimeout(timer), reject(init.signal.reason)));
    });
  }
  return new Response(JSON.stringify(keyHost.jwks), { status: 200, headers: { 'content-type': 'application/json' } });
};
const { handler } = require(process.argv[2]);
(async () => {
  const out = [];
  for (const event of events) {
    const logs = [];
    // The Node.js runtime's text format ("Log and monitor Node.js Lambda functions"): each console
    // line stored as time, request id, level and message, tab-separated.
    const requestId = require('node:crypto').randomUUID();
    const lambdaConsole = (level) => (...args) =>
      logs.push(new Date().toISOString() + '\\t' + requestId + '\\t' + level + '\\t' + require('node:util').format(...args) + '\\n');
    Object.assign(console, { log: lambdaConsole('INFO'), info: lambdaConsole('INFO'), warn: lambdaConsole('WARN'), error: lambdaConsole('ERROR') });
    connections = 0;
    fetched = [];
    try { out.push({ result: await handler(event), logs, connections, fetched }); }
    catch (error) { out.push({ error: error.message, logs, connections, fetched }); }
  }
  process.stdout.write(JSON.stringify(out));
})();`,
  );
  const run = spawnSync(process.execPath, [runner, path.join(functionDir, 'index.js')], {
    input: JSON.stringify({ events, keyHost }),
    encoding: 'utf8',
    cwd: root,
    env: { PATH: process.env.PATH },
  });
  assert.equal(run.status, 0, run.stderr);
  const invocations = JSON.parse(run.stdout) as Invocation[];
  assertHeaderRules(path.basename(functionDir) as HandledEventType, events, invocations);
  return invocations;
}

let root: string;
let edgeDir: string;
/** The previews' own host (the deploy config's `previewDomain`); the fixture event's Host is production's. */
const PREVIEW_HOST = 'previews.handbook.example.com';

before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'handbook-edge-'));
  edgeDir = path.join(root, 'edge');
  const build = writeFixtureBuild(manifest);
  // A page named after a version: its route's last segment looks like a file name.
  writeFileSync(path.join(build.buildDir, 'docs', 'python-3.12.html'), '<!doctype html><title>Python 3.12</title>');
  try {
    await packageEdge({
      buildDir: build.buildDir,
      outDir: edgeDir,
      jwks,
      previewHost: PREVIEW_HOST,
      siteHost: 'handbook.example.com',
    });
  } finally {
    build.remove();
  }
});
after(() => rmSync(root, { recursive: true, force: true }));

describe('CloudFront’s header rules', () => {
  // invokePackaged checks every result of every test; this one sends each kind of answer, for each
  // event type the functions handle, with the read-only headers present in the event.
  const readOnlyPresent = {
    via: [{ key: 'Via', value: '1.1 proxy.example.net' }],
    'transfer-encoding': [{ key: 'Transfer-Encoding', value: 'chunked' }],
  };

  test('viewer-request: no result adds, changes or drops a read-only header, or carries a disallowed one', () => {
    const withHeaders = (change: Partial<CloudFrontRequest>, cookie?: string) =>
      viewerRequestEvent((request) => {
        Object.assign(request, change);
        Object.assign(request.headers, readOnlyPresent, {
          'content-length': [{ key: 'Content-Length', value: '0' }],
        });
        if (cookie) request.headers.cookie = [{ key: 'Cookie', value: cookie }];
      });
    const results = invokePackaged(path.join(edgeDir, 'viewer-request'), [
      withHeaders({}),
      withHeaders({}, readerCookie()),
      withHeaders({ uri: '/search-index.json' }),
      withHeaders({ uri: '/search-index.json' }, readerCookie(poolKey, [])),
      withHeaders({ uri: '/sign-out' }),
      withHeaders({ uri: '/docs/guide.html' }),
      withHeaders({ uri: '/%2e%2e/x' }),
      withHeaders({ method: 'POST' }),
    ]);
    assert.equal(results.filter((invocation) => !invocation.error).length, 8);
  });

  test('origin-response: every status keeps the origin’s read-only headers', () => {
    const statuses = ['200', '304', '403', '404', '500'];
    const results = invokePackaged(
      path.join(edgeDir, 'origin-response'),
      statuses.flatMap((status) =>
        ['/docs/guide.html', '/assets/js/main.0123abcd.js'].map((uri) =>
          originResponseEvent((cf) => {
            cf.request.uri = uri;
            Object.assign(cf.response, { status });
            Object.assign(cf.response.headers, readOnlyPresent);
          }),
        ),
      ),
    );
    assert.equal(results.filter((invocation) => !invocation.error).length, statuses.length * 2);
  });
});

describe('packaging the edge functions', () => {
  test('refuses a local-mode build', async () => {
    const local = writeFixtureBuild(fixtureManifest());
    try {
      await assert.rejects(
        packageEdge({ buildDir: local.buildDir, outDir: path.join(root, 'local'), jwks }),
        /HANDBOOK_AUTH=local/,
      );
    } finally {
      local.remove();
    }
  });

  test('trusts the shell and the inline scripts of the live build and the new one, and ships the keys', async () => {
    const build = writeFixtureBuild({ ...manifest, inlineScriptHashes: ["'sha256-new'"] });
    const previous = {
      ...manifest,
      publicFiles: ['sign-in.html', 'assets/js/main.00000000.js'],
      inlineScriptHashes: ["'sha256-old'"],
    };
    try {
      const packaged = await packageEdge({
        buildDir: build.buildDir,
        outDir: path.join(root, 'union'),
        jwks,
        previous,
      });
      assert.ok(packaged.publicFiles.includes('assets/js/main.00000000.js'));
      assert.ok(packaged.publicFiles.includes('assets/js/main.0123abcd.js'));
      assert.deepEqual(packaged.inlineScriptHashes, ["'sha256-new'", "'sha256-old'"]);
      const shipped = JSON.parse(readFileSync(path.join(root, 'union', 'viewer-request', 'manifest.json'), 'utf8'));
      assert.deepEqual(shipped.jwks, jwks);
      assert.ok(
        readFileSync(path.join(root, 'union', 'origin-response', '404.html'), 'utf8').includes('Page Not Found'),
      );
    } finally {
      build.remove();
    }
  });
});

describe('the viewer-request function', () => {
  const cookie = () => [{ key: 'Cookie', value: readerCookie() }];

  test('sends a signed-out page load to sign in, refuses files and other methods, and serves the shell', () => {
    const [page, file, post, shell] = invokePackaged(path.join(edgeDir, 'viewer-request'), [
      viewerRequestEvent(() => {}),
      viewerRequestEvent((request) => Object.assign(request, { uri: '/search-index.json', headers: {} })),
      viewerRequestEvent((request) => Object.assign(request, { method: 'POST' })),
      viewerRequestEvent((request) => (request.uri = '/sign-in')),
    ]);
    const redirect = page.result as CloudFrontResultResponse;
    assert.equal(redirect.status, '302');
    assert.equal(redirect.statusDescription, 'Found');
    assert.equal(redirect.headers!.location[0].value, '/sign-in?returnTo=%2Fdocs%2Fguide%3Ftab%3D2');
    assert.equal(redirect.headers!['cache-control'][0].value, 'no-store');
    assert.match(redirect.headers!['strict-transport-security'][0].value, /max-age=/);
    assert.ok(JSON.stringify(redirect).length < 40 * 1024, 'a generated viewer response stays under 40 KB');
    assert.equal((file.result as CloudFrontResultResponse).status, '401');
    assert.equal((post.result as CloudFrontResultResponse).status, '405');
    assert.equal((post.result as CloudFrontResultResponse).headers!.allow[0].value, 'GET, HEAD');
    assert.equal((shell.result as CloudFrontRequest).uri, '/sign-in.html');
  });

  test('lets a signed-in reader through to the bucket key, percent-encoded, whatever the file list', () => {
    const results = invokePackaged(path.join(edgeDir, 'viewer-request'), [
      viewerRequestEvent((request) => (request.headers.cookie = cookie())),
      viewerRequestEvent((request) => Object.assign(request, { uri: '/', headers: { cookie: cookie() } })),
      viewerRequestEvent((request) => Object.assign(request, { uri: '/docs/new page', headers: { cookie: cookie() } })),
      viewerRequestEvent((request) =>
        Object.assign(request, { uri: '/assets/js/f00dfeed.01234567.js', headers: { cookie: cookie() } }),
      ),
      viewerRequestEvent((request) =>
        Object.assign(request, { uri: '/docs/python-3.12', headers: { cookie: cookie() } }),
      ),
      viewerRequestEvent((request) => Object.assign(request, { uri: '/docs/node-2.0', headers: { cookie: cookie() } })),
    ]);
    const uris = results.map((invocation) => (invocation.result as CloudFrontRequest).uri);
    assert.deepEqual(uris, [
      '/docs/guide.html',
      '/index.html',
      '/docs/new%20page.html',
      '/assets/js/f00dfeed.01234567.js',
      // The Node gate finds `python-3.12.html` in its file list; the edge, in the packaged page list.
      '/docs/python-3.12.html',
      '/docs/node-2.0',
    ]);
    assert.equal((results[0].result as CloudFrontRequest).querystring, 'tab=2');
  });

  test('refuses forged tokens without any network call; joins split cookies', () => {
    const forged = readerCookie().replace(/\.idToken=([^.]+)\.([^.]+)\.[^;]+/, '.idToken=$1.$2.AAAA');
    const [first, ...rest] = readerCookie().split('; ');
    const [forgedPage, split] = invokePackaged(path.join(edgeDir, 'viewer-request'), [
      viewerRequestEvent((request) => (request.headers.cookie = [{ key: 'Cookie', value: forged }])),
      viewerRequestEvent(
        (request) =>
          (request.headers.cookie = [
            { key: 'Cookie', value: first },
            { key: 'Cookie', value: rest.join('; ') },
          ]),
      ),
    ]);
    assert.equal((forgedPage.result as CloudFrontResultResponse).status, '302');
    assert.deepEqual(
      [forgedPage, split].map((invocation) => [invocation.connections, invocation.fetched.length]),
      [
        [0, 0],
        [0, 0],
      ],
    );
    assert.equal((split.result as CloudFrontRequest).uri, '/docs/guide.html');
  });

  test('survives a key rotation: one download of the pool’s keys, which the log reports', () => {
    const rotatedPage = () => viewerRequestEvent((request) => (request.headers.cookie = rotatedCookie()));
    const rotatedCookie = () => [{ key: 'Cookie', value: readerCookie(otherKey) }];
    const results = invokePackaged(
      path.join(edgeDir, 'viewer-request'),
      [rotatedPage(), rotatedPage(), viewerRequestEvent((request) => (request.headers.cookie = cookie()))],
      { jwks: otherKey.jwks },
    );
    assert.deepEqual(
      results.map((invocation) => (invocation.result as CloudFrontRequest).uri),
      ['/docs/guide.html', '/docs/guide.html', '/docs/guide.html'],
    );
    assert.deepEqual(results[0].fetched, [auth.jwksUri]);
    assert.deepEqual([results[1].fetched, results[2].fetched], [[], []]);
    const change = results[0].logs.map(storedLine).find((line) => line.record.event === 'jwks-changed');
    assert.equal(change?.level, 'WARN', 'the key-drift alarm matches a warning');
    assert.deepEqual(
      { ...change?.record, time: undefined },
      {
        time: undefined,
        event: 'jwks-changed',
        shipped: ['pool'],
        live: ['rotated'],
      },
    );
  });

  test('a key host far away, answering after 1.2 s, still delivers a rotated key: the edge waits about 2 s', () => {
    const started = performance.now();
    const [far] = invokePackaged(
      path.join(edgeDir, 'viewer-request'),
      [viewerRequestEvent((request) => (request.headers.cookie = [{ key: 'Cookie', value: readerCookie(otherKey) }]))],
      { jwks: otherKey.jwks, answersAfterMs: 1_200 },
    );
    assert.equal((far.result as CloudFrontRequest).uri, '/docs/guide.html', 'served after the slow download');
    assert.ok(performance.now() - started < 5_000, 'far under the viewer-request timeout');
  });

  test('a key host that does not answer costs one bounded wait, then refusals without waiting', () => {
    const [first, second] = invokePackaged(
      path.join(edgeDir, 'viewer-request'),
      [0, 1].map(() =>
        viewerRequestEvent((request) => (request.headers.cookie = [{ key: 'Cookie', value: readerCookie(otherKey) }])),
      ),
      'silent',
    );
    assert.equal((first.result as CloudFrontResultResponse).status, '302');
    assert.equal((second.result as CloudFrontResultResponse).status, '302');
    assert.deepEqual([first.fetched.length, second.fetched.length], [1, 0]);
  });

  test('logs one line per page load, naming the reader by id, never a token, a cookie, a query or an email', () => {
    const [signedIn, signedOut, script] = invokePackaged(path.join(edgeDir, 'viewer-request'), [
      viewerRequestEvent((request) => (request.headers.cookie = cookie())),
      viewerRequestEvent(() => {}),
      viewerRequestEvent((request) =>
        Object.assign(request, { uri: '/assets/js/main.0123abcd.js', headers: { cookie: cookie() } }),
      ),
    ]);
    assert.equal(signedIn.logs.length, 1);
    assert.deepEqual(
      { ...storedLine(signedIn.logs[0]).record, time: undefined },
      {
        time: undefined,
        event: 'page-load',
        userId: 'reader-sub',
        path: '/docs/guide',
        decision: 'serve',
        status: 200,
      },
    );
    assert.deepEqual(
      { ...storedLine(signedOut.logs[0]).record, time: undefined },
      {
        time: undefined,
        event: 'page-load',
        userId: null,
        path: '/docs/guide',
        decision: 'redirect',
        status: 302,
      },
    );
    assert.equal(script.logs.length, 0);
    for (const line of [...signedIn.logs, ...signedOut.logs]) {
      assert.doesNotMatch(line, /eyJ|idToken|accessToken|CognitoIdentityServiceProvider|@|tab=2/);
    }
  });

  test('empties the browser cache on sign-out, refuses other sites’ loads and readers outside the group', () => {
    const outsider = readerCookie(poolKey, []);
    const [signOut, crossSite, notReader] = invokePackaged(path.join(edgeDir, 'viewer-request'), [
      viewerRequestEvent((request) => Object.assign(request, { uri: '/sign-out', querystring: '' })),
      viewerRequestEvent((request) =>
        Object.assign(request, {
          uri: '/assets/js/0f1e2d3c.89abcdef.js',
          headers: {
            cookie: cookie(),
            'sec-fetch-dest': [{ key: 'Sec-Fetch-Dest', value: 'script' }],
            'sec-fetch-site': [{ key: 'Sec-Fetch-Site', value: 'same-site' }],
          },
        }),
      ),
      viewerRequestEvent((request) => (request.headers.cookie = [{ key: 'Cookie', value: outsider }])),
    ]);
    const [outsiderFile] = invokePackaged(path.join(edgeDir, 'viewer-request'), [
      viewerRequestEvent((request) =>
        Object.assign(request, {
          uri: '/search-index.json',
          headers: { cookie: [{ key: 'Cookie', value: outsider }] },
        }),
      ),
    ]);
    const cleared = signOut.result as CloudFrontResultResponse;
    assert.equal(cleared.status, '303');
    assert.equal(cleared.headers!['clear-site-data'][0].value, '"cache", "cookies"');
    assert.equal(cleared.headers!.location[0].value, '/sign-in');
    assert.equal((crossSite.result as CloudFrontResultResponse).status, '403');
    assert.equal(
      (crossSite.result as CloudFrontResultResponse).headers!['cross-origin-resource-policy'][0].value,
      'same-origin',
    );
    // Signed in, outside the group: the page goes to the sign-in page, which says so; files are forbidden.
    const toSignIn = notReader.result as CloudFrontResultResponse;
    assert.equal(toSignIn.status, '302');
    assert.equal(toSignIn.headers!.location[0].value, '/sign-in?returnTo=%2Fdocs%2Fguide%3Ftab%3D2');
    assert.equal(storedLine(notReader.logs[0]).record.userId, 'reader-sub', 'the log names who was turned away');
    const forbidden = outsiderFile.result as CloudFrontResultResponse;
    assert.equal(forbidden.status, '403');
    assert.match(forbidden.body ?? '', /administrator must add you to its reader group/);
  });

  test('fails loudly when associated with another event type', () => {
    const [wrong] = invokePackaged(path.join(edgeDir, 'viewer-request'), [originResponseEvent(() => {})]);
    assert.match(wrong.error ?? '', /handles viewer-request events, not origin-response/);
  });
});

describe('the origin-response function', () => {
  test('answers the bucket’s 404 for a missing page with the not-found page, keeping the read-only headers', () => {
    const [page, script, viaProxy] = invokePackaged(path.join(edgeDir, 'origin-response'), [
      originResponseEvent(() => {}),
      originResponseEvent((cf) => (cf.request.uri = '/assets/js/gone.01234567.js')),
      originResponseEvent((cf) => {
        cf.response.headers.via = [{ key: 'Via', value: '1.1 proxy.example.net' }];
        cf.response.headers['content-length'] = [{ key: 'Content-Length', value: '243' }];
      }),
    ]);
    const notFound = page.result as CloudFrontResultResponse;
    assert.equal(notFound.status, '404');
    assert.equal(notFound.headers!['cache-control'][0].value, 'no-store');
    assert.match(notFound.headers!['content-type'][0].value, /text\/html/);
    assert.deepEqual(notFound.headers!['transfer-encoding'], [{ key: 'Transfer-Encoding', value: 'chunked' }]);
    assert.match(notFound.body ?? '', /Page Not Found/);
    assert.doesNotMatch(notFound.body ?? '', new RegExp(protectedText));
    assert.equal((script.result as CloudFrontResultResponse).status, '404');
    assert.equal((script.result as CloudFrontResultResponse).body, 'Not found.\n');
    const proxied = viaProxy.result as CloudFrontResultResponse;
    assert.equal(proxied.headers!.via[0].value, '1.1 proxy.example.net');
    assert.equal(proxied.headers!['content-length'], undefined, 'the length of S3’s error body is not the page’s');
  });

  test('leaves a 403 (the distribution could not read the bucket) an error, never cached', () => {
    const [denied] = invokePackaged(path.join(edgeDir, 'origin-response'), [
      originResponseEvent((cf) => Object.assign(cf.response, { status: '403', statusDescription: 'Forbidden' })),
    ]);
    const result = denied.result as CloudFrontResultResponse;
    assert.equal(result.status, '403');
    assert.equal(result.headers!['cache-control'][0].value, 'no-store');
    assert.equal(result.body, undefined);
  });

  test('keeps a file’s status and sets the gate’s caching rule', () => {
    const ok = (uri: string) =>
      originResponseEvent((cf) => {
        Object.assign(cf.response, { status: '200', statusDescription: 'OK' });
        cf.request.uri = uri;
      });
    const [page, shell, chunk, index] = invokePackaged(path.join(edgeDir, 'origin-response'), [
      ok('/docs/guide.html'),
      ok('/assets/js/main.0123abcd.js'),
      ok('/assets/js/0f1e2d3c.89abcdef.js'),
      ok('/search-index-arc-0a1b2c3d.json'),
    ]);
    const cacheControl = (invocation: Invocation) =>
      (invocation.result as CloudFrontResultResponse).headers!['cache-control'][0].value;
    for (const invocation of [page, shell, chunk])
      assert.equal((invocation.result as CloudFrontResultResponse).status, '200');
    assert.equal(cacheControl(page), 'no-store');
    assert.equal(cacheControl(shell), 'public, max-age=31536000, immutable');
    assert.equal(cacheControl(chunk), 'no-store');
    // The hashed search index: kept by the reader's browser for the session, never by CloudFront.
    assert.equal(cacheControl(index), 'private, max-age=43200, immutable');
    assert.equal((page.result as CloudFrontResultResponse).headers!.server[0].value, 'AmazonS3');
  });

  test('fails loudly when associated with another event type', () => {
    const [wrong] = invokePackaged(path.join(edgeDir, 'origin-response'), [viewerRequestEvent(() => {})]);
    assert.match(wrong.error ?? '', /handles origin-response events, not viewer-request/);
  });
});

// Previews (core/preview.ts) are served by the functions production deployed, on the previews'
// own host: creating or removing one only writes to the bucket, so these bundles, packaged from
// production's build alone, must already know `/previews/<N>/` and which host is whose.
describe('a pull request’s preview, through production’s packaged functions', () => {
  const cookie = () => [{ key: 'Cookie', value: readerCookie() }];
  const hostHeader = (host: string) => ({ host: [{ key: 'Host', value: host }] });
  const at = (uri: string, headers: CloudFrontRequest['headers'] = {}, host = PREVIEW_HOST) =>
    viewerRequestEvent((request) =>
      Object.assign(request, { uri, querystring: '', headers: { ...hostHeader(host), ...headers } }),
    );
  const status = (invocation: Invocation) => (invocation.result as CloudFrontResultResponse).status;
  const servedKey = (invocation: Invocation) => (invocation.result as CloudFrontRequest).uri;

  test('viewer-request: a reader reaches the preview’s keys on the previews’ host; everyone else is refused as in production', () => {
    const results = invokePackaged(path.join(edgeDir, 'viewer-request'), [
      at('/previews/42/', { cookie: cookie() }),
      at('/previews/42/docs/guide', { cookie: cookie() }),
      at('/previews/42/docs/python-3.12', { cookie: cookie() }),
      at('/previews/42/sign-in', { accept: [{ key: 'Accept', value: 'text/html' }] }),
      at('/previews/42/docs/guide', {
        cookie: cookie(),
        'sec-fetch-site': [{ key: 'Sec-Fetch-Site', value: 'cross-site' }],
        'sec-fetch-dest': [{ key: 'Sec-Fetch-Dest', value: 'script' }],
      }),
      at('/previews/42/docs/guide', {
        cookie: [{ key: 'Cookie', value: readerCookie(poolKey, []) }],
        accept: [{ key: 'Accept', value: 'text/html' }],
      }),
      at('/previews/42', { cookie: cookie() }),
      at('/previews/42/../../docs/guide', { cookie: cookie() }),
    ]);
    const [home, page, dotted, signIn, crossSite, outsider, bare, escape] = results;
    assert.deepEqual(
      [home, page, dotted].map(servedKey),
      // A preview's dotted page is stored under its route too (infra/preview-flow.ts).
      ['/previews/42/index.html', '/previews/42/docs/guide.html', '/previews/42/docs/python-3.12'],
    );
    assert.equal(status(signIn), '302', 'the preview has no public shell: a signed-out page load signs in');
    assert.equal(
      (signIn.result as CloudFrontResultResponse).headers!.location[0].value,
      '/sign-in?returnTo=%2Fpreviews%2F42%2Fsign-in',
    );
    assert.equal(status(crossSite), '403');
    assert.equal(status(outsider), '302');
    assert.equal((bare.result as CloudFrontResultResponse).headers!.location[0].value, '/previews/42/');
    assert.equal(status(escape), '400');
  });

  test('viewer-request: the previews’ host serves the sign-in shell and no production page; production’s host no preview', () => {
    const html = { accept: [{ key: 'Accept', value: 'text/html' }] };
    const [signIn, shellScript, productionPage, productionHome, onProduction, onProductionSignedOut, upperCaseHost] =
      invokePackaged(path.join(edgeDir, 'viewer-request'), [
        at('/sign-in', html),
        at('/assets/js/main.0123abcd.js'),
        at('/docs/guide', { cookie: cookie() }),
        at('/', { cookie: cookie() }),
        at('/previews/42/docs/guide', { cookie: cookie() }, 'handbook.example.com'),
        at('/previews/42/docs/guide', html, 'handbook.example.com'),
        at('/previews/42/docs/guide', { cookie: cookie() }, 'PREVIEWS.handbook.example.com'),
      ]);
    // The reader signs in on the previews' own origin, with production's sign-in shell.
    assert.equal(servedKey(signIn), '/sign-in.html');
    assert.equal(servedKey(shellScript), '/assets/js/main.0123abcd.js');
    // A reader signed in there reads no production page on it: it is sent to production's origin.
    for (const [invocation, location] of [
      [productionPage, 'https://handbook.example.com/docs/guide'],
      [productionHome, 'https://handbook.example.com/'],
    ] as const) {
      assert.equal(status(invocation), '302');
      assert.equal((invocation.result as CloudFrontResultResponse).headers!.location[0].value, location);
    }
    // Production's origin answers nothing under /previews/: not the file, whoever asks.
    assert.equal(status(onProduction), '404');
    assert.doesNotMatch((onProduction.result as CloudFrontResultResponse).body ?? '', /preview of pull request/);
    assert.equal(status(onProductionSignedOut), '302');
    // Host names are case-insensitive (RFC 9110, "Host and :authority").
    assert.equal(servedKey(upperCaseHost), '/previews/42/docs/guide.html');
  });

  test('origin-response: the preview’s caching rule, never indexed, and its own 404', () => {
    const answer = (uri: string, status: string) =>
      originResponseEvent((cf) => {
        Object.assign(cf.response, { status, statusDescription: status === '200' ? 'OK' : 'Not Found' });
        cf.request.uri = uri;
      });
    const [page, bundle, missing] = invokePackaged(path.join(edgeDir, 'origin-response'), [
      answer('/previews/42/docs/guide.html', '200'),
      answer('/previews/42/assets/js/main.0123abcd.js', '200'),
      answer('/previews/42/docs/gone.html', '404'),
    ]);
    const header = (invocation: Invocation, name: string) =>
      (invocation.result as CloudFrontResultResponse).headers![name][0].value;
    assert.equal(header(page, 'cache-control'), 'no-store');
    // Public in production, protected in a preview: the reader's browser keeps none of it.
    assert.equal(header(bundle, 'cache-control'), 'no-store');
    for (const invocation of [page, bundle, missing])
      assert.equal(header(invocation, 'x-robots-tag'), 'noindex, nofollow');
    const notFound = missing.result as CloudFrontResultResponse;
    assert.equal(notFound.status, '404');
    assert.match(notFound.body ?? '', /Not found in the preview of pull request 42/);
    assert.doesNotMatch(notFound.body ?? '', /Page Not Found/, 'not production’s not-found page');
  });
});
