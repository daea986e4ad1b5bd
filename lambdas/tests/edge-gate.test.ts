import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { signJwt } from '../../identity/testing';
import type { GateAuth } from '../../gate/manifest';
import { createSessionChecker } from '../../gate/session';
import { fixtureFiles, fixtureManifest, writeFixtureBuild } from '../../gate/tests/fixture-build';
import { sessionCookie } from '../../gate/tests/session-cookies';
import { createViewerRequestHandler, createViewerResponseHandler } from '../edge-gate';
import type { CloudFrontRequest, CloudFrontResultResponse } from '../edge-gate';

const auth: GateAuth = {
  mode: 'cognito',
  userPoolId: 'eu-west-1_AbCdEf123',
  clientId: 'handbookwebclient',
  issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123',
  jwksUri: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123/.well-known/jwks.json',
  readerGroup: 'handbook-readers',
};
const manifest = {
  ...fixtureManifest(auth),
  connectSources: ['https://cognito-idp.eu-west-1.amazonaws.com'],
  files: fixtureFiles,
};

/** Stands in for cognito-idp: the pool's JWKS, and nothing else may be fetched. */
const poolKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwks = { keys: [{ ...poolKey.publicKey.export({ format: 'jwk' }), kid: 'pool', alg: 'RS256', use: 'sig' }] };
const sessions = createSessionChecker(auth, {
  fetcher: {
    fetch: async (uri) => {
      assert.equal(uri, auth.jwksUri);
      return new TextEncoder().encode(JSON.stringify(jwks)).buffer as ArrayBuffer;
    },
  },
});

function poolSessionCookie(): string {
  const now = Math.floor(Date.now() / 1000);
  const common = {
    sub: 'reader-sub',
    iss: auth.issuer,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    'cognito:groups': [auth.readerGroup],
  };
  const access = signJwt(
    { kid: 'pool' },
    { ...common, token_use: 'access', client_id: auth.clientId, username: 'reader-sub' },
    poolKey.privateKey,
  );
  const id = signJwt(
    { kid: 'pool' },
    { ...common, token_use: 'id', aud: auth.clientId, email: 'reader@example.com' },
    poolKey.privateKey,
  );
  return sessionCookie({ accessToken: access, idToken: id }, 'reader-sub', auth.clientId);
}

function fixtureEvent<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(__dirname, 'events', name), 'utf8')) as T;
}

type RequestEvent = { Records: [{ cf: { config: { eventType: 'viewer-request' }; request: CloudFrontRequest } }] };

function requestEvent(change: (request: CloudFrontRequest) => void): RequestEvent {
  const event = fixtureEvent<RequestEvent>('viewer-request.json');
  change(event.Records[0].cf.request);
  return event;
}

const viewerRequest = createViewerRequestHandler(manifest, sessions);
const viewerResponse = createViewerResponseHandler(manifest);

describe('the CloudFront viewer-request gate', () => {
  test('sends a signed-out page load to the sign-in route with its path', async () => {
    const result = (await viewerRequest(requestEvent(() => {}))) as CloudFrontResultResponse;
    assert.equal(result.status, '302');
    assert.equal(result.headers.location[0].value, '/sign-in?returnTo=%2Fdocs%2Fguide%3Ftab%3D2');
    assert.equal(result.headers['cache-control'][0].value, 'no-store');
    assert.match(result.headers['strict-transport-security'][0].value, /max-age=/);
  });

  test('answers 401 to a signed-out request for a file, and 405 to a POST', async () => {
    const file = (await viewerRequest(
      requestEvent((request) => {
        request.uri = '/search-index.json';
        request.headers = {};
      }),
    )) as CloudFrontResultResponse;
    assert.equal(file.status, '401');
    const post = (await viewerRequest(
      requestEvent((request) => (request.method = 'POST')),
    )) as CloudFrontResultResponse;
    assert.equal(post.status, '405');
    assert.equal(post.headers.allow[0].value, 'GET, HEAD');
  });

  test('forwards the shell to the bucket untouched but for the key', async () => {
    const shell = await viewerRequest(requestEvent((request) => (request.uri = '/sign-in')));
    assert.equal((shell as CloudFrontRequest).uri, '/sign-in.html');
  });

  test('forwards a signed-in reader, rewriting page paths to the bucket’s keys', async () => {
    const cookie = [{ key: 'Cookie', value: poolSessionCookie() }];
    const page = await viewerRequest(requestEvent((request) => (request.headers.cookie = cookie)));
    assert.equal((page as CloudFrontRequest).uri, '/docs/guide.html');
    assert.equal((page as CloudFrontRequest).querystring, 'tab=2');
    const home = await viewerRequest(
      requestEvent((request) => Object.assign(request, { uri: '/', headers: { cookie } })),
    );
    assert.equal((home as CloudFrontRequest).uri, '/index.html');
    const missing = await viewerRequest(
      requestEvent((request) => Object.assign(request, { uri: '/gone', headers: { ...request.headers, cookie } })),
    );
    assert.equal((missing as CloudFrontRequest).uri, '/404.html');
  });

  test('refuses a forged session and a traversal, and cookies split across headers still count', async () => {
    const forged = poolSessionCookie().replace(/\.idToken=([^.]+)\.([^.]+)\.[^;]+/, '.idToken=$1.$2.AAAA');
    const result = (await viewerRequest(
      requestEvent((request) => (request.headers.cookie = [{ key: 'Cookie', value: forged }])),
    )) as CloudFrontResultResponse;
    assert.equal(result.status, '302');
    const [first, ...rest] = poolSessionCookie().split('; ');
    const split = await viewerRequest(
      requestEvent(
        (request) =>
          (request.headers.cookie = [
            { key: 'Cookie', value: first },
            { key: 'Cookie', value: rest.join('; ') },
          ]),
      ),
    );
    assert.equal((split as CloudFrontRequest).uri, '/docs/guide.html');
    const traversal = (await viewerRequest(
      requestEvent((request) => (request.uri = '/%2e%2e/secret')),
    )) as CloudFrontResultResponse;
    assert.equal(traversal.status, '400');
  });

  test('never runs with a local-mode build', () => {
    const local = { ...fixtureManifest(), files: fixtureFiles };
    assert.throws(() => createViewerRequestHandler(local), /HANDBOOK_AUTH=local/);
    assert.throws(() => createViewerResponseHandler(local), /HANDBOOK_AUTH=local/);
  });
});

