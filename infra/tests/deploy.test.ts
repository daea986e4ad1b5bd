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
import { realPoolAuth } from '../../testkit/gate-auth';
import { LOCK_KEY } from '../deploy-lock';
import { rollbackHandbook } from '../rollback-flow';
import type { BucketStore, EdgeVersions, HandbookCloud, SiteOutputs } from '../cloud-port';
import { isOpenTabAsset, LIVE_RECORD_KEY } from '../deploy-plan';
import { AfterCareError } from '../after-care';
import { deploySummary, failureSummary } from '../run-summary';
import type { LiveRecord } from '../deploy-plan';
import { publishPreview, readPreviewRecords, removePreview, sweepPreviews } from '../preview-flow';

const FUNCTION_ARN = 'arn:aws:lambda:us-east-1:123456789012:function';

const auth = realPoolAuth({ userPoolId: 'us-east-1_Ex4mpleP0', clientId: 'handbookwebclient' });
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

/** A plain delete in a versioned bucket leaves a marker; deleting a version by id leaves nothing. */
const DELETE_MARKER = '\u0000delete marker';
const lastIndexWhere = <T>(items: T[], matches: (item: T) => boolean) =>
  items.reduce((found, item, index) => (matches(item) ? index : found), -1);
const VERSION_DELETED = '\u0000version deleted';

interface Edge {
  viewer: ReturnType<typeof createViewerRequestHandler>;
  origin: ReturnType<typeof createOriginResponseHandler>;
}

/** CloudFront and S3 (versioned) in memory; every change is followed by the readers' check. */
/** The previews' own distribution and host (the example config's `previewDomain`). */
const PREVIEWS_DISTRIBUTION = 'EPREVIEWSEXAMPLE';
const PREVIEW_HOST = 'previews.handbook.example-health.com';

