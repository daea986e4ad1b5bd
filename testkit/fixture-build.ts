/** A small build on disk, with its gate manifest, for the gate's tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localIdentityUrl } from '../core/local-pool';
import { localPoolAuth } from './local-identity';
import { SIGN_IN_PATH } from '../core/sign-in-route';
import { MANIFEST_FILE } from '../gate/manifest';
import type { GateAuth, GateManifest } from '../gate/manifest';

export const protectedText = 'The claims service retries each payer submission three times.';

const files: Record<string, string> = {
  'index.html': `<!doctype html><title>Home</title><p>${protectedText}</p>`,
  'docs/guide.html': `<!doctype html><title>Guide</title><p>${protectedText}</p>`,
  '404.html': '<!doctype html><title>Not found</title><p>Page Not Found</p>',
  'sign-in.html': '<!doctype html><title>Sign in</title><script src="/assets/js/main.0123abcd.js"></script>',
  'assets/js/main.0123abcd.js': 'console.log("shell");',
  'assets/js/0f1e2d3c.89abcdef.js': `export const text = ${JSON.stringify(protectedText)};`,
  'assets/images/diagram-0123abcd.png': 'png',
  'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'search-index.json': JSON.stringify([{ t: protectedText }]),
  // search-local's name with `hashed: 'filename'`: the whole handbook's and a section's.
  'search-index-0a1b2c3d.json': JSON.stringify([{ t: protectedText, u: '/' }]),
  'search-index-arc-0a1b2c3d.json': JSON.stringify([{ t: protectedText, u: '/arc' }]),
  // The handbook's index files (src/search/index-files.ts): its pages, a shard of terms, a page's entries.
  'search-index-_pages-0a1b2c3d.json': JSON.stringify({
    pages: [['/arc', protectedText, []]],
    acronyms: {},
    shards: ['cl'],
  }),
  'search-index-_t-cl-0a1b2c3d.json': JSON.stringify({ claim: [0, 1, 40] }),
  'search-index-_p-0-0a1b2c3d.json': JSON.stringify([[4, protectedText, '', '']]),
  'sitemap.xml': '<urlset><url><loc>https://handbook.example.com/docs/guide</loc></url></urlset>',
};

export const fixtureFiles = Object.keys(files).sort();

export function fixtureManifest(auth: GateAuth = localPoolAuth(localIdentityUrl)): GateManifest {
  return {
    signInPath: SIGN_IN_PATH,
    auth,
    publicFiles: ['sign-in.html', 'assets/js/main.0123abcd.js', 'img/logo.svg'],
    connectSources: [localIdentityUrl],
    inlineScriptHashes: [],
  };
}

export interface FixtureBuild {
  buildDir: string;
  /** The content of the file beside the build that no request may ever read. */
  secret: string;
  remove(): void;
}

/**
 * Writes the build into `<temp>/build`, with a secret beside it (`<temp>/secret.txt`) that no
 * request may ever read.
 */
export function writeFixtureBuild(manifest: GateManifest): FixtureBuild {
  const root = mkdtempSync(path.join(tmpdir(), 'handbook-gate-'));
  const buildDir = path.join(root, 'build');
  for (const [name, content] of Object.entries({ ...files, [MANIFEST_FILE]: JSON.stringify(manifest) })) {
    mkdirSync(path.dirname(path.join(buildDir, name)), { recursive: true });
    writeFileSync(path.join(buildDir, name), content);
  }
  const secret = 'TOP-SECRET-OUTSIDE-THE-BUILD';
  writeFileSync(path.join(root, 'secret.txt'), secret);
  return { buildDir, secret, remove: () => rmSync(root, { recursive: true, force: true }) };
}
