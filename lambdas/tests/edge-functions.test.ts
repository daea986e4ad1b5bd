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
import type { GateAuth } from '../../gate/manifest';
import { fixtureManifest, protectedText, writeFixtureBuild } from '../../gate/tests/fixture-build';
import { poolSessionCookie, testPoolKey } from '../../identity/test-tokens';
import type { TestPoolKey } from '../../identity/test-tokens';
import { packageEdge } from '../../scripts/package-edge';

const auth: GateAuth = {
  mode: 'cognito',
  userPoolId: 'eu-west-1_AbCdEf123',
  clientId: 'handbookwebclient',
  issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123',
  jwksUri: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123/.well-known/jwks.json',
  readerGroup: 'handbook-readers',
};
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
}

/**
 * Runs a packaged function's `index.handler` on each event in a fresh Node whose every outgoing
 * connection throws, so a function that tried to fetch anything would fail here.
 */
function invokePackaged(functionDir: string, events: unknown[]): Invocation[] {
  const runner = path.join(root, 'invoke.js');
  writeFileSync(
    runner,
    `const net = require('node:net');
let connections = 0;
net.Socket.prototype.connect = function () { connections += 1; throw new Error('network call from an edge function'); };
const { handler } = require(process.argv[2]);
const events = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
(async () => {
  const out = [];
  for (const event of events) {
    const logs = [];
    console.log = (line) => logs.push(String(line));
    connections = 0;
    try { out.push({ result: await handler(event), logs, connections }); }
    catch (error) { out.push({ error: error.message, logs, connections }); }
  }
  process.stdout.write(JSON.stringify(out));
})();`,
  );
  const run = spawnSync(process.execPath, [runner, path.join(functionDir, 'index.js')], {
    input: JSON.stringify(events),
    encoding: 'utf8',
    cwd: root,
    env: { PATH: process.env.PATH },
  });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as Invocation[];
}

let root: string;
let edgeDir: string;