class MemoryCloud implements HandbookCloud {
  readonly objects = new Map<string, string>();
  /** Every version of each key, oldest first: the bucket is versioned; a plain delete adds a marker. */
  readonly history = new Map<string, string[]>();
  readonly operations: string[] = [];
  readonly identitySiteUrls: string[] = [];
  readonly afterCare: string[] = [];
  /** Published function versions: the viewer-request ARN names the pair of handlers. */
  readonly versions = new Map<string, Edge>();
  live: EdgeVersions = {};
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
  async deploySite(_siteUrl: string, edgeDir: string, pinned?: EdgeVersions) {
    let edge: Edge;
    if (pinned) {
      edge = this.versions.get(pinned['viewer-request'])!;
      assert.ok(edge, `${pinned['viewer-request']} was retained`);
      this.live = pinned;
    } else {
      const manifest = JSON.parse(
        readFileSync(path.join(edgeDir, 'viewer-request', 'manifest.json'), 'utf8'),
      ) as EdgeManifest;
      edge = {
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
      const version = this.versions.size + 1;
      this.live = {
        'viewer-request': `${FUNCTION_ARN}:viewer:${version}`,
        'origin-response': `${FUNCTION_ARN}:origin:${version}`,
      };
      this.versions.set(this.live['viewer-request'], edge);
    }
    // Replication is not atomic: for a while some edge locations run the old functions, some the new.
    this.edges = [...this.edges, edge];
    this.site ??= {
      bucketName: 'handbook-build',
      distributionId: 'EDFDVBD6EXAMPLE',
      siteUrl: this.siteUrl,
      previewDistributionId: PREVIEWS_DISTRIBUTION,
      previewUrl: `https://${PREVIEW_HOST}`,
    };
    await this.assertReadersServed('while the functions replicate');
    this.edges = [edge];
    this.operations.push(pinned ? 'switch back' : 'switch');
    await this.assertReadersServed('after the switch');
    return this.site;
  }
  async edgeVersions() {
    return { ...this.live };
  }
  private put(name: string, text: string) {
    this.objects.set(name, text);
    this.history.set(name, [...(this.history.get(name) ?? []), text]);
  }
  /** The version ids of the delete markers `name` holds. */
  markersOf(name: string): string[] {
    return (this.history.get(name) ?? []).flatMap((text, index) => (text === DELETE_MARKER ? [String(index)] : []));
  }
  bucket(): BucketStore {
    return {
      list: async (prefix = '') =>
        new Map([...this.objects].filter(([name]) => name.startsWith(prefix)).map(([name, text]) => [name, md5(text)])),
      read: async (name) => this.objects.get(name) ?? null,
      upload: async (name, file) => {
        this.put(name, readFileSync(file, 'utf8'));
        this.operations.push(`upload ${name}`);
        await this.assertReadersServed(`after uploading ${name}`);
      },
      write: async (name, text) => this.put(name, text),
      create: async (name, text) => {
        if (this.objects.has(name)) return null;
        this.put(name, text);
        return String(this.history.get(name)!.length - 1);
      },
      remove: async (names) => {
        for (const name of names) {
          if (!this.objects.delete(name)) continue;
          this.history.get(name)!.push(DELETE_MARKER);
        }
        const shown = names.filter((name) => !name.startsWith('.gate/'));
        if (shown.length) this.operations.push(`remove ${shown.join(' ')}`);
        await this.assertReadersServed(`after removing ${names.join(', ')}`);
      },
      removeVersion: async (name, versionId) => {
        const versions = this.history.get(name) ?? [];
        versions[Number(versionId)] = VERSION_DELETED;
        const current = versions.filter((text) => text !== VERSION_DELETED).at(-1);
        if (current === undefined || current === DELETE_MARKER) this.objects.delete(name);
        else this.objects.set(name, current);
      },
      currentVersion: async (name) => {
        const versions = this.history.get(name) ?? [];
        const index = lastIndexWhere(versions, (text) => text !== VERSION_DELETED);
        return index < 0 || versions[index] === DELETE_MARKER ? null : String(index);
      },
      versionOf: async (name, wanted) => {
        const versions = this.history.get(name) ?? [];
        const index = versions.map(md5).lastIndexOf(wanted);
        return index < 0 ? null : String(index);
      },
      restore: async (name, versionId) => {
        this.put(name, this.history.get(name)![Number(versionId)]);
        this.operations.push(`restore ${name}`);
        await this.assertReadersServed(`after restoring ${name}`);
      },
    };
  }
  async invalidateAll(distributionId: string) {
    this.operations.push(distributionId === PREVIEWS_DISTRIBUTION ? 'invalidate previews' : 'invalidate');
  }
  async invalidate(distributionId: string, paths: string[]) {
    this.operations.push(`invalidate ${distributionId === PREVIEWS_DISTRIBUTION ? 'previews ' : ''}${paths.join(' ')}`);
  }
  async identityOutputs() {
    return {
      region: 'us-east-1',
      userPoolId: auth.userPoolId,
      userPoolClientId: auth.clientId,
      hostedSignInDomain: 'auth.example',
    };
  }
  async deployOperations(site: SiteOutputs) {
    this.afterCare.push(`operations ${site.distributionId}`);
  }
  async setEdgeLogRetention(_site: SiteOutputs, versions: EdgeVersions) {
    this.afterCare.push(`log retention ${Object.values(versions).join(',')}`);
  }
  async pruneEdgeVersions(keep: string[]) {
    this.afterCare.push(`prune keeping ${keep.join(',')}`);
  }
  log() {}
  operator() {
    return 'tester@laptop';
  }

  /** The status a reader gets for a path through one edge location. */
  async status(
    edge: Edge,
    uri: string,
    signedIn: boolean,
    dest: 'document' | 'script',
    host = 'handbook.example-health.com',
  ): Promise<number> {
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
                host: [{ key: 'Host', value: host }],
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
      // A preview's files are served on the previews' own host, production's on production's.
      const hostOf = (uri: string) => (uri.startsWith('/previews/') ? PREVIEW_HOST : undefined);
      const expect200 = async (uri: string, signedIn: boolean, dest: 'document' | 'script', why: string) =>
        assert.equal(
          await this.status(edge, uri, signedIn, dest, hostOf(uri)),
          200,
          `${uri} (${why}) is not served ${moment}`,
        );
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
      for (const file of this.liveBefore.filter(isOpenTabAsset)) {
        await expect200(`/${file}`, true, 'script', 'a file of the live build, for open tabs');
      }
    }
  }
}

