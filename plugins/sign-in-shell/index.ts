/**
 * Docusaurus plugin: builds the sign-in page (`sign-in-app.ts`) into the build, then writes the
 * gate's manifest (see `gate/manifest.ts`). The public shell is computed, not listed by hand: the
 * sign-in page's HTML and what it references, and the site's logos and favicon, which the page
 * shows. Nothing Docusaurus emits is public: its bundles name every page and chunk of the
 * handbook. The build fails if any part of the shell cannot be found or lies outside the page's
 * own files. Under `npm start` it serves the same page, rebuilt as its sources change.
 */
import { createHash } from 'node:crypto';
import { access, readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { SIGN_IN_PATH } from '../../core/sign-in-route';
import type { HandbookAuthConfig } from '../../core/amplify-config';
import type { PreviewFields } from '../../core/preview';
import { gateAuthOf, listBuildFiles, MANIFEST_FILE } from '../../gate/manifest';
import type { GateManifest } from '../../gate/manifest';
import { bundleSignInApp, SIGN_IN_ASSETS, SIGN_IN_HTML, watchSignInApp, writeSignInApp } from './sign-in-app';
import type { SignInAppOptions } from './sign-in-app';

const ASSET_TAG = /<(script|link|img|source)\b[^>]*>/gi;
const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
const SHELL_LINK_RELS = new Set(['stylesheet', 'icon', 'preload', 'modulepreload', 'apple-touch-icon', 'manifest']);

function attribute(tag: string, name: string): string | undefined {
  const match = ATTRIBUTE(name).exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * Files a page loads to render (scripts, styles, icons, images), not the pages it links to,
 * relative to the build: the site's base URL (`/`, or a preview's `/previews/<N>/`) taken off.
 */
export function assetsReferencedBy(html: string, baseUrl = '/'): string[] {
  const found: string[] = [];
  for (const [tag, name] of html.matchAll(ASSET_TAG)) {
    const kind = name.toLowerCase();
    if (kind === 'link' && !SHELL_LINK_RELS.has((attribute(tag, 'rel') ?? '').toLowerCase())) continue;
    const reference = attribute(tag, kind === 'link' ? 'href' : 'src');
    if (reference?.startsWith('/') && !reference.startsWith('//')) found.push(withoutBase(reference, baseUrl));
  }
  return found;
}

function withoutBase(reference: string, baseUrl: string): string {
  const relative = reference.startsWith(baseUrl) ? reference.slice(baseUrl.length) : reference.slice(1);
  return relative.split(/[?#]/)[0];
}

const URL_FUNCTION = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s]*))\s*\)/g;

