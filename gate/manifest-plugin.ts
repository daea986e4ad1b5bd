/**
 * Docusaurus plugin: after the build, writes the gate's manifest (see `manifest.ts`). The public
 * shell is computed, not listed by hand: the sign-in page's HTML and what it references, the
 * entry bundles, the sign-in route's chunks and the lazily loaded sign-in form, so a new chunk or
 * a renamed file can neither leak nor break sign-in. The build fails if any part cannot be found.
 */
import { createHash } from 'node:crypto';
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { SIGN_IN_PATH } from '../src/auth/signInRoute';
import type { HandbookAuthConfig } from '../amplify-config';
import { gateAuthOf, listBuildFiles, MANIFEST_FILE } from './manifest';
import type { GateManifest } from './manifest';

/**
 * The `webpackChunkName`s of what signing in loads lazily: the form (src/components/AuthGate) and
 * Amplify (src/auth/amplify.ts).
 */
export const SIGN_IN_CHUNKS = ['sign-in-gate', 'amplify'];

const SIGN_IN_HTML = `${SIGN_IN_PATH.slice(1)}.html`;

interface ChunkGroupStats {
  assets?: { name: string }[];
  /** Files the group's modules emit: a stylesheet imported with `?url`. */
  auxiliaryAssets?: { name: string }[];
}

/** The bundler's named chunk groups (each `webpackChunkName`) and entry points, with their files. */
interface BundleGraph {
  namedChunkGroups: Record<string, ChunkGroupStats>;
  entrypoints: Record<string, ChunkGroupStats>;
}

const ASSET_TAG = /<(script|link|img|source)\b[^>]*>/gi;
const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
const SHELL_LINK_RELS = new Set(['stylesheet', 'icon', 'preload', 'modulepreload', 'apple-touch-icon', 'manifest']);

function attribute(tag: string, name: string): string | undefined {
  const match = ATTRIBUTE(name).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Files a page loads to render (scripts, styles, icons, images), not the pages it links to. */
export function assetsReferencedBy(html: string): string[] {
  const found: string[] = [];
  for (const [tag, name] of html.matchAll(ASSET_TAG)) {
    const kind = name.toLowerCase();
    if (kind === 'link' && !SHELL_LINK_RELS.has((attribute(tag, 'rel') ?? '').toLowerCase())) continue;
    const reference = attribute(tag, kind === 'link' ? 'href' : 'src');
    if (reference?.startsWith('/') && !reference.startsWith('//')) found.push(reference.slice(1).split(/[?#]/)[0]);
  }
  return found;
}

const URL_FUNCTION = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s]*))\s*\)/g;