/** Makes uploads of `key` fail as a dropped connection would; returns the working bucket. */
function failUploadsOf(cloud: MemoryCloud, key: string): MemoryCloud['bucket'] {
  const bucket = cloud.bucket.bind(cloud);
  cloud.bucket = () => ({
    ...bucket(),
    upload: async (name, file) => {
      if (name === key) throw new Error('connection reset');
      await bucket().upload(name, file);
    },
  });
  return bucket;
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

const config = readDeployConfig(EXAMPLE_CONFIG_FILE);

async function deployBoth(first: string, second: string): Promise<MemoryCloud> {
  const cloud = new MemoryCloud([first, second]);
  await deployHandbook(cloud, config, path.join(root, 'edge-1'));
  cloud.liveBefore = [...cloud.objects.keys()].filter(isOpenTabAsset);
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
    // The previews' origin serves production's sign-in shell: its copy is emptied too.
    assert.deepEqual(cloud.operations, ['switch', 'invalidate', 'invalidate previews']);
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
    const { url } = await deployHandbook(cloud, withoutDomain, path.join(root, 'edge-nodomain'), {
      acceptTls10: true,
    });
    assert.equal(url, 'https://d111111abcdef8.cloudfront.net');
    assert.deepEqual(cloud.identitySiteUrls, ['http://localhost', 'https://d111111abcdef8.cloudfront.net']);
    assert.deepEqual(cloud.objectsAtIdentityDeploys, [0, 0], 'the first pass’s build never reaches the bucket');
    assert.ok(cloud.operations.indexOf('switch') < cloud.operations.findIndex((op) => op.startsWith('upload')));
  });

  test('the check sees a broken deploy: syncing with --delete before the switch, as the old guide said', async () => {
    const cloud = new MemoryCloud([writeBuild('f')]);
    await deployHandbook(cloud, config, path.join(root, 'edge-naive'));
    cloud.liveBefore = [...cloud.objects.keys()].filter(isOpenTabAsset);
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

  test('a page removed from docs/ is gone after the deploy that removed it; only its bundles stay, for open tabs', async () => {
    const cloud = await deployBoth(writeBuild('h', true), writeBuild('i'));
    for (const edge of cloud.edges) assert.equal(await cloud.status(edge, '/docs/new', true, 'document'), 404);
    assert.ok(!cloud.objects.has('docs/new.html'));
    assert.ok(cloud.objects.has('assets/js/new.h0000000.js'), 'a tab open on the page may still load its chunk');
  });

  test('records what a rollback needs and hands the live and previous function versions to the prune step', async () => {
    const cloud = await deployBoth(writeBuild('j'), writeBuild('k'));
    const live = JSON.parse(cloud.objects.get(LIVE_RECORD_KEY)!) as LiveRecord;
    assert.deepEqual(live.edgeVersions, cloud.live);
    assert.equal(live.previous?.edgeVersions?.['viewer-request'], `${FUNCTION_ARN}:viewer:1`);
    assert.ok(live.previous?.checksums?.['docs/guide.html']);
    assert.equal(live.deployedBy, 'tester@laptop');
    assert.ok(
      cloud.afterCare.includes(
        `prune keeping ${[...Object.values(cloud.live), ...Object.values(live.previous!.edgeVersions!)].join(',')}`,
      ),
    );
    assert.ok(!cloud.objects.has(LOCK_KEY), 'the lock is released');
  });
});