describe('the CloudFront viewer-response headers', () => {
  type ResponseEvent = Parameters<typeof viewerResponse>[0];

  test('a protected page is never stored; hashed shell assets are immutable; the not-found page is a 404', async () => {
    const event = fixtureEvent<ResponseEvent>('viewer-response.json');
    const page = await viewerResponse(event);
    assert.equal(page.headers['cache-control'][0].value, 'no-store');
    assert.equal(page.headers['x-content-type-options'][0].value, 'nosniff');
    assert.match(page.headers['content-security-policy'][0].value, /frame-ancestors 'none'/);
    assert.equal(page.headers.server[0].value, 'AmazonS3');

    event.Records[0].cf.request.uri = '/assets/js/0f1e2d3c.89abcdef.js';
    assert.equal((await viewerResponse(event)).headers['cache-control'][0].value, 'no-store');
    event.Records[0].cf.request.uri = '/assets/js/main.0123abcd.js';
    assert.equal(
      (await viewerResponse(event)).headers['cache-control'][0].value,
      'public, max-age=31536000, immutable',
    );

    const notFound = fixtureEvent<ResponseEvent>('viewer-response.json');
    notFound.Records[0].cf.request.uri = '/404.html';
    assert.equal((await viewerResponse(notFound)).status, '404');

    const refused = fixtureEvent<ResponseEvent>('viewer-response.json');
    Object.assign(refused.Records[0].cf.response, { status: '401', headers: {} });
    const answer = await viewerResponse(refused);
    assert.equal(answer.headers['cache-control'][0].value, 'no-store');
    assert.equal(answer.headers['x-frame-options'][0].value, 'DENY');
  });
});

describe('the packaged Lambda@Edge bundle', () => {
  test('runs on its own with the manifest beside it, and refuses a local-mode build', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'handbook-edge-'));
    const packageEdge = (build: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/package-edge.ts', build, path.join(root, 'edge')], {
        encoding: 'utf8',
        timeout: 60_000,
      });
    try {
      const local = writeFixtureBuild(fixtureManifest());
      const refused = packageEdge(local.buildDir);
      local.remove();
      assert.equal(refused.status, 1);
      assert.match(refused.stderr, /HANDBOOK_AUTH=local/);

      const real = writeFixtureBuild(manifest);
      const packaged = packageEdge(real.buildDir);
      real.remove();
      assert.equal(packaged.status, 0, packaged.stderr);
      // A fresh Node with only the bundle: no node_modules, no TypeScript.
      const run = spawnSync(
        process.execPath,
        [
          '-e',
          `require(${JSON.stringify(path.join(root, 'edge', 'index.js'))}).viewerRequest(${JSON.stringify(fixtureEvent('viewer-request.json'))}).then((r) => console.log(JSON.stringify(r)))`,
        ],
        { encoding: 'utf8', cwd: root, env: { PATH: process.env.PATH } },
      );
      assert.equal(run.status, 0, run.stderr);
      assert.equal(JSON.parse(run.stdout).headers.location[0].value, '/sign-in?returnTo=%2Fdocs%2Fguide%3Ftab%3D2');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
