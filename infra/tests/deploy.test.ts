/**
 * `npm run deploy` with two builds side by side: an in-memory bucket and CloudFront, running the
 * real edge handlers the deploy packages, check after every upload, deletion and function switch
 * that readers of the live build and of the new one are served.
 */
import assert from 'node:assert/strict';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CloudFrontRequest, CloudFrontRequestEvent, CloudFrontResultResponse } from 'aws-lambda';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { listBuildFiles, MANIFEST_FILE } from '../../gate/manifest';
import type { GateManifest } from '../../gate/manifest';
import { createOriginResponseHandler } from '../../lambdas/edge/origin-response';
import { createViewerRequestHandler } from '../../lambdas/edge/viewer-request';
import type { EdgeManifest } from '../../lambdas/edge/manifest';
import { EXAMPLE_CONFIG_FILE, readDeployConfig } from '../config';
import { ACCEPT_TLS_1_0_FLAG, deployHandbook } from '../deploy-flow';
import type { BucketStore, HandbookCloud, SiteOutputs } from '../deploy-flow';
import { LIVE_RECORD_KEY } from '../deploy-plan';

const auth = {
  mode: 'cognito' as const,
  userPoolId: 'us-east-1_Ex4mpleP0',
  clientId: 'handbookwebclient',
  issuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Ex4mpleP0',
  jwksUri: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Ex4mpleP0/.well-known/jwks.json',
  readerGroup: 'handbook-readers',
};
const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
const jwks: Jwks = { keys: [{ ...key, kty: 'RSA', kid: 'pool', alg: 'RS256', use: 'sig' }] };

let root: string;
before(() => (root = mkdtempSync(path.join(tmpdir(), 'handbook-deploy-'))));
after(() => rmSync(root, { recursive: true, force: true }));