/** Fonts and images a stylesheet pulls in, relative to the build. */
export function assetsReferencedByCss(css: string, cssFile: string): string[] {
  const found: string[] = [];
  for (const [, double, single, bare] of css.matchAll(URL_FUNCTION)) {
    const reference = (double ?? single ?? bare ?? '').trim();
    if (!reference || /^(data:|https?:|#)/.test(reference)) continue;
    const resolved = reference.startsWith('/')
      ? reference.slice(1)
      : path.posix.join(path.posix.dirname(cssFile), reference);
    found.push(resolved.split(/[?#]/)[0]);
  }
  return found;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** CSP hashes of inline scripts that run (not JSON-LD data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/i.test(` ${attributes}`) || !body) continue;
    const type = attribute(` ${attributes}`, 'type');
    if (type && !/^(text\/javascript|module)$/i.test(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

function chunkNamesOf(route: unknown): string[] {
  if (typeof route === 'string') return [route];
  if (route && typeof route === 'object') return Object.values(route).flatMap(chunkNamesOf);
  return [];
}

function filesOf(group: ChunkGroupStats | undefined, what: string): string[] {
  const files = [...(group?.assets ?? []), ...(group?.auxiliaryAssets ?? [])].map((asset) => asset.name);
  if (!files.length) throw new Error(`Gate manifest: the bundle has no files for ${what}`);
  return files;
}

/** The favicon and the navbar logos, which the sign-in form shows too. */
function brandImages(context: LoadContext): string[] {
  const { favicon, themeConfig } = context.siteConfig;
  const logo = (themeConfig as { navbar?: { logo?: { src?: string; srcDark?: string } } }).navbar?.logo;
  return [favicon, logo?.src, logo?.srcDark]
    .filter((image): image is string => !!image)
    .map((image) => image.replace(/^\//, ''));
}

async function publicShell(
  context: LoadContext,
  routesChunkNames: Record<string, unknown>,
  graph: BundleGraph,
): Promise<Set<string>> {
  const { outDir } = context;
  const signInHtml = await readFile(path.join(outDir, SIGN_IN_HTML), 'utf8').catch(() => {
    throw new Error(`Gate manifest: the build has no ${SIGN_IN_HTML}; the sign-in page (src/pages) is missing`);
  });
  const routeKeys = Object.keys(routesChunkNames).filter((key) => key.startsWith(`${SIGN_IN_PATH}-`));
  if (routeKeys.length !== 1)
    throw new Error(`Gate manifest: expected one ${SIGN_IN_PATH} route, found ${routeKeys.length}`);
  const shell = new Set<string>([
    SIGN_IN_HTML,
    ...brandImages(context),
    ...assetsReferencedBy(signInHtml),
    ...filesOf(graph.entrypoints.main, 'the main entry point'),
    ...SIGN_IN_CHUNKS.flatMap((name) => filesOf(graph.namedChunkGroups[name], `the "${name}" chunk`)),
    // A route chunk whose module is already in the main bundle (the site config) has no files.
    ...chunkNamesOf(routesChunkNames[routeKeys[0]]).flatMap(
      (name) => graph.namedChunkGroups[name]?.assets?.map((asset) => asset.name) ?? [],
    ),
  ]);
  for (const file of [...shell].filter((name) => name.endsWith('.css'))) {
    const css = await readFile(path.join(outDir, file), 'utf8');
    assetsReferencedByCss(css, file).forEach((asset) => shell.add(asset));
  }
  return shell;
}

export default function gateManifestPlugin(context: LoadContext, options: { auth: HandbookAuthConfig }): Plugin {
  let graph: BundleGraph | null = null;
  return {
    name: 'handbook-gate-manifest',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        plugins: [
          {
            apply(compiler) {
              compiler.hooks.done.tap('handbook-gate-manifest', (stats) => {
                const json = stats.toJson({
                  all: false,
                  chunkGroups: true,
                  chunkGroupAuxiliary: true,
                  entrypoints: true,
                });
                graph = {
                  namedChunkGroups: (json.namedChunkGroups ?? {}) as BundleGraph['namedChunkGroups'],
                  entrypoints: (json.entrypoints ?? {}) as BundleGraph['entrypoints'],
                };
              });
            },
          },
        ],
      };
    },
    async postBuild({ outDir }) {
      if (!graph) throw new Error('Gate manifest: the client bundle reported no chunk graph');
      const routesChunkNames = JSON.parse(
        await readFile(path.join(context.generatedFilesDir, 'routesChunkNames.json'), 'utf8'),
      ) as Record<string, unknown>;
      const files = listBuildFiles(outDir);
      const existing = new Set(files);
      const shell = await publicShell(context, routesChunkNames, graph);
      const missing = [...shell].filter((file) => !existing.has(file));
      if (missing.length)
        throw new Error(`Gate manifest: the shell names files the build lacks: ${missing.join(', ')}`);
      const pages = await Promise.all(
        files.filter((file) => file.endsWith('.html')).map((file) => readFile(path.join(outDir, file), 'utf8')),
      );
      const manifest: GateManifest = {
        signInPath: SIGN_IN_PATH,
        ...gateAuthOf(options.auth),
        publicFiles: [...shell].sort(),
        inlineScriptHashes: [...new Set(pages.flatMap(inlineScriptHashes))].sort(),
      };
      await mkdir(path.join(outDir, path.dirname(MANIFEST_FILE)), { recursive: true });
      await writeFile(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