describe('npm run rollback', () => {
  const contentOf = (build: string) =>
    new Map(listBuildFiles(build).map((file) => [file, readFileSync(path.join(build, file), 'utf8')]));
  const assertServes = (cloud: MemoryCloud, build: string) => {
    for (const [file, text] of contentOf(build)) assert.equal(cloud.objects.get(file), text, `${file} is the build's`);
    const pages = [...cloud.objects.keys()].filter((key) => key.endsWith('.html'));
    assert.deepEqual(pages.sort(), [...contentOf(build).keys()].filter((key) => key.endsWith('.html')).sort());
  };

  test('puts the previous build and its function versions back, never leaving a reader of either without a file', async () => {
    const previous = writeBuild('l');
    const cloud = await deployBoth(previous, writeBuild('m', true));
    const versions = cloud.live;
    cloud.liveBefore = [...cloud.objects.keys()].filter(isOpenTabAsset);
    cloud.operations.length = 0;
    await rollbackHandbook(cloud, path.join(root, 'edge-rollback'));
    assertServes(cloud, previous);
    assert.deepEqual(cloud.live, {
      'viewer-request': `${FUNCTION_ARN}:viewer:1`,
      'origin-response': `${FUNCTION_ARN}:origin:1`,
    });
    assert.notDeepEqual(cloud.live, versions);
    const switchAt = cloud.operations.indexOf('switch back');
    assert.ok(
      cloud.operations.indexOf('restore docs/guide.html') < switchAt,
      'the live functions accept the previous pages',
    );
    const lastRestore = lastIndexWhere(cloud.operations, (op) => op.startsWith('restore '));
    assert.equal(
      cloud.operations[lastRestore + 1],
      'invalidate',
      'the edge caches are emptied as soon as the previous files are back, before the function switch',
    );
    assert.ok(cloud.operations.includes('invalidate previews'), 'the previews’ copy of the sign-in shell goes too');
    assert.ok(cloud.objects.has('assets/js/new.m0000000.js'), 'tabs open on the rolled-back build keep their chunks');
    for (const edge of cloud.edges) assert.equal(await cloud.status(edge, '/docs/new', true, 'document'), 404);
    const live = JSON.parse(cloud.objects.get(LIVE_RECORD_KEY)!) as LiveRecord;
    assert.deepEqual(live.edgeVersions, cloud.live);
    assert.deepEqual(live.previous?.edgeVersions, versions);
  });

  test('run twice, it returns to the build rolled back from, switching the functions first', async () => {
    const next = writeBuild('o', true);
    const cloud = await deployBoth(writeBuild('n'), next);
    await rollbackHandbook(cloud, path.join(root, 'edge-rollback-1'));
    cloud.liveBefore = [...cloud.objects.keys()].filter(isOpenTabAsset);
    cloud.operations.length = 0;
    await rollbackHandbook(cloud, path.join(root, 'edge-rollback-2'));
    assertServes(cloud, next);
    assert.ok(cloud.operations.indexOf('switch back') < cloud.operations.indexOf('restore docs/guide.html'));
    const lastRestore = lastIndexWhere(cloud.operations, (op) => op.startsWith('restore '));
    assert.equal(cloud.operations[lastRestore + 1], 'invalidate', 'the caches are emptied once the files are back');
  });

  test('stopped half way, it says so and a second run finishes it', async () => {
    const previous = writeBuild('zb');
    const cloud = await deployBoth(previous, writeBuild('zc'));
    const deploySite = cloud.deploySite.bind(cloud);
    cloud.deploySite = async () => {
      throw new Error('Stack is in UPDATE_ROLLBACK_IN_PROGRESS state');
    };
    await assert.rejects(
      rollbackHandbook(cloud, path.join(root, 'edge-stopped-1')),
      /rollback stopped: Stack is in UPDATE_ROLLBACK_IN_PROGRESS[^]*run `npm run rollback` again/,
    );
    assert.ok(!cloud.objects.has(LOCK_KEY));
    cloud.deploySite = deploySite;
    await rollbackHandbook(cloud, path.join(root, 'edge-stopped-2'));
    assertServes(cloud, previous);
  });

  test('after the live build was deployed again, still goes back to the one before it', async () => {
    const previous = writeBuild('z');
    const next = writeBuild('za');
    const cloud = new MemoryCloud([previous, next, next]);
    for (const edgeDir of ['edge-again-1', 'edge-again-2', 'edge-again-3']) {
      await deployHandbook(cloud, config, path.join(root, edgeDir));
    }
    cloud.liveBefore = [...cloud.objects.keys()].filter(isOpenTabAsset);
    await rollbackHandbook(cloud, path.join(root, 'edge-again-rollback'));
    assertServes(cloud, previous);
  });

  test('refuses, changing nothing, when there is no previous build or its files are gone', async () => {
    const cloud = new MemoryCloud([writeBuild('p')]);
    await deployHandbook(cloud, config, path.join(root, 'edge-once'));
    const before = new Map(cloud.objects);
    await assert.rejects(
      rollbackHandbook(cloud, path.join(root, 'edge-none')),
      /no previous build[^]*Nothing was changed/,
    );
    assert.deepEqual(cloud.objects, before);

    const second = await deployBoth(writeBuild('q'), writeBuild('r'));
    second.history.set('docs/guide.html', [second.objects.get('docs/guide.html')!]);
    const kept = new Map(second.objects);
    await assert.rejects(
      rollbackHandbook(second, path.join(root, 'edge-gone')),
      /no longer holds 1 file\(s\)[^]*docs\/guide.html/,
    );
    assert.deepEqual(second.objects, kept);
  });
});

