/**
 * The sign-in page as an application of its own (`src/sign-in-app/`), bundled with esbuild into an
 * entry module, the chunks it imports and one stylesheet under `sign-in-assets/`, plus its HTML,
 * `sign-in.html`. It is the whole
 * public shell: nothing Docusaurus emits (its `main` bundle lists every route and chunk) is needed
 * to sign in, so all of it stays behind the gate. The page reuses the site's own sign-in form
 * (`src/components/SignInForm`) and session code (`src/auth`).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { HandbookAuthConfig } from '../../core/amplify-config';
import { escapeHtml } from '../../core/escape-html';
import { SIGN_IN_PATH } from '../../core/sign-in-route';
import { colorModeScript, signInPageDocusaurusModules } from '../docusaurus-internals';
import type { ColorModeOptions } from '../docusaurus-internals';
import { themeStylesheet } from '../../src/components/SignInForm/theme';
import { unreadTranslations, withoutQrCodesWhileMfaIsOff } from './amplify-ui-internals';

/** The folder of the page's hashed modules and stylesheet, inside the build. */
export const SIGN_IN_ASSETS = 'sign-in-assets';

/** The page's HTML, served at the sign-in route. */
export const SIGN_IN_HTML = `${SIGN_IN_PATH.slice(1)}.html`;

const ENTRY = 'src/sign-in-app/index.tsx';

/** What the page takes from the site's configuration. */
export interface SignInAppOptions {
  siteDir: string;
  baseUrl: string;
  /** The site's title: the page is "Sign in | <title>". */
  title: string;
  titleDelimiter: string;
  favicon?: string;
  auth: HandbookAuthConfig;
  colorMode: ColorModeOptions['colorMode'];
  storageNamespace: ColorModeOptions['storageNamespace'];
  /** Unminified with inline source maps, for `npm start`. */
  development?: boolean;
}

export interface SignInAppFile {
  /** Relative to the build, `/`-separated. */
  name: string;
  contents: Uint8Array;
}

/**
 * Module ids the page imports that only this build can answer: the form's theme as CSS
 * (`virtual:sign-in-form-theme.css`, computed here from `src/components/SignInForm/theme.ts`; a
 * module no file holds is named `virtual:…`, Vite's documented convention, vite.dev/guide/api-plugin
 * "Virtual Modules Convention", so no reader takes it for a package), and `@site/`, Docusaurus's alias
 * for the site's folder.
 */
