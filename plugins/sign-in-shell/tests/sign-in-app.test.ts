import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import { buildAuthConfig } from '../../../core/amplify-config';
import { cacheControl } from '../../../gate/headers';
import { publicShell } from '..';
import { colorModeScript, docusaurusColorModeScript } from '../../docusaurus-internals';
import { bundleSignInApp, SIGN_IN_HTML, signInAppBuildOptions, writeSignInApp } from '../sign-in-app';
import { unreadTranslations, withoutQrCodesWhileMfaIsOff } from '../amplify-ui-internals';
import type { SignInAppFile, SignInAppOptions } from '../sign-in-app';

const options: SignInAppOptions = {
  siteDir: path.resolve(__dirname, '../../..'),
  baseUrl: '/',
  title: 'Engineering Handbook',
  titleDelimiter: '|',
  favicon: 'img/favicon.svg',
  auth: buildAuthConfig({ HANDBOOK_AUTH: 'local' }),
  colorMode: { defaultMode: 'light', respectPrefersColorScheme: false },
  storageNamespace: '-b1b',
};
const brand = ['img/favicon.svg', 'img/logo.svg', 'img/logo-dark.svg'];

let files: SignInAppFile[];
let outDir: string;

before(async () => {
  files = await bundleSignInApp(options);
  outDir = await mkdtemp(path.join(tmpdir(), 'sign-in-app-'));
  await writeSignInApp(outDir, files);
  await mkdir(path.join(outDir, 'img'));
  await Promise.all(brand.map((image) => writeFile(path.join(outDir, image), '<svg/>')));
});

after(() => rm(outDir, { recursive: true, force: true }));

const text = (name: string) => Buffer.from(files.find((file) => file.name === name)?.contents ?? []).toString();

const scripts = () => files.filter((file) => file.name.endsWith('.js'));
/** Every module of the page: the entry and the chunks it imports. */
const allScript = () =>
  scripts()
    .map((file) => text(file.name))
    .join('\n');

test('the page is its HTML, an entry module with its chunks and one stylesheet, named by their content', async () => {
  const [html, entry, stylesheet, ...chunks] = files.map((file) => file.name);
  assert.equal(html, SIGN_IN_HTML);
  assert.match(entry, /^sign-in-assets\/sign-in\.[0-9A-Z]{8}\.js$/);
  assert.match(stylesheet, /^sign-in-assets\/sign-in\.[0-9A-Z]{8}\.css$/);
  assert.ok(chunks.length >= 2, 'Amplify and the form come in chunks of their own');
  for (const chunk of chunks) assert.match(chunk, /^sign-in-assets\/chunk\.[0-9A-Z]{8}\.js$/);
  assert.equal(files.filter((file) => file.name.endsWith('.css')).length, 1, 'one stylesheet');
  const again = await bundleSignInApp(options);
  assert.deepEqual(
    again.map((file) => file.name),
    files.map((file) => file.name),
  );
});

test('the gate serves every script and stylesheet of a real build `immutable`, and the page itself not', () => {
  const bundles = files.filter((file) => /\.(js|css)$/.test(file.name));
  assert.ok(bundles.length >= 4, 'the entry, its stylesheet and the chunks');
  for (const bundle of bundles) {
    assert.equal(cacheControl(bundle.name, 'public'), 'public, max-age=31536000, immutable', bundle.name);
  }
  assert.equal(cacheControl(SIGN_IN_HTML, 'public'), 'public, no-cache');
});

test('the HTML loads the stylesheet, the entry module and every chunk from its head, and sets the colour mode first', () => {
  const [entry, stylesheet, ...chunks] = files.slice(1).map((file) => file.name);
  const head = text(SIGN_IN_HTML).split('</head>')[0];
  const order = [
    '<script>',
    `<link rel="stylesheet" href="/${stylesheet}">`,
    `<script type="module" src="/${entry}">`,
    ...chunks.map((chunk) => `<link rel="modulepreload" href="/${chunk}">`),
  ];
  const positions = order.map((tag) => head.indexOf(tag));
  assert.ok(
    positions.every((position) => position >= 0),
    `head holds ${order.join(', ')}`,
  );
  assert.deepEqual(
    [...positions].sort((a, b) => a - b),
    positions,
  );
  assert.match(text(SIGN_IN_HTML), /<title>Sign in \| Engineering Handbook<\/title>/);
});

test('the stylesheet holds the CSS of every module, the form’s chunk included', () => {
  const stylesheet = text(files[2].name);
  assert.match(stylesheet, /\.amplify-button/, 'Amplify UI');
  assert.match(stylesheet, /margin:0;font-size:1\.5rem/, "the form's own CSS module");
});