describe('one deploy at a time', () => {
  test('a second deploy is refused while the lock is held, naming who holds it, and changes nothing', async () => {
    const cloud = new MemoryCloud([writeBuild('s'), writeBuild('t')]);
    await deployHandbook(cloud, config, path.join(root, 'edge-lock-1'));
    const holder = { by: 'ci@runner-7', command: 'deploy', since: '2026-11-25T10:00:00.000Z', pid: 4242 };
    cloud.objects.set(LOCK_KEY, JSON.stringify(holder));
    const before = new Map(cloud.objects);
    await assert.rejects(
      deployHandbook(cloud, config, path.join(root, 'edge-lock-2')),
      /lock is held by ci@runner-7 \(deploy, process 4242, since 2026-11-25T10:00:00.000Z\)[^]*npm run unlock/,
    );
    assert.deepEqual(cloud.objects, before);
    await assert.rejects(rollbackHandbook(cloud, path.join(root, 'edge-lock-3')), /lock is held by ci@runner-7/);
  });

  test('the lock is released by deleting its version: no delete marker is left for the next conditional write', async () => {
    const cloud = new MemoryCloud([writeBuild('lk1'), writeBuild('lk2'), writeBuild('lk3')]);
    for (const edgeDir of ['edge-marker-1', 'edge-marker-2', 'edge-marker-3']) {
      await deployHandbook(cloud, config, path.join(root, edgeDir));
    }
    await rollbackHandbook(cloud, path.join(root, 'edge-marker-rollback'));
    assert.ok(!cloud.objects.has(LOCK_KEY));
    assert.deepEqual(cloud.markersOf(LOCK_KEY), [], 'no delete marker on the lock');
  });

  test('two deploys started at once: one runs, the other stops at the lock before changing anything', async () => {
    const cloud = new MemoryCloud([writeBuild('w'), writeBuild('x'), writeBuild('y')]);
    await deployHandbook(cloud, config, path.join(root, 'edge-race-0'));
    const results = await Promise.allSettled([
      deployHandbook(cloud, config, path.join(root, 'edge-race-1')),
      deployHandbook(cloud, config, path.join(root, 'edge-race-2')),
    ]);
    assert.deepEqual(results.map((result) => result.status).sort(), ['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    assert.match(String(refused.reason), /lock is held by tester@laptop \(deploy/);
    assert.ok(!cloud.objects.has(LOCK_KEY));
  });

  test('a deploy that fails half way puts the live pages back, says how to resume, releases the lock, and a re-run finishes', async () => {
    const build = writeBuild('v');
    const live = writeBuild('u');
    const cloud = new MemoryCloud([live, build, build]);
    await deployHandbook(cloud, config, path.join(root, 'edge-fail-1'));
    cloud.liveBefore = [...cloud.objects.keys()].filter(isOpenTabAsset);
    const bucket = failUploadsOf(cloud, 'docs/guide.html');
    await assert.rejects(
      deployHandbook(cloud, config, path.join(root, 'edge-fail-2')),
      /failed while publishing changed files: connection reset[^]*pages are as they were[^]*run `npm run deploy` again/,
    );
    assert.ok(cloud.operations.includes('upload 404.html'), 'a file was published before the failure');
    for (const file of listBuildFiles(live)) {
      assert.equal(cloud.objects.get(file), readFileSync(path.join(live, file), 'utf8'), `${file} is the live build's`);
    }
    assert.ok(!cloud.objects.has(LOCK_KEY));
    cloud.bucket = bucket;
    await deployHandbook(cloud, config, path.join(root, 'edge-fail-3'));
    assert.equal(cloud.objects.get('docs/guide.html'), readFileSync(path.join(build, 'docs/guide.html'), 'utf8'));
  });
});

/** A pull request's build with the base URL `/previews/<N>/`: its pages name its own bundles there. */
function writePreviewBuild(pullRequest: number, text: string, inlineScriptHash = "'sha256-a'"): string {
  const dir = path.join(root, `preview-${pullRequest}-${Math.random().toString(16).slice(2)}`);
  const base = `previews/${pullRequest}`;
  const page = (body: string) =>
    `<!doctype html><p>${body}</p><script src="/${base}/assets/js/main.p0000000.js"></script>`;
  const files: Record<string, string> = {
    'index.html': page(`Home of ${text}`),
    'docs/guide.html': page(text),
    'docs/python-3.12.html': page(`Python in ${text}`),
    '404.html': page('Page Not Found'),
    'sign-in.html': '<!doctype html><title>Sign in</title>',
    'sitemap.xml': '<urlset/>',
    'assets/js/main.p0000000.js': `/* ${text} */`,
  };
  const manifest: GateManifest = {
    signInPath: '/sign-in',
    auth,
    publicFiles: ['sign-in.html'],
    connectSources: ['https://cognito-idp.us-east-1.amazonaws.com'],
    inlineScriptHashes: [inlineScriptHash],
    pullRequest,
  };
  for (const [name, content] of Object.entries({ ...files, [MANIFEST_FILE]: JSON.stringify(manifest) })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('a pull request’s preview on the fake cloud', () => {
  /** Production deployed once; a preview is published from a build made elsewhere (preview-build.yml). */
  async function withProduction(): Promise<MemoryCloud> {
    const cloud = new MemoryCloud([writeBuild('a')]);
    await deployHandbook(cloud, config, path.join(root, `edge-p-${Math.random()}`));
    cloud.operations.length = 0;
    return cloud;
  }
  const productionKeys = (cloud: MemoryCloud) =>
    new Map([...cloud.objects].filter(([key]) => !key.startsWith('previews/') && !key.startsWith('.gate/previews/')));
  const page = (cloud: MemoryCloud, uri: string) => cloud.status(cloud.edges[0], uri, true, 'document', PREVIEW_HOST);
  const onProduction = (cloud: MemoryCloud, uri: string) => cloud.status(cloud.edges[0], uri, true, 'document');

  test('creates and updates a preview readers reach through production’s functions, changing nothing of production', async () => {
    const cloud = await withProduction();
    const before = productionKeys(cloud);
    const buildDir = writePreviewBuild(42, 'first draft');
    const created = await publishPreview(cloud, { pullRequest: 42, commit: 'c1', max: 2, buildDir });
    assert.equal(created.status, 'published');
    assert.equal(created.status === 'published' && created.url, `https://${PREVIEW_HOST}/previews/42/`);
    assert.match(cloud.objects.get('previews/42/docs/guide.html') ?? '', /first draft/);
    assert.equal(await page(cloud, '/previews/42/docs/guide'), 200);
    assert.equal(await page(cloud, '/previews/42/'), 200);
    // The dotted page, which production's functions know only by its route.
    assert.equal(await page(cloud, '/previews/42/docs/python-3.12'), 200);
    // Never on production's origin, where readers' sessions are.
    assert.equal(await onProduction(cloud, '/previews/42/docs/guide'), 404);
    for (const absent of ['previews/42/sitemap.xml', 'previews/42/sign-in.html', 'previews/42/.gate/manifest.json']) {
      assert.ok(!cloud.objects.has(absent), absent);
    }
    assert.deepEqual(productionKeys(cloud), before, 'no production key was written or removed');
    assert.ok(!cloud.operations.some((operation) => /^switch/.test(operation)), 'no function was published');
    assert.ok(!cloud.objects.has(LOCK_KEY), 'production’s deploy lock is not taken');
    assert.equal(cloud.operations.at(-1), 'invalidate previews /previews/42/*', 'the previews distribution only');

    cloud.operations.length = 0;
    await publishPreview(cloud, {
      pullRequest: 42,
      commit: 'c2',
      max: 2,
      buildDir: writePreviewBuild(42, 'second draft'),
    });
    assert.match(cloud.objects.get('previews/42/docs/guide.html') ?? '', /second draft/);
    const uploads = cloud.operations.filter((operation) => operation.startsWith('upload'));
    assert.ok(uploads.length > 0 && uploads.length < 8, `only changed files are uploaded: ${uploads.join(', ')}`);
    assert.deepEqual(
      (await readPreviewRecords(cloud.bucket())).map((record) => [record.pullRequest, record.commit]),
      [[42, 'c2']],
    );
  });

  test('a production deploy keeps every preview, and a preview is removed with its record', async () => {
    const cloud = new MemoryCloud([writeBuild('a'), writeBuild('b')]);
    await deployHandbook(cloud, config, path.join(root, 'edge-q1'));
    await publishPreview(cloud, { pullRequest: 42, commit: 'c1', max: 2, buildDir: writePreviewBuild(42, 'draft') });
    await deployHandbook(cloud, config, path.join(root, 'edge-q2'));
    assert.match(cloud.objects.get('previews/42/docs/guide.html') ?? '', /draft/);
    await rollbackHandbook(cloud, path.join(root, 'edge-q3'));
    assert.match(cloud.objects.get('previews/42/docs/guide.html') ?? '', /draft/, 'a rollback keeps it too');

    cloud.operations.length = 0;
    assert.ok((await removePreview(cloud, 42)) > 0);
    assert.deepEqual(
      [...cloud.objects.keys()].filter((key) => key.includes('previews/')),
      [],
    );
    assert.equal(await page(cloud, '/previews/42/docs/guide'), 404);
    assert.equal(await onProduction(cloud, '/docs/guide'), 200);
    assert.equal(cloud.operations.at(-1), 'invalidate previews /previews/42/*');
    assert.equal(await removePreview(cloud, 42), 0, 'removing again changes nothing');
  });

  test('at the cap a new pull request gets no preview and learns who holds the places', async () => {
    const cloud = await withProduction();
    await publishPreview(cloud, { pullRequest: 1, commit: 'c1', max: 1, buildDir: writePreviewBuild(1, 'one') });
    const objects = cloud.objects.size;
    const capped = await publishPreview(cloud, {
      pullRequest: 2,
      commit: 'c2',
      max: 1,
      buildDir: writePreviewBuild(2, 'two'),
    });
    assert.deepEqual(capped.status === 'capped' && capped.holders.map((holder) => holder.pullRequest), [1]);
    assert.equal(cloud.objects.size, objects, 'nothing was uploaded');
    const updated = await publishPreview(cloud, {
      pullRequest: 1,
      commit: 'c3',
      max: 1,
      buildDir: writePreviewBuild(1, 'one, updated'),
    });
    assert.equal(updated.status, 'published', 'a preview that exists is still updated at the cap');
  });

  test('a build production’s edge would run differently is not uploaded, and says why', async () => {
    const cloud = await withProduction();
    const objects = cloud.objects.size;
    const buildDir = writePreviewBuild(42, 'themed', "'sha256-changed-theme'");
    const result = await publishPreview(cloud, { pullRequest: 42, commit: 'c1', max: 2, buildDir });
    assert.equal(result.status, 'unfaithful');
    assert.match(result.status === 'unfaithful' ? result.reasons.join() : '', /Content Security Policy blocks/);
    assert.equal(cloud.objects.size, objects);
  });

  test('a build made for another pull request number is refused before anything is written', async () => {
    const cloud = await withProduction();
    const objects = cloud.objects.size;
    await assert.rejects(
      publishPreview(cloud, { pullRequest: 43, commit: 'c1', max: 2, buildDir: writePreviewBuild(42, 'elsewhere') }),
      /is the build of pull request 42, not the preview of pull request 43/,
    );
    await assert.rejects(
      publishPreview(cloud, { pullRequest: 43, commit: 'c1', max: 2, buildDir: writeBuild('production') }),
      /is the build of production, not the preview of pull request 43/,
    );
    assert.equal(cloud.objects.size, objects);
  });

  test('the sweep removes previews of closed pull requests and files without a record, and says so', async () => {
    const cloud = await withProduction();
    for (const pullRequest of [1, 2, 3])
      await publishPreview(cloud, {
        pullRequest,
        commit: `c${pullRequest}`,
        max: 5,
        buildDir: writePreviewBuild(pullRequest, 'x'),
      });
    // Files a dead publish, or a hand, left under a number with no record.
    await cloud.bucket().write('previews/9/index.html', '<p>orphan</p>');
    const asked: number[] = [];
    const swept = await sweepPreviews(cloud, async (pullRequest) => {
      asked.push(pullRequest);
      return pullRequest === 2;
    });
    assert.deepEqual(
      swept.map(({ pullRequest, why }) => [pullRequest, why]),
      [
        [1, 'closed'],
        [3, 'closed'],
        [9, 'no record'],
      ],
    );
    assert.ok(swept.every((entry) => entry.files > 0));
    assert.deepEqual(asked, [1, 2, 3], 'GitHub is asked about recorded previews only');
    const left = [...cloud.objects.keys()].filter((key) => key.includes('previews/'));
    assert.ok(left.includes('.gate/previews/2.json'));
    assert.deepEqual(
      left.filter((key) => !key.startsWith('previews/2/') && key !== '.gate/previews/2.json'),
      [],
      'only the open pull request’s preview is left',
    );
    assert.deepEqual(await sweepPreviews(cloud, async () => true), [], 'nothing left to sweep');
  });
});

describe('what a deploy run reports', () => {
  const times = { startedAt: new Date('2026-11-27T13:00:00Z'), finishedAt: new Date('2026-11-27T13:14:03Z') };

  test('the pages added, changed and removed against the build live before it', async () => {
    const cloud = new MemoryCloud([writeBuild('pa'), writeBuild('pb', true), writeBuild('pb', true), writeBuild('pc')]);
    const first = await deployHandbook(cloud, config, path.join(root, 'edge-pages-1'));
    assert.deepEqual(first.pages.added, ['/', '/docs/guide', '/sign-in']);
    const second = await deployHandbook(cloud, config, path.join(root, 'edge-pages-2'));
    assert.deepEqual(second.pages, { added: ['/docs/new'], changed: ['/', '/docs/guide', '/sign-in'], removed: [] });
    const again = await deployHandbook(cloud, config, path.join(root, 'edge-pages-3'));
    assert.deepEqual(again.pages, { added: [], changed: [], removed: [] }, 'the same build again changes nothing');
    const third = await deployHandbook(cloud, config, path.join(root, 'edge-pages-4'));
    assert.deepEqual(third.pages.removed, ['/docs/new']);

    const summary = deploySummary(second, times);
    assert.match(summary, /^## Deployed: https:\/\/handbook\.example-health\.com/);
    assert.match(summary, /Live since 2026-11-27 13:14 UTC; the deploy took 14 min 3 s/);
    assert.match(summary, /1 added, 3 changed, 0 removed/);
    assert.match(summary, /- \[\/docs\/new\]\(https:\/\/handbook\.example-health\.com\/docs\/new\)/);
  });

  test('a deploy whose access log and alarms could not be put in place fails, naming what is missing', async () => {
    const cloud = new MemoryCloud([writeBuild('ac1'), writeBuild('ac2')]);
    await deployHandbook(cloud, config, path.join(root, 'edge-care-1'));
    cloud.deployOperations = async () => {
      throw new Error('Handbook-production-Operations: no us-east-1 bootstrap');
    };
    cloud.setEdgeLogRetention = async () => {
      throw new Error('AccessDenied on logs:PutRetentionPolicy');
    };
    const failed = await deployHandbook(cloud, config, path.join(root, 'edge-care-2')).catch((error: unknown) => error);
    assert.ok(failed instanceof AfterCareError, `the deploy failed: ${String(failed)}`);
    assert.match(failed.message, /the access log and alarms \(operations stack\): Handbook-production-Operations/);
    assert.match(failed.message, /edge log retention and the key-drift alarm: AccessDenied/);
    assert.ok(
      cloud.afterCare.some((step) => step.startsWith('prune')),
      'the other parts still ran',
    );
    assert.ok(!cloud.objects.has(LOCK_KEY));
    const summary = failureSummary('deploy', failed, times);
    assert.match(summary, /## The deploy failed/);
    assert.match(summary, /What readers see meanwhile:\*\* The new build is live and every page of it is served/);
  });

  test('a failed deploy’s summary says what readers see, as the step it stopped at guarantees', async () => {
    const cloud = new MemoryCloud([writeBuild('fs1'), writeBuild('fs2')]);
    await deployHandbook(cloud, config, path.join(root, 'edge-fs-1'));
    failUploadsOf(cloud, 'docs/guide.html');
    const failed = await deployHandbook(cloud, config, path.join(root, 'edge-fs-2')).catch((error: unknown) => error);
    const summary = failureSummary('deploy', failed, times);
    assert.match(summary, /What readers see meanwhile:\*\* The live site's pages are as they were/);
    assert.match(summary, /failed while publishing changed files: connection reset/);

    const stopped = new MemoryCloud([writeBuild('fs3')]);
    stopped.deployIdentity = async () => {
      throw new Error('ExpiredToken');
    };
    const early = await deployHandbook(stopped, config, path.join(root, 'edge-fs-3')).catch((error: unknown) => error);
    assert.match(failureSummary('deploy', early, times), /What readers see meanwhile:\*\* The live site is as it was/);
  });
});