function siteModules(options: SignInAppOptions): esbuild.Plugin {
  return {
    name: 'sign-in-app-site-modules',
    setup(build) {
      build.onResolve({ filter: /^virtual:sign-in-form-theme\.css$/ }, (args) => ({
        path: args.path,
        namespace: 'site-module',
      }));
      build.onLoad({ filter: /.*/, namespace: 'site-module' }, () => ({
        contents: themeStylesheet(),
        loader: 'css',
        resolveDir: options.siteDir,
      }));
      build.onResolve({ filter: /^@site\// }, (args) =>
        build.resolve(`./${args.path.slice('@site/'.length)}`, { kind: args.kind, resolveDir: options.siteDir }),
      );
    },
  };
}

export function signInAppBuildOptions(options: SignInAppOptions): esbuild.BuildOptions & { write: false } {
  return {
    absWorkingDir: options.siteDir,
    entryPoints: { 'sign-in': ENTRY },
    bundle: true,
    write: false,
    outdir: SIGN_IN_ASSETS,
    // Names change with contents, so a browser never mixes files of two builds.
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    assetNames: '[name].[hash]',
    // Modules, split: the entry loads Amplify and the form with import(), each evaluated in a task
    // of its own (src/sign-in-app/index.tsx).
    format: 'esm',
    splitting: true,
    target: ['es2020'],
    jsx: 'automatic',
    // Not the site's tsconfig.json: esbuild applies its `strict` to some modules and not others
    // from one build to the next (a "use strict" more or less), which would change the hashes.
    tsconfigRaw: {},
    minify: !options.development,
    sourcemap: options.development ? 'inline' : false,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': JSON.stringify(options.development ? 'development' : 'production') },
    loader: { '.module.css': 'local-css', '.svg': 'file', '.woff': 'file', '.woff2': 'file' },
    logLevel: 'silent',
    plugins: [
      signInPageDocusaurusModules(options),
      siteModules(options),
      unreadTranslations(),
      withoutQrCodesWhileMfaIsOff(options.auth),
    ],
  };
}

/**
 * The page: the colour mode set inline, the stylesheet in the head, the entry module in the head
 * (deferred, as modules are) with every chunk it imports preloaded, so that all of them download
 * alongside the stylesheet, and an empty mount point.
 */
function signInHtml(options: SignInAppOptions, stylesheet: string, script: string, chunks: string[]): string {
  const url = (file: string) => escapeHtml(`${options.baseUrl}${file.replace(/^\//, '')}`);
  return [
    '<!doctype html>',
    '<html lang="en" dir="ltr">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="description" content="Sign in to the engineering handbook.">',
    `<title>${escapeHtml(`Sign in ${options.titleDelimiter} ${options.title}`)}</title>`,
    ...(options.favicon ? [`<link rel="icon" href="${url(options.favicon)}">`] : []),
    `<script>${colorModeScript(options)}</script>`,
    `<link rel="stylesheet" href="${url(stylesheet)}">`,
    `<script type="module" src="${url(script)}"></script>`,
    ...chunks.map((chunk) => `<link rel="modulepreload" href="${url(chunk)}">`),
    '</head>',
    '<body>',
    '<div id="sign-in"></div>',
    '<noscript><p>Signing in to the handbook needs JavaScript.</p></noscript>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The page's files from esbuild's output: the entry module, its chunks, its stylesheet and the
 * HTML naming them. esbuild writes into the entry's stylesheet the CSS of every module the page
 * imports, the form's chunk included, and gives a chunk that imports CSS a stylesheet of its own
 * too, which nothing would load: checked to be in the entry's, and left out.
 */
function pageFiles(options: SignInAppOptions, outputs: esbuild.OutputFile[]): SignInAppFile[] {
  const files = outputs.map((file) => ({
    name: path.relative(options.siteDir, file.path).split(path.sep).join('/'),
    contents: file.contents,
  }));
  const isEntry = (file: SignInAppFile, extension: string) =>
    file.name.startsWith(`${SIGN_IN_ASSETS}/sign-in.`) && file.name.endsWith(extension);
  const script = files.find((file) => isEntry(file, '.js'));
  const stylesheet = files.find((file) => isEntry(file, '.css'));
  if (!script || !stylesheet) throw new Error('Sign-in page: esbuild produced no sign-in script and stylesheet');
  /** CSS without its comments and spaces: esbuild writes each file's path above its rules. */
  const rulesOf = (file: SignInAppFile) =>
    Buffer.from(file.contents)
      .toString()
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, '');
  const pageRules = rulesOf(stylesheet);
  const chunks = files.filter((file) => file.name.endsWith('.js') && file !== script);
  for (const chunkStylesheet of files.filter((file) => file.name.endsWith('.css') && file !== stylesheet)) {
    if (!pageRules.includes(rulesOf(chunkStylesheet))) {
      throw new Error(`Sign-in page: ${chunkStylesheet.name} holds CSS that the page's stylesheet lacks`);
    }
  }
  const assets = files.filter((file) => !file.name.endsWith('.js') && !file.name.endsWith('.css'));
  const html = signInHtml(
    options,
    stylesheet.name,
    script.name,
    chunks.map((chunk) => chunk.name),
  );
  return [{ name: SIGN_IN_HTML, contents: Buffer.from(html) }, script, stylesheet, ...chunks, ...assets];
}

export async function bundleSignInApp(options: SignInAppOptions): Promise<SignInAppFile[]> {
  const result = await esbuild.build(signInAppBuildOptions(options));
  return pageFiles(options, result.outputFiles);
}

/** Writes the page into `outDir`, replacing an earlier one (`npm start` rebuilds it on changes). */
export async function writeSignInApp(outDir: string, files: SignInAppFile[]): Promise<void> {
  await rm(path.join(outDir, SIGN_IN_ASSETS), { recursive: true, force: true });
  for (const file of files) {
    const target = path.join(outDir, file.name);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.contents);
  }
}

/**
 * For `npm start`: rebuilds the page into `outDir` whenever its sources change. The first build
 * runs alongside the dev server's own and takes a second or two.
 */
export async function watchSignInApp(outDir: string, options: SignInAppOptions): Promise<esbuild.BuildContext> {
  const development = signInAppBuildOptions({ ...options, development: true });
  const context = await esbuild.context({
    ...development,
    plugins: [
      ...(development.plugins ?? []),
      {
        name: 'sign-in-app-write',
        setup(build) {
          build.onEnd(async (result) => {
            if (result.errors.length) {
              const messages = await esbuild.formatMessages(result.errors, { kind: 'error' });
              console.error(`Sign-in page (${ENTRY}):\n${messages.join('\n')}`);
              return;
            }
            await writeSignInApp(outDir, pageFiles(options, result.outputFiles ?? []));
          });
        },
      },
    ],
  });
  await context.watch();
  return context;
}