test('the modules carry the sign-in settings and nothing else of the site', () => {
  const script = allScript();
  assert.ok(script.includes(options.auth.amplify.Auth?.Cognito.userPoolClientId as string));
  for (const absent of ['Internal material', '@site/', 'routesChunkNames', options.siteDir]) {
    assert.ok(!script.includes(absent), `the script holds no "${absent}"`);
  }
});

test('the public shell is the page and the site images; the build fails on anything else', async () => {
  assert.deepEqual(await publicShell(outDir, brand), [...brand, ...files.map((file) => file.name)].sort());

  const html = await readFile(path.join(outDir, SIGN_IN_HTML), 'utf8');
  await writeFile(
    path.join(outDir, SIGN_IN_HTML),
    html.replace('</head>', '<script src="/assets/js/main.0123abcd.js"></script></head>'),
  );
  await assert.rejects(publicShell(outDir, brand), /loads files that are not its own: assets\/js\/main\.0123abcd\.js/);

  await writeFile(path.join(outDir, SIGN_IN_HTML), html.replace('sign-in-assets/sign-in.', 'sign-in-assets/gone.'));
  await assert.rejects(publicShell(outDir, brand), /the shell names files the build lacks: sign-in-assets\/gone\./);

  await writeFile(path.join(outDir, SIGN_IN_HTML), html);
});

test('the colour mode follows the query, then the stored choice, then the configured default', () => {
  const modeFor = (search: string, stored: string | null, script = colorModeScript(options)) => {
    const attributes: Record<string, string> = {};
    vm.runInNewContext(script, {
      location: { search },
      URLSearchParams,
      localStorage: { getItem: (key: string) => (key === 'theme-b1b' ? stored : null) },
      document: { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } },
      matchMedia: () => ({ matches: true }),
    });
    return attributes['data-theme'];
  };
  assert.equal(modeFor('', null), 'light');
  assert.equal(modeFor('', 'dark'), 'dark');
  assert.equal(modeFor('?docusaurus-theme=light', 'dark'), 'light');
  assert.equal(modeFor('', 'purple'), 'light');
  const followSystem = colorModeScript({
    ...options,
    colorMode: { defaultMode: 'light', respectPrefersColorScheme: true },
  });
  assert.equal(modeFor('', null, followSystem), 'dark');
});

test("the colour mode agrees with Docusaurus's own script on every mode a reader can choose", () => {
  const modeFor = (script: string, search: string, stored: string | null, systemDark: boolean) => {
    const attributes: Record<string, string> = {};
    const context: Record<string, unknown> = {
      location: { search },
      URLSearchParams,
      localStorage: { getItem: (key: string) => (key === 'theme-b1b' ? stored : null) },
      document: { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } },
      matchMedia: () => ({ matches: systemDark }),
    };
    context.window = context;
    vm.runInNewContext(script, context);
    return attributes['data-theme'];
  };
  for (const defaultMode of ['light', 'dark'] as const) {
    for (const respectPrefersColorScheme of [false, true]) {
      const modes = { ...options, colorMode: { defaultMode, respectPrefersColorScheme } };
      for (const search of ['', '?docusaurus-theme=dark', '?docusaurus-theme=light']) {
        for (const stored of [null, 'dark', 'light']) {
          for (const systemDark of [false, true]) {
            const ours = modeFor(colorModeScript(modes), search, stored, systemDark);
            const docusaurus = modeFor(docusaurusColorModeScript(modes), search, stored, systemDark);
            assert.equal(ours, docusaurus, JSON.stringify({ defaultMode, respectPrefersColorScheme, search, stored }));
          }
        }
      }
    }
  }
});

