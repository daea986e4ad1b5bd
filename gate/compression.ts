/**
 * Compressed serving. `precompressBuild` (run by `npm run build`) writes a brotli and a gzip copy of
 * each text file of the build, once, so the server never compresses per request (it has two cores).
 * The server then sends, in place of the file the gate decided to serve, the copy the request's
 * `Accept-Encoding` prefers.
 *
 * The copies live under `.gate/compressed/`, a dot folder: `listBuildFiles` leaves it out and
 * `decide` refuses any path with a dot segment, so no URL names a copy (`/x.js.br` is a file the
 * build does not have). A copy is only ever sent for the file the gate chose, with that file's
 * rules, so it is exactly as protected as the file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { listBuildFiles } from './manifest';

export const COMPRESSED_DIR = '.gate/compressed';

/** Content types of the text files the build compresses; `send` would name a `.br` file wrongly. */
const TEXT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.ico': 'image/vnd.microsoft.icon',
};

export type Encoding = 'br' | 'gzip';

/**
 * In order of preference when the request weighs them equally: brotli is 15-20 % smaller. Brotli
 * at quality 10, not 11: measured on this build, 11 saves 2 % more bytes for three times the time.
 */
const ENCODINGS: { name: Encoding; suffix: string; compress: (data: Buffer) => Promise<Buffer> }[] = [
  {
    name: 'br',
    suffix: '.br',
    compress: (data) =>
      promisify(zlib.brotliCompress)(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  {
    name: 'gzip',
    suffix: '.gz',
    compress: (data) => promisify(zlib.gzip)(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  },
];

function isCompressible(file: string): boolean {
  return path.extname(file) in TEXT_TYPES;
}

/**
 * The encoding to send: the highest `q` among those the file has a copy in and identity, a tie
 * going to br, then gzip, then identity. A coding the header does not name weighs what `*` weighs,
 * or 0; identity weighs 1 unless named or covered by `*` (RFC 9110 §12.5.3).
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!acceptEncoding || !available.length) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!token) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(token, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  const weightOf = (token: string, unnamed: number) => weights.get(token) ?? weights.get('*') ?? unnamed;
  let best: Encoding | null = null;
  let bestWeight = weightOf('identity', 1);
  for (const { name } of ENCODINGS) {
    const weight = weightOf(name, 0);
    if (available.includes(name) && weight > 0 && (best === null ? weight >= bestWeight : weight > bestWeight)) {
      best = name;
      bestWeight = weight;
    }
  }
  return best;
}

export interface PrecompressReport {
  files: number;
  bytes: number;
  compressed: Record<Encoding, number>;
  /** Files whose copies came from the cache: the same content was compressed by an earlier run. */
  reused: number;
  seconds: number;
}

export interface PrecompressOptions {
  /**
   * Where compressed copies are kept by content hash between builds (`docusaurus build` empties
   * the build folder). Without it every file is compressed.
   */
  cacheDir?: string;
}

/** Names the cache's entries: the content and the settings it was compressed with. */
const CACHE_VERSION = 'br10-text+gzip9/1';

/** Writes through a temporary name, so an interrupted run never leaves half a file under the real one. */
async function writeAtomically(target: string, data: Buffer): Promise<void> {
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, target);
}

/**
 * Writes `.gate/compressed/<file>.br` and `.gz` for every compressible file of the build, replacing
 * any earlier copies. A copy that would not be smaller is not written: the file is sent as it is.
 * With a cache, a file whose content was compressed before gets the kept copy, and the cache ends
 * holding exactly this build's copies (what an older build alone used is removed).
 */
export async function precompressBuild(buildDir: string, options: PrecompressOptions = {}): Promise<PrecompressReport> {
  const started = performance.now();
  const outDir = path.join(buildDir, COMPRESSED_DIR);
  await rm(outDir, { recursive: true, force: true });
  const { cacheDir } = options;
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  const used = new Set<string>();
  const files = listBuildFiles(buildDir).filter(isCompressible);
  const report: PrecompressReport = { files: 0, bytes: 0, compressed: { br: 0, gzip: 0 }, reused: 0, seconds: 0 };

  /** The copy of `data` in one encoding: the cache's, or made now (and kept). */
  async function compressedCopy(data: Buffer, key: string | null, encoding: (typeof ENCODINGS)[number]) {
    if (!cacheDir || !key) return { bytes: await encoding.compress(data), fromCache: false };
    const entry = path.join(cacheDir, key + encoding.suffix);
    used.add(path.basename(entry));
    const kept = await readFile(entry).catch(() => null);
    if (kept) return { bytes: kept, fromCache: true };
    const bytes = await encoding.compress(data);
    await writeAtomically(entry, bytes);
    return { bytes, fromCache: false };
  }

  // zlib's async calls run on libuv's thread pool, so files compress on every core the pool has
  // threads for (4, or UV_THREADPOOL_SIZE): more files in flight than threads only queue.
  const queue = [...files];
  async function worker(): Promise<void> {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const data = await readFile(path.join(buildDir, file));
      const key = cacheDir ? createHash('sha256').update(CACHE_VERSION).update(data).digest('hex') : null;
      report.files += 1;
      report.bytes += data.length;
      let reused = true;
      for (const encoding of ENCODINGS) {
        const copy = await compressedCopy(data, key, encoding);
        reused &&= copy.fromCache;
        if (copy.bytes.length >= data.length) {
          report.compressed[encoding.name] += data.length;
          continue;
        }
        const target = path.join(outDir, file + encoding.suffix);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, copy.bytes);
        report.compressed[encoding.name] += copy.bytes.length;
      }
      if (reused) report.reused += 1;
    }
  }
  const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  await Promise.all(Array.from({ length: Math.max(threads, 4) }, worker));
  if (cacheDir) {
    for (const entry of await readdir(cacheDir)) {
      if (!used.has(entry) && !entry.endsWith('.tmp')) await rm(path.join(cacheDir, entry), { force: true });
    }
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/** What to hand `send` for a decided file: the file itself, or its compressed copy. */
interface Representation {
  root: string;
  path: string;
}

/**
 * The build's compressed copies, found once when serving starts. A copy older than its file (a
 * rebuild without `precompressBuild`) is ignored: it would hold the old content.
 */
export function compressedCopies(buildDir: string, files: Iterable<string>) {
  const root = path.join(buildDir, COMPRESSED_DIR);
  const copies = new Map<string, Encoding[]>();
  for (const file of files) {
    if (!isCompressible(file)) continue;
    const fileTime = statSync(path.join(buildDir, file)).mtimeMs;
    const fresh = ENCODINGS.filter(
      ({ suffix }) => (statSync(path.join(root, file + suffix), { throwIfNoEntry: false })?.mtimeMs ?? -1) >= fileTime,
    ).map(({ name }) => name);
    if (fresh.length) copies.set(file, fresh);
  }

  /**
   * Sets `Vary`, `Content-Type` (the same for every encoding) and `Content-Encoding` for the file
   * the gate decided to serve and says what to send. `Vary` goes on every compressible answer, compressed or not, so no cache
   * hands a brotli body to a client that did not ask for one, or the reverse.
   */
  function representationOf(
    file: string,
    acceptEncoding: string | undefined,
    response: ServerResponse,
  ): Representation {
    const identity = { root: buildDir, path: `/${file}` };
    if (!isCompressible(file)) return identity;
    response.setHeader('Vary', 'Accept-Encoding');
    response.setHeader('Content-Type', TEXT_TYPES[path.extname(file)]);
    const encoding = chooseEncoding(acceptEncoding, copies.get(file) ?? []);
    if (!encoding) return identity;
    response.setHeader('Content-Encoding', encoding);
    const suffix = ENCODINGS.find(({ name }) => name === encoding)?.suffix ?? '';
    return { root, path: `/${file}${suffix}` };
  }

  return { count: copies.size, representationOf };
}
