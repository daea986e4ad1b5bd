import assert from 'node:assert/strict';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import zlib from 'node:zlib';
import { chooseEncoding, COMPRESSED_DIR, compressedCopies, precompressBuild } from '../compression';
import { listBuildFiles } from '../manifest';
import { fixtureManifest, protectedText, writeFixtureBuild } from '../../testkit/fixture-build';
import { startGateFixture } from '../../testkit/gate-fixture';
import type { GateFixture } from '../../testkit/gate-fixture';

describe('choosing an encoding from Accept-Encoding', () => {
  const both = ['br', 'gzip'] as const;
  test('brotli when the request weighs it no lower than gzip', () => {
    assert.equal(chooseEncoding('gzip, deflate, br, zstd', both), 'br');
    assert.equal(chooseEncoding('gzip;q=1.0, br;q=1.0', both), 'br');
    assert.equal(chooseEncoding('*', both), 'br');
  });
  test('q-values decide, and q=0 refuses', () => {
    assert.equal(chooseEncoding('br;q=0.5, gzip', both), 'gzip');
    assert.equal(chooseEncoding('br;q=0, gzip;q=0.1, identity;q=0', both), 'gzip');
    assert.equal(chooseEncoding('gzip;q=0.1', both), null, 'identity weighs 1 unless named');
    assert.equal(chooseEncoding('br;q=0, gzip;q=0', both), null);
    assert.equal(chooseEncoding('*;q=0, identity', both), null);
    assert.equal(chooseEncoding('gzip;q=0.4, identity;q=0.8', both), null);
    assert.equal(chooseEncoding('BR;Q=0.9, identity;q=0', both), 'br');
  });
  test('identity when nothing compressed is acceptable or exists', () => {
    assert.equal(chooseEncoding(undefined, both), null);
    assert.equal(chooseEncoding('', both), null);
    assert.equal(chooseEncoding('deflate, zstd', both), null);
    assert.equal(chooseEncoding('br', []), null);
    assert.equal(chooseEncoding('br, gzip', ['gzip']), 'gzip');
  });
});