test("the form's theme is in the stylesheet, written at build time, and only the tokens it sets", () => {
  const [script, stylesheet] = [allScript(), text(files[2].name)];
  // The minifier drops the attribute values' quotes.
  const lightRule = stylesheet.match(/\[data-amplify-theme="?handbook"?\]\s*\{([^}]*)\}/)?.[1] ?? '';
  assert.match(lightRule, /--amplify-colors-primary-80:\s*#0b5cad/);
  assert.match(lightRule, /--amplify-fonts-default-variable:\s*var\(--ifm-font-family-base\)/);
  assert.doesNotMatch(lightRule, /--amplify-space-/, 'default tokens stay in Amplify UI’s own stylesheet');
  assert.match(
    stylesheet,
    /\[data-amplify-theme="?handbook"?\]\[data-amplify-color-mode="?dark"?\]\s*\{[^}]*--amplify-colors-primary-80:\s*#8cc4ff/,
  );
  assert.doesNotMatch(script, /#0b5cad/i, 'the script carries no theme to compute');
});

test('the script carries Amplify UI’s English texts and none of the translations the page never reads', () => {
  const script = allScript();
  assert.match(script, /Forgot your password\?/);
  for (const translation of ['Retour à la connexion', 'サインインに戻る']) {
    assert.ok(!script.includes(translation), `no "${translation}"`);
  }
});

/** Bundles one module with one of the page's build plugins. */
const bundleWith = (entryPoint: string, plugin: esbuild.Plugin) =>
  esbuild.build({ entryPoints: [entryPoint], bundle: true, write: false, logLevel: 'silent', plugins: [plugin] });

test('a change in how Amplify UI loads its dictionaries stops the build, naming the module', async () => {
  const dictionaries = path.join(outDir, 'node_modules/@aws-amplify/ui/dist/esm/i18n/dictionaries/index.mjs');
  await mkdir(path.dirname(dictionaries), { recursive: true });
  await writeFile(dictionaries, "const enDict = Object.assign({}, { 'Sign In': 'Sign In' });\nexport { enDict };\n");
  await assert.rejects(
    bundleWith(dictionaries, unreadTranslations()),
    /expected 21 language copies in .*dictionaries\/index\.mjs, found 0/,
  );
});

/**
 * The input modules the page's files keep any bytes of, from esbuild's metafile of its build, each
 * from its `node_modules/` on (esbuild names a package by its real path, outside the project when
 * `node_modules` is a link).
 */
async function keptModules(auth = options.auth): Promise<string[]> {
  const { metafile } = await esbuild.build({ ...signInAppBuildOptions({ ...options, auth }), metafile: true });
  const kept = Object.values(metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([module]) => module.replace(/^.*?(?=node_modules\/)/, '')),
  );
  return [...new Set(kept)];
}

test('while MFA is off the page carries no QR-code library; with MFA on, the TOTP setup has it', async () => {
  const qrCode = (module: string) => module.startsWith('node_modules/qrcode/');
  const mfaOff = await keptModules();
  assert.deepEqual(mfaOff.filter(qrCode), []);
  assert.ok(mfaOff.includes('mfa-off:qrcode'), 'the stand-in that refuses to draw a code');
  const withMfa = structuredClone(options.auth);
  const cognito = withMfa.amplify.Auth?.Cognito;
  assert.ok(cognito);
  Object.assign(cognito, { mfa: { status: 'optional', totpEnabled: true } });
  const mfaOn = await keptModules(withMfa);
  assert.ok(mfaOn.some(qrCode), 'qrcode is bundled once MFA can be set up');
});

test('while MFA is off, an importer of qrcode other than the TOTP setup stops the build, naming it', async () => {
  const importer = path.join(outDir, 'node_modules/@aws-amplify/ui-react/dist/esm/components/QrBadge.mjs');
  await mkdir(path.dirname(importer), { recursive: true });
  await writeFile(importer, "import QRCode from 'qrcode';\nexport const badge = QRCode.toDataURL('x');\n");
  await assert.rejects(
    bundleWith(importer, withoutQrCodesWhileMfaIsOff(options.auth)),
    /QrBadge\.mjs imports qrcode, .* only Amplify UI's TOTP setup \(SetupTotp\.mjs, as of @aws-amplify\/ui-react 6\.15\.6\)/,
  );
});

test('the stylesheet holds Amplify UI’s styles of each component the page keeps, not the whole library', async () => {
  const styles = 'node_modules/@aws-amplify/ui-react/dist/styles';
  const kept = await keptModules();
  assert.ok(!kept.some((module) => module.endsWith('ui-react/dist/styles.layer.css')), 'not the whole library');
  const components = new Set(
    kept.flatMap(
      (module) => module.match(/@aws-amplify\/ui-react\/dist\/esm\/(?:primitives|components)\/(\w+)\//)?.[1] ?? [],
    ),
  );
  assert.ok(components.has('Authenticator') && components.has('Button'));
  for (const component of components) {
    const stylesheet = `${styles}/${component[0].toLowerCase()}${component.slice(1)}.layer.css`;
    if (!existsSync(path.join(options.siteDir, stylesheet))) continue;
    assert.ok(kept.includes(stylesheet), `${component}: src/sign-in-app/amplify-ui.css imports ${stylesheet}`);
  }
  assert.ok(kept.includes(`${styles}/base.layer.css`), 'the design tokens');
});