/** A small Docusaurus-shaped build: pages and the sign-in page naming hashed bundles of version `v`. */
function writeBuild(v: string, extraPage = false): string {
  const dir = path.join(root, `build-${v}-${Math.random().toString(16).slice(2)}`);
  const page = (title: string, scripts: string[]) =>
    `<!doctype html><title>${title}</title>${scripts.map((src) => `<script src="/${src}"></script>`).join('')}`;
  const main = `assets/js/main.${v}0000000.js`;
  const shell = `assets/js/sign-in.${v}000000.js`;
  const files: Record<string, string> = {
    'index.html': page(`Home ${v}`, [main, `assets/js/home.${v}000000.js`]),
    'docs/guide.html': page(`Guide ${v}`, [main, `assets/js/guide.${v}00000.js`]),
    '404.html': page('Page Not Found', [main]),
    'sign-in.html': page('Sign in', [shell]),
    'search-index.json': JSON.stringify([{ t: `Guide ${v}` }]),
    'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    [main]: `/* main ${v} */`,
    [shell]: `/* sign-in ${v} */`,
    [`assets/js/home.${v}000000.js`]: `/* home ${v} */`,
    [`assets/js/guide.${v}00000.js`]: `/* guide ${v} */`,
    ...(extraPage
      ? {
          'docs/new.html': page('New', [main, `assets/js/new.${v}0000000.js`]),
          [`assets/js/new.${v}0000000.js`]: '/* new */',
        }
      : {}),
  };
  const manifest: GateManifest = {
    signInPath: '/sign-in',
    auth,
    publicFiles: ['sign-in.html', shell, 'img/logo.svg'],
    connectSources: ['https://cognito-idp.us-east-1.amazonaws.com'],
    inlineScriptHashes: [`'sha256-${v}'`],
  };
  for (const [name, content] of Object.entries({ ...files, [MANIFEST_FILE]: JSON.stringify(manifest) })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const scriptsOf = (html: string) => [...html.matchAll(/src="\/([^"]+)"/g)].map((match) => match[1]);
const routeOf = (file: string) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`);

interface Edge {
  viewer: ReturnType<typeof createViewerRequestHandler>;
  origin: ReturnType<typeof createOriginResponseHandler>;
}

/** CloudFront and S3 in memory; every change is followed by the readers' check. */
class MemoryCloud implements HandbookCloud {
  readonly objects = new Map<string, string>();
  readonly operations: string[] = [];
  readonly identitySiteUrls: string[] = [];
  /** How many objects the bucket held as each identity deploy began. */
  readonly objectsAtIdentityDeploys: number[] = [];
  edges: Edge[] = [];
  site: SiteOutputs | null = null;
  /** Files of the build that was live when the deploy started: open tabs still ask for them. */
  liveBefore: string[] = [];

  constructor(
    private readonly builds: string[],
    private readonly siteUrl = 'https://handbook.example-health.com',
  ) {}

  async siteOutputs() {
    return this.site;
  }
  async deployIdentity(siteUrl: string) {
    this.identitySiteUrls.push(siteUrl);
    this.objectsAtIdentityDeploys.push(this.objects.size);
    return {
      region: 'us-east-1',
      userPoolId: auth.userPoolId,
      userPoolClientId: auth.clientId,
      hostedSignInDomain: 'auth.example',
    };
  }
  async build() {
    const next = this.builds.shift();
    assert.ok(next, 'a build for every pass');
    return next;
  }
  async fetchJwks(uri: string) {
    assert.equal(uri, auth.jwksUri);
    return jwks;
  }
  async deploySite(_siteUrl: string, edgeDir: string) {
    const manifest = JSON.parse(
      readFileSync(path.join(edgeDir, 'viewer-request', 'manifest.json'), 'utf8'),
    ) as EdgeManifest;
    const edge: Edge = {
      viewer: createViewerRequestHandler(manifest, {
        sessions: {
          readSession: async (cookie) =>
            cookie === 'session=valid' ? { expiresAt: 4e9, userId: 'reader', reader: true } : null,
          loadKeys: async () => true,
        },
        log: () => {},
      }),
      origin: createOriginResponseHandler(
        manifest,
        readFileSync(path.join(edgeDir, 'origin-response', '404.html'), 'utf8'),
      ),
    };
    // Replication is not atomic: for a while some edge locations run the old functions, some the new.
    this.edges = [...this.edges, edge];
    this.site ??= { bucketName: 'handbook-build', distributionId: 'EDFDVBD6EXAMPLE', siteUrl: this.siteUrl };
    await this.assertReadersServed('while the functions replicate');
    this.edges = [edge];
    this.operations.push('switch');
    await this.assertReadersServed('after the switch');
    return this.site;
  }
  bucket(): BucketStore {
    return {
      list: async () => new Map([...this.objects].map(([name, text]) => [name, md5(text)])),
      read: async (name) => this.objects.get(name) ?? null,
      upload: async (name, file) => {
        this.objects.set(name, readFileSync(file, 'utf8'));
        this.operations.push(`upload ${name}`);
        await this.assertReadersServed(`after uploading ${name}`);
      },
      write: async (name, text) => void this.objects.set(name, text),
      remove: async (names) => {
        for (const name of names) this.objects.delete(name);
        if (names.length) this.operations.push(`remove ${names.join(' ')}`);
        await this.assertReadersServed(`after removing ${names.join(', ')}`);
      },
    };
  }
  async invalidateAll() {
    this.operations.push('invalidate');
  }
  log() {}

  /** The status a reader gets for a path through one edge location. */
  async status(edge: Edge, uri: string, signedIn: boolean, dest: 'document' | 'script'): Promise<number> {
    const event = {
      Records: [
        {
          cf: {
            config: {
              distributionDomainName: 'd1.cloudfront.net',
              distributionId: 'E1',
              eventType: 'viewer-request',
              requestId: 'r',
            },
            request: {
              clientIp: '203.0.113.178',
              method: 'GET',
              uri,
              querystring: '',
              headers: {
                'sec-fetch-dest': [{ key: 'Sec-Fetch-Dest', value: dest }],
                'sec-fetch-site': [{ key: 'Sec-Fetch-Site', value: 'same-origin' }],
                ...(signedIn ? { cookie: [{ key: 'Cookie', value: 'session=valid' }] } : {}),
              },
            },
          },
        },
      ],
    } as CloudFrontRequestEvent;
    const decided = await edge.viewer(event);
    if ('status' in decided!) return Number((decided as CloudFrontResultResponse).status);
    const keyName = decodeURIComponent((decided as CloudFrontRequest).uri.slice(1));
    const found = this.objects.has(keyName);
    const response = await edge.origin({
      Records: [
        {
          cf: {
            config: { ...event.Records[0].cf.config, eventType: 'origin-response' },
            request: decided as CloudFrontRequest,
            // The distribution may list the bucket: a missing key is S3's 404.
            response: { status: found ? '200' : '404', statusDescription: found ? 'OK' : 'Not Found', headers: {} },
          },
        },
      ],
    });
    return Number(response.status);
  }

  async assertReadersServed(moment: string): Promise<void> {
    if (!this.edges.length) return;
    for (const edge of this.edges) {
      const expect200 = async (uri: string, signedIn: boolean, dest: 'document' | 'script', why: string) =>
        assert.equal(await this.status(edge, uri, signedIn, dest), 200, `${uri} (${why}) is not served ${moment}`);
      const signIn = this.objects.get('sign-in.html');
      if (signIn) {
        await expect200('/sign-in', false, 'document', 'the sign-in page');
        for (const src of scriptsOf(signIn)) await expect200(`/${src}`, false, 'script', 'named by the sign-in page');
      }
      for (const [name, text] of this.objects) {
        if (!name.endsWith('.html') || name === 'sign-in.html' || name === '404.html') continue;
        await expect200(routeOf(name), true, 'document', 'a page');
        for (const src of scriptsOf(text)) await expect200(`/${src}`, true, 'script', `named by ${name}`);
      }
      for (const file of this.liveBefore.filter((name) => !name.endsWith('.html'))) {
        await expect200(`/${file}`, true, 'script', 'a file of the live build, for open tabs');
      }
    }
  }
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

const config = readDeployConfig(EXAMPLE_CONFIG_FILE);

async function deployBoth(first: string, second: string): Promise<MemoryCloud> {
  const cloud = new MemoryCloud([first, second]);
  await deployHandbook(cloud, config, path.join(root, 'edge-1'));
  cloud.liveBefore = [...cloud.objects.keys()].filter((name) => !name.startsWith('.gate/'));
  cloud.operations.length = 0;
  await deployHandbook(cloud, config, path.join(root, 'edge-2'));
  return cloud;
}

describe('npm run deploy', () => {
  test('never leaves a reader of the live build or the new one without a page or asset', async () => {
    const cloud = await deployBoth(writeBuild('a'), writeBuild('b', true));
    const switchAt = cloud.operations.indexOf('switch');
    const uploadedBefore = cloud.operations.slice(0, switchAt);
    assert.ok(uploadedBefore.includes('upload assets/js/guide.b00000.js'), 'new bundles are staged first');
    assert.ok(!uploadedBefore.includes('upload docs/guide.html'), 'changed pages wait for the switch');
    assert.ok(cloud.operations.indexOf('upload docs/guide.html') > switchAt);
    for (const edge of cloud.edges) {
      assert.equal(await cloud.status(edge, '/docs/new', true, 'document'), 200);
      assert.equal(await cloud.status(edge, '/docs/gone', true, 'document'), 404);
    }
  });

  test('keeps the live build’s files through the next deploy and prunes the one before', async () => {
    const cloud = new MemoryCloud([writeBuild('a'), writeBuild('b'), writeBuild('c')]);
    for (const edgeDir of ['e1', 'e2', 'e3']) await deployHandbook(cloud, config, path.join(root, edgeDir));
    const keys = [...cloud.objects.keys()];
    assert.ok(keys.includes('assets/js/guide.b00000.js'), 'the previous build stays for open tabs');
    assert.ok(!keys.includes('assets/js/guide.a00000.js'), 'the build before it is pruned');
    assert.ok(keys.includes(LIVE_RECORD_KEY));
  });

  test('is idempotent: deploying the same build again uploads and deletes nothing', async () => {
    const build = writeBuild('d');
    const cloud = await deployBoth(build, build);
    assert.deepEqual(cloud.operations, ['switch', 'invalidate']);
  });

  test('without a custom domain: refused unless TLS 1.0 is accepted by name; nothing published before the second pass', async () => {
    const withoutDomain = { ...config, siteDomain: undefined, certificateArn: undefined };
    const refused = new MemoryCloud([writeBuild('e')], 'https://d111111abcdef8.cloudfront.net');
    await assert.rejects(
      deployHandbook(refused, withoutDomain, path.join(root, 'edge-tls')),
      new RegExp(`TLS 1.0[\\s\\S]*${ACCEPT_TLS_1_0_FLAG}`),
    );
    assert.deepEqual([refused.identitySiteUrls, refused.operations], [[], []]);

    const cloud = new MemoryCloud([writeBuild('e'), writeBuild('e')], 'https://d111111abcdef8.cloudfront.net');
    const url = await deployHandbook(cloud, withoutDomain, path.join(root, 'edge-nodomain'), { acceptTls10: true });
    assert.equal(url, 'https://d111111abcdef8.cloudfront.net');
    assert.deepEqual(cloud.identitySiteUrls, ['http://localhost', 'https://d111111abcdef8.cloudfront.net']);
    assert.deepEqual(cloud.objectsAtIdentityDeploys, [0, 0], 'the first pass’s build never reaches the bucket');
    assert.ok(cloud.operations.indexOf('switch') < cloud.operations.findIndex((op) => op.startsWith('upload')));
  });

  test('the check sees a broken deploy: syncing with --delete before the switch, as the old guide said', async () => {
    const cloud = new MemoryCloud([writeBuild('f')]);
    await deployHandbook(cloud, config, path.join(root, 'edge-naive'));
    cloud.liveBefore = [...cloud.objects.keys()].filter((name) => !name.startsWith('.gate/'));
    const next = writeBuild('g');
    const bucket = cloud.bucket();
    const files = listBuildFiles(next);
    await assert.rejects(async () => {
      for (const file of files) await bucket.upload(file, path.join(next, file));
      await bucket.remove(
        [...cloud.objects.keys()].filter((name) => !files.includes(name) && !name.startsWith('.gate/')),
      );
    }, /is not served/);
  });
});