describe('compressed serving through the gate', () => {
  let gate: GateFixture;
  let fixture: GateFixture['build'];
  let cookie: string;
  const publicScript = 'assets/js/main.0123abcd.js';
  const protectedScript = 'assets/js/0f1e2d3c.89abcdef.js';
  const copyOf = (file: string, suffix: string) =>
    readFileSync(path.join(fixture.buildDir, COMPRESSED_DIR, file + suffix));

  const call = (rawPath: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') =>
    gate.call(rawPath, { headers, method });

  before(async () => {
    gate = await startGateFixture({
      beforeServing: async ({ buildDir }) => {
        // Files large enough that compressing them pays; the fixture's own are a few bytes.
        const repeated = (text: string) => Array.from({ length: 200 }, (_, index) => `${text} // ${index}`).join('\n');
        writeFileSync(path.join(buildDir, publicScript), repeated('console.log("shell");'));
        writeFileSync(path.join(buildDir, protectedScript), repeated(`export const text = "${protectedText}";`));
        await precompressBuild(buildDir);
      },
    });
    ({ cookie, build: fixture } = gate);
  });
  after(() => gate.stop());

  test('the build step writes copies that decompress to their files, and only where they are smaller', () => {
    const original = readFileSync(path.join(fixture.buildDir, protectedScript));
    assert.deepEqual(zlib.brotliDecompressSync(copyOf(protectedScript, '.br')), original);
    assert.deepEqual(zlib.gunzipSync(copyOf(protectedScript, '.gz')), original);
    // The fixture's logo is a few bytes: no copy could be smaller.
    assert.throws(() => copyOf('img/logo.svg', '.br'), /ENOENT/);
    assert.throws(() => copyOf('assets/images/diagram-0123abcd.png', '.br'), /ENOENT/, 'not a text type');
    assert.deepEqual(
      listBuildFiles(fixture.buildDir).filter((file) => /\.(br|gz)$/.test(file)),
      [],
    );
  });

  test('a copy older than its file (a rebuild without the build step) is not used', () => {
    const stale = path.join(fixture.buildDir, COMPRESSED_DIR, `${protectedScript}.br`);
    const before = compressedCopies(fixture.buildDir, [protectedScript]).count;
    utimesSync(stale, new Date(0), new Date(0));
    assert.equal(before, 1);
    const copies = compressedCopies(fixture.buildDir, [protectedScript]);
    const response = { setHeader: () => undefined } as unknown as http.ServerResponse;
    assert.equal(copies.representationOf(protectedScript, 'br', response).path, `/${protectedScript}`);
    assert.equal(copies.representationOf(protectedScript, 'br, gzip', response).path, `/${protectedScript}.gz`);
    utimesSync(stale, new Date(), new Date());
  });

  test('signed in: brotli or gzip as asked, with Vary, the type of the file and bytes that decompress to it', async () => {
    const original = readFileSync(path.join(fixture.buildDir, protectedScript));
    const brotli = await call(`/${protectedScript}`, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(brotli.status, 200);
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.equal(brotli.headers.vary, 'Accept-Encoding');
    assert.equal(brotli.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(brotli.headers['cache-control'], 'no-store');
    assert.equal(Number(brotli.headers['content-length']), brotli.body.length);
    assert.deepEqual(zlib.brotliDecompressSync(brotli.body), original);

    const gzip = await call(`/${protectedScript}`, { cookie, 'accept-encoding': 'gzip' });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(zlib.gunzipSync(gzip.body), original);

    const plain = await call(`/${protectedScript}`, { cookie });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    assert.equal(plain.headers['content-type'], brotli.headers['content-type']);
    assert.deepEqual(plain.body, original);

    const image = await call('/assets/images/diagram-0123abcd.png', { cookie, 'accept-encoding': 'br' });
    assert.equal(image.headers['content-encoding'], undefined);
    assert.equal(image.headers.vary, undefined);
  });

  test('HEAD answers the headers of the chosen copy and no body', async () => {
    const head = await call(`/${protectedScript}`, { cookie, 'accept-encoding': 'br' }, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-encoding'], 'br');
    assert.equal(Number(head.headers['content-length']), copyOf(protectedScript, '.br').length);
    assert.equal(head.body.length, 0);
  });

  test('each encoding has its own ETag, and If-None-Match is answered per encoding', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (encoding) => {
        const answer = await call(`/${publicScript}`, { 'accept-encoding': encoding });
        return String(answer.headers.etag);
      }),
    );
    assert.equal(new Set(tags).size, 3, `ETags ${tags.join(', ')}`);
    const [brotliTag] = tags;
    const fresh = await call(`/${publicScript}`, { 'accept-encoding': 'br', 'if-none-match': brotliTag });
    assert.equal(fresh.status, 304);
    assert.equal(fresh.body.length, 0);
    const otherEncoding = await call(`/${publicScript}`, { 'accept-encoding': 'gzip', 'if-none-match': brotliTag });
    assert.equal(otherEncoding.status, 200);
    assert.equal(otherEncoding.headers['content-encoding'], 'gzip');
  });

  test('Range addresses the bytes of the chosen copy', async () => {
    const brotli = copyOf(protectedScript, '.br');
    const part = await call(`/${protectedScript}`, { cookie, 'accept-encoding': 'br', range: 'bytes=0-9' });
    assert.equal(part.status, 206);
    assert.equal(part.headers['content-encoding'], 'br');
    assert.equal(part.headers['content-range'], `bytes 0-9/${brotli.length}`);
    assert.deepEqual(part.body, brotli.subarray(0, 10));
    const beyond = await call(`/${protectedScript}`, {
      cookie,
      'accept-encoding': 'br',
      range: `bytes=${brotli.length}-`,
    });
    assert.equal(beyond.status, 416);
    assert.equal(beyond.headers['content-range'], `bytes */${brotli.length}`);
    assert.equal(beyond.headers['content-encoding'], undefined);
  });

  test('signed out, a protected file is refused whatever the encoding; the public shell comes compressed', async () => {
    const refused = await call(`/${protectedScript}`, { 'accept-encoding': 'br, gzip' });
    assert.equal(refused.status, 401);
    assert.equal(refused.headers['content-encoding'], undefined);
    assert.ok(!refused.body.toString().includes(protectedText));
    const shell = await call(`/${publicScript}`, { 'accept-encoding': 'br, gzip' });
    assert.equal(shell.status, 200);
    assert.equal(shell.headers['content-encoding'], 'br');
  });

  test('no URL names a compressed copy, signed out or signed in', async () => {
    // [path, status signed out, status signed in]: a copy's name is no file of the build (401, then
    // 404), and its folder is a dot folder (400).
    for (const [rawPath, signedOut, signedIn] of [
      [`/${protectedScript}.br`, 401, 404],
      [`/${protectedScript}.gz`, 401, 404],
      [`/${publicScript}.br`, 401, 404],
      [`/${COMPRESSED_DIR}/${protectedScript}.br`, 400, 400],
      [`/${COMPRESSED_DIR}/${publicScript}.gz`, 400, 400],
      [`/%2egate/compressed/${protectedScript}.br`, 400, 400],
    ] as const) {
      for (const [headers, status] of [
        [{}, signedOut],
        [{ cookie }, signedIn],
      ] as const) {
        const answer = await call(rawPath, { ...headers, 'accept-encoding': 'br, gzip' });
        assert.equal(answer.status, status, `${rawPath} ${'cookie' in headers ? 'signed in' : 'signed out'}`);
        assert.equal(answer.headers['content-encoding'], undefined, rawPath);
        assert.ok(!answer.body.includes(copyOf(protectedScript, '.br').subarray(0, 16)), rawPath);
        assert.ok(!answer.body.toString().includes(protectedText), rawPath);
      }
    }
  });
});

describe('precompressing with a cache of earlier copies', () => {
  test('unchanged content reuses its copies, changed content is compressed, and the cache keeps only this build’s', async () => {
    const fixture = writeFixtureBuild(fixtureManifest());
    const cacheDir = path.join(path.dirname(fixture.buildDir), 'cache');
    try {
      const script = path.join(fixture.buildDir, 'assets/js/0f1e2d3c.89abcdef.js');
      const lines = (text: string) => Array.from({ length: 200 }, (_, index) => `${text} // ${index}`).join('\n');
      writeFileSync(script, lines('export const first = 1;'));
      const first = await precompressBuild(fixture.buildDir, { cacheDir });
      assert.equal(first.reused, 0);
      const firstEntries = readdirSync(cacheDir).sort();
      // Two entries (brotli, gzip) per text file, kept even where the copy is not smaller.
      assert.equal(firstEntries.length, 2 * first.files);

      const second = await precompressBuild(fixture.buildDir, { cacheDir });
      assert.equal(second.reused, second.files);
      assert.deepEqual(second.compressed, first.compressed);
      assert.deepEqual(readdirSync(cacheDir).sort(), firstEntries);

      writeFileSync(script, lines('export const second = 2;'));
      const third = await precompressBuild(fixture.buildDir, { cacheDir });
      assert.equal(third.reused, third.files - 1);
      const copy = readFileSync(path.join(fixture.buildDir, COMPRESSED_DIR, 'assets/js/0f1e2d3c.89abcdef.js.br'));
      assert.deepEqual(zlib.brotliDecompressSync(copy), readFileSync(script));
      const thirdEntries = readdirSync(cacheDir);
      assert.equal(thirdEntries.length, firstEntries.length);
      assert.equal(thirdEntries.filter((entry) => !firstEntries.includes(entry)).length, 2);
    } finally {
      fixture.remove();
    }
  });
});