/** Fonts and images a stylesheet pulls in, relative to the build. */
export function assetsReferencedByCss(css: string, cssFile: string, baseUrl = '/'): string[] {
  const found: string[] = [];
  for (const [, double, single, bare] of css.matchAll(URL_FUNCTION)) {
    const reference = (double ?? single ?? bare ?? '').trim();
    if (!reference || /^(data:|https?:|#)/.test(reference)) continue;
    found.push(
      reference.startsWith('/')
        ? withoutBase(reference, baseUrl)
        : path.posix.join(path.posix.dirname(cssFile), reference).split(/[?#]/)[0],
    );
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

/** The favicon and the navbar logos, which the sign-in form shows too. */
function brandImages(context: LoadContext): string[] {
  const { favicon, themeConfig } = context.siteConfig;
  const logo = (themeConfig as { navbar?: { logo?: { src?: string; srcDark?: string } } }).navbar?.logo;
  return [favicon, logo?.src, logo?.srcDark]
    .filter((image): image is string => !!image)
    .map((image) => image.replace(/^\//, ''));
}

function signInAppOptions(context: LoadContext, auth: HandbookAuthConfig): SignInAppOptions {
  const { siteConfig } = context;
  const { colorMode } = siteConfig.themeConfig as { colorMode: SignInAppOptions['colorMode'] };
  return {
    siteDir: context.siteDir,
    baseUrl: context.baseUrl,
    title: siteConfig.title,
    titleDelimiter: siteConfig.titleDelimiter,
    favicon: siteConfig.favicon,
    auth,
    colorMode,
    storageNamespace: context.siteStorage.namespace,
  };
}

/** What a signed-out visitor may load: the sign-in page, what it references, and the site's images. */
export async function publicShell(outDir: string, brand: string[], baseUrl = '/'): Promise<string[]> {
  const existing = new Set(listBuildFiles(outDir));
  /** The page's own files that the build holds; anything else stops the build. */
  const ownFiles = (files: string[]) => {
    const foreign = files.filter(
      (file) => file !== SIGN_IN_HTML && !file.startsWith(`${SIGN_IN_ASSETS}/`) && !brand.includes(file),
    );
    if (foreign.length)
      throw new Error(`Gate manifest: the sign-in page loads files that are not its own: ${foreign.join(', ')}`);
    const missing = files.filter((file) => !existing.has(file));
    if (missing.length) throw new Error(`Gate manifest: the shell names files the build lacks: ${missing.join(', ')}`);
    return files;
  };
  const html = await readFile(path.join(outDir, SIGN_IN_HTML), 'utf8');
  const shell = new Set<string>(ownFiles([SIGN_IN_HTML, ...brand, ...assetsReferencedBy(html, baseUrl)]));
  for (const file of [...shell].filter((name) => name.endsWith('.css'))) {
    const css = await readFile(path.join(outDir, file), 'utf8');
    ownFiles(assetsReferencedByCss(css, file, baseUrl)).forEach((asset) => shell.add(asset));
  }
  const files = [...shell].sort();
  for (const kind of ['.js', '.css']) {
    if (!files.some((file) => file.startsWith(`${SIGN_IN_ASSETS}/`) && file.endsWith(kind)))
      throw new Error(`Gate manifest: ${SIGN_IN_HTML} loads no ${kind} file from ${SIGN_IN_ASSETS}/`);
  }
  return files;
}

/** Under `npm start`: one watcher, however often Docusaurus reloads its configuration. */
let devSignInApp: ReturnType<typeof watchSignInApp> | null = null;

export default function signInShellPlugin(context: LoadContext, options: { auth: HandbookAuthConfig }): Plugin {
  const appOptions = signInAppOptions(context, options.auth);
  return {
    name: 'handbook-sign-in-shell',
    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'development') return {};
      // The dev server serves its static folders before its page fallback; `/sign-in` finds
      // sign-in.html there through `extensions`. Plugins' `devServer` settings add to Docusaurus's.
      const directory = path.join(context.generatedFilesDir, 'sign-in-app');
      devSignInApp ??= watchSignInApp(directory, appOptions);
      devSignInApp.catch((error: unknown) => console.error('Sign-in page: the dev build failed to start', error));
      return {
        devServer: {
          static: [{ directory, publicPath: context.baseUrl, staticOptions: { extensions: ['html'] }, watch: false }],
        },
      } as ReturnType<NonNullable<Plugin['configureWebpack']>>;
    },
    async postBuild({ outDir }) {
      const preview = context.siteConfig.customFields?.preview as PreviewFields | null | undefined;
      const docusaurusPage = await access(path.join(outDir, SIGN_IN_HTML)).then(
        () => true,
        () => false,
      );
      if (docusaurusPage) {
        throw new Error(
          `Gate manifest: Docusaurus built a page at ${SIGN_IN_PATH}; that route belongs to the sign-in page (src/sign-in-app)`,
        );
      }
      await writeSignInApp(outDir, await bundleSignInApp(appOptions));
      const publicFiles = await publicShell(outDir, brandImages(context), context.baseUrl);
      const pages = await Promise.all(
        listBuildFiles(outDir)
          .filter((file) => file.endsWith('.html'))
          .map((file) => readFile(path.join(outDir, file), 'utf8')),
      );
      const manifest: GateManifest = {
        signInPath: SIGN_IN_PATH,
        ...gateAuthOf(options.auth),
        publicFiles,
        inlineScriptHashes: [...new Set(pages.flatMap(inlineScriptHashes))].sort(),
        ...(preview ? { pullRequest: preview.pullRequest } : {}),
      };
      await mkdir(path.join(outDir, path.dirname(MANIFEST_FILE)), { recursive: true });
      await writeFile(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