before(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'handbook-edge-'));
  edgeDir = path.join(root, 'edge');
  const build = writeFixtureBuild(manifest);
  try {
    await packageEdge({ buildDir: build.buildDir, outDir: edgeDir, jwks });
  } finally {
    build.remove();
  }
});
after(() => rmSync(root, { recursive: true, force: true }));

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
    ]);
    const uris = results.map((invocation) => (invocation.result as CloudFrontRequest).uri);
    assert.deepEqual(uris, [
      '/docs/guide.html',
      '/index.html',
      '/docs/new%20page.html',
      '/assets/js/f00dfeed.01234567.js',
    ]);
    assert.equal((results[0].result as CloudFrontRequest).querystring, 'tab=2');
  });

  test('refuses forged tokens and tokens of an unknown key without any network call; joins split cookies', () => {
    const forged = readerCookie().replace(/\.idToken=([^.]+)\.([^.]+)\.[^;]+/, '.idToken=$1.$2.AAAA');
    const [first, ...rest] = readerCookie().split('; ');
    const [forgedPage, unknownKey, split] = invokePackaged(path.join(edgeDir, 'viewer-request'), [
      viewerRequestEvent((request) => (request.headers.cookie = [{ key: 'Cookie', value: forged }])),
      viewerRequestEvent((request) => (request.headers.cookie = [{ key: 'Cookie', value: readerCookie(otherKey) }])),
      viewerRequestEvent(
        (request) =>
          (request.headers.cookie = [
            { key: 'Cookie', value: first },
            { key: 'Cookie', value: rest.join('; ') },
          ]),
      ),
    ]);
    assert.equal((forgedPage.result as CloudFrontResultResponse).status, '302');
    assert.equal((unknownKey.result as CloudFrontResultResponse).status, '302');
    assert.deepEqual(
      [forgedPage, unknownKey, split].map((invocation) => invocation.connections),
      [0, 0, 0],
    );
    assert.equal((split.result as CloudFrontRequest).uri, '/docs/guide.html');
  });

  test('logs one line per page load, naming the reader, never a token or a cookie', () => {
    const [signedIn, signedOut, script] = invokePackaged(path.join(edgeDir, 'viewer-request'), [
      viewerRequestEvent((request) => (request.headers.cookie = cookie())),
      viewerRequestEvent(() => {}),
      viewerRequestEvent((request) =>
        Object.assign(request, { uri: '/assets/js/main.0123abcd.js', headers: { cookie: cookie() } }),
      ),
    ]);
    assert.equal(signedIn.logs.length, 1);
    assert.deepEqual(
      { ...JSON.parse(signedIn.logs[0]), time: undefined },
      {
        time: undefined,
        event: 'page-load',
        userId: 'reader-sub',
        email: 'reader@example.com',
        path: '/docs/guide',
        decision: 'serve',
        status: 200,
      },
    );
    assert.deepEqual(
      { ...JSON.parse(signedOut.logs[0]), time: undefined },
      {
        time: undefined,
        event: 'page-load',
        userId: null,
        email: null,
        path: '/docs/guide',
        decision: 'redirect',
        status: 302,
      },
    );
    assert.equal(script.logs.length, 0);
    for (const line of [...signedIn.logs, ...signedOut.logs]) {
      assert.doesNotMatch(line, /eyJ|idToken|accessToken|CognitoIdentityServiceProvider/);
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
    const cleared = signOut.result as CloudFrontResultResponse;
    assert.equal(cleared.status, '303');
    assert.equal(cleared.headers!['clear-site-data'][0].value, '"cache"');
    assert.equal(cleared.headers!.location[0].value, '/sign-in');
    assert.equal((crossSite.result as CloudFrontResultResponse).status, '403');
    assert.equal(
      (crossSite.result as CloudFrontResultResponse).headers!['cross-origin-resource-policy'][0].value,
      'same-origin',
    );
    assert.equal((notReader.result as CloudFrontResultResponse).status, '302');
  });

  test('fails loudly when associated with another event type', () => {
    const [wrong] = invokePackaged(path.join(edgeDir, 'viewer-request'), [originResponseEvent(() => {})]);
    assert.match(wrong.error ?? '', /handles viewer-request events, not origin-response/);
  });
});

describe('the origin-response function', () => {
  test('turns the bucket’s 403 for a missing page into the not-found page as a real 404', () => {
    const [page, script] = invokePackaged(path.join(edgeDir, 'origin-response'), [
      originResponseEvent(() => {}),
      originResponseEvent(
        (cf) =>
          Object.assign(cf.response, { status: '404', statusDescription: 'Not Found' }) &&
          (cf.request.uri = '/assets/js/gone.01234567.js'),
      ),
    ]);
    const notFound = page.result as CloudFrontResultResponse;
    assert.equal(notFound.status, '404');
    assert.equal(notFound.headers!['cache-control'][0].value, 'no-store');
    assert.match(notFound.headers!['content-type'][0].value, /text\/html/);
    assert.match(notFound.body ?? '', /Page Not Found/);
    assert.doesNotMatch(notFound.body ?? '', new RegExp(protectedText));
    assert.equal((script.result as CloudFrontResultResponse).status, '404');
    assert.equal((script.result as CloudFrontResultResponse).body, 'Not found.\n');
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
    assert.notEqual(cacheControl(chunk), cacheControl(shell));
    // The hashed search index: kept by the reader's browser for the session, never by CloudFront.
    assert.equal(cacheControl(index), 'private, max-age=43200, immutable');
    assert.equal((page.result as CloudFrontResultResponse).headers!.server[0].value, 'AmazonS3');
  });

  test('fails loudly when associated with another event type', () => {
    const [wrong] = invokePackaged(path.join(edgeDir, 'origin-response'), [viewerRequestEvent(() => {})]);
    assert.match(wrong.error ?? '', /handles origin-response events, not viewer-request/);
  });
});
