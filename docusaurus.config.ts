import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Config, PluginConfig } from '@docusaurus/types';
import { normalizeUrl, simpleHash } from '@docusaurus/utils';
import type * as Preset from '@docusaurus/preset-classic';
import type { PluginOptions as SearchLocalOptions } from '@easyops-cn/docusaurus-search-local';
import { themes as prismThemes } from 'prism-react-renderer';
import { buildAuthConfig } from './core/amplify-config';
import { exampleValueProblems } from './core/example-values';
import { withoutLinkPrefetch } from './plugins/docusaurus-internals';
import { withoutElkLayouts } from './plugins/theme-mermaid-internals';
import { remarkMermaidCheck } from './plugins/mermaid-check';
import searchWithShards from './plugins/search-shards';
import signInShellPlugin from './plugins/sign-in-shell';
import twoStepSignInStylesPlugin from './plugins/two-step-sign-in';
import { liveSessionScript } from './core/live-session-script';
import { previewBaseUrl, previewNumberFrom } from './core/preview';
import type { PreviewFields } from './core/preview';

/** The sign-in gate's Amplify configuration: a missing or invalid variable stops here, naming it. */
const auth = buildAuthConfig(process.env);

/** Where a build is published, and its repository, when HANDBOOK_URL and HANDBOOK_REPO_URL are unset. */
const siteDefaults = {
  HANDBOOK_URL: 'https://handbook.example.com',
  HANDBOOK_REPO_URL: 'https://github.com/example-health/engineering-handbook',
};

// A production build against `.env.example`'s values signs in nowhere: stop, naming each.
const exampleValues = auth.mode === 'cognito' ? exampleValueProblems(process.env, siteDefaults) : [];
if (exampleValues.length) {
  throw new Error(
    [
      'These variables hold example values (from .env.example or the defaults):',
      ...exampleValues.map((problem) => `  ${problem}`),
      'Set the real ones, or HANDBOOK_AUTH=local for a build against the local identity service.',
    ].join('\n'),
  );
}

/** An absolute http(s) URL from the environment, or the default; anything else stops the build, naming the variable. */
function urlFromEnv(name: string, fallback: string): URL {
  const value = process.env[name]?.trim() || fallback;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`${name} is "${value}": it must be an absolute http(s) URL`);
  }
  return url;
}

/** Where the handbook is published; used for canonical URLs and the sitemap. */
const siteUrl = urlFromEnv('HANDBOOK_URL', siteDefaults.HANDBOOK_URL);

/** The handbook's own repository: "Edit this page" opens the file on its main branch. */
const repoUrl = urlFromEnv('HANDBOOK_REPO_URL', siteDefaults.HANDBOOK_REPO_URL).href.replace(/\/+$/, '');

/**
 * The pull request this build previews (`HANDBOOK_PREVIEW_PR`), or null for production. A preview
 * lives under `/previews/<N>/` of the production site (core/preview.ts), has no sitemap, and shows
 * its banner on every page (src/components/PreviewBanner).
 */
const previewNumber = previewNumberFrom(process.env);
const preview: PreviewFields | null = previewNumber
  ? { pullRequest: previewNumber, pullRequestUrl: `${repoUrl}/pull/${previewNumber}` }
  : null;

/**
 * A preview keeps production's storage namespace (Docusaurus names it after the URL and base URL:
 * `automaticNamespace` in @docusaurus/core's server/storage.js): the colour-mode inline script is
 * then byte for byte production's, whose hash the production edge's Content Security Policy allows,
 * and the reader's colour mode follows them into the preview.
 */
const productionStorageNamespace = simpleHash(normalizeUrl([siteUrl.origin, '/']).replace(/\/?$/, '/'), 3);

/** GitHub's code colours, darkened where they fall short of WCAG AA (4.5:1) on its background. */
const lightCodeTheme = {
  ...prismThemes.github,
  styles: [
    ...prismThemes.github.styles,
    { types: ['comment', 'prolog', 'doctype', 'cdata'], style: { color: '#57606a' } },
    { types: ['string', 'attr-value'], style: { color: '#b3125a' } },
    {
      types: ['entity', 'url', 'symbol', 'number', 'boolean', 'variable', 'constant', 'property', 'regex', 'inserted'],
      style: { color: '#0b7471' },
    },
    { types: ['atrule', 'attr-name'], style: { color: '#0069a8' } },
    { types: ['function', 'deleted'], style: { color: '#b31d28' } },
  ],
};

/**
 * "Last updated" dates come from git, and Docusaurus refuses to build a site outside a git worktree
 * when asked for them (a source tarball, a copied fixture site): there, pages show no date.
 */
function insideGitWorktree(): boolean {
  try {
    return (
      execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() === 'true'
    );
  } catch {
    return false;
  }
}

const presetOptions = {
  docs: {
    routeBasePath: '/',
    sidebarPath: './sidebars.ts',
    editUrl: `${repoUrl}/edit/main/`,
    breadcrumbs: true,
    // From each file's last commit (in a shallow clone, the one commit there is); a file git does not know shows none.
    showLastUpdateTime: insideGitWorktree(),
    // A diagram that does not parse fails the build, naming file and line, before Mermaid's own plugin turns it into a component.
    beforeDefaultRemarkPlugins: [remarkMermaidCheck],
  },
  blog: false,
  // The handbook is docs; the sign-in page is an application of its own (src/sign-in-app).
  pages: false,
  theme: {
    customCss: './src/css/custom.css',
  },
  // A preview is never listed: no sitemap of its own, and production's is not touched.
  sitemap: preview
    ? false
    : {
        lastmod: null,
        changefreq: null,
        priority: null,
      },
} satisfies Preset.Options;

/**
 * The handbook's top sections, the folders of docs/, each a search context labelled as its sidebar
 * category (`_category_.json`, else the folder's name, as the sidebar does), so a search started in
 * a section can be kept within it or not.
 */
function topSections(): { label: string; path: string }[] {
  return readdirSync('docs', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      const categoryFile = `docs/${entry.name}/_category_.json`;
      const category = existsSync(categoryFile)
        ? (JSON.parse(readFileSync(categoryFile, 'utf8')) as { label?: unknown })
        : {};
      return { label: typeof category.label === 'string' ? category.label : entry.name, path: entry.name };
    });
}

const searchOptions = {
  hashed: 'filename',
  indexDocs: true,
  indexBlog: false,
  indexPages: false,
  docsRouteBasePath: '/',
  language: ['en'],
  searchResultLimits: 8,
  searchBarShortcut: true,
  searchBarShortcutKeymap: 'mod+k',
  explicitSearchResultPath: true,
  searchContextByPaths: topSections(),
  // Outside a section (the home page, the single pages), search the whole handbook.
  useAllContextsWithNoSearchContext: true,
  // Every page carries `robots: noindex` (it is internal); the local index must still hold it.
  forceIgnoreNoIndex: true,
} satisfies SearchLocalOptions;

const themeConfig = {
  image: 'img/logo.svg',
  colorMode: {
    defaultMode: 'light',
    disableSwitch: false,
    // A phone or laptop set to dark opens the handbook dark, until the reader picks a mode.
    respectPrefersColorScheme: true,
  },
  announcementBar: {
    id: 'internal-only-2026',
    content: 'Internal material: do not share outside the company, and never paste patient data here.',
    isCloseable: true,
    // The bar's colours are inline styles: variables let them follow the colour mode (src/css/custom.css).
    backgroundColor: 'var(--handbook-announcement-bg)',
    textColor: 'var(--handbook-announcement-fg)',
  },
  navbar: {
    title: 'Engineering Handbook',
    // No alt: beside the title the logo is decoration, and the theme then gives it an empty alt
    // (axe `image-redundant-alt`).
    logo: {
      src: 'img/logo.svg',
      srcDark: 'img/logo-dark.svg',
    },
    // No menu items: the search box, and the signed-in reader with "Sign out", which the
    // mobile panel's "← Back to main menu" returns to.
    items: [
      { type: 'search', position: 'right' },
      { type: 'custom-account', position: 'right' },
    ],
  },
  footer: {
    style: 'dark',
    copyright: 'Engineering Handbook · internal use only',
  },
  docs: {
    sidebar: { hideable: true, autoCollapseCategories: false },
  },
  tableOfContents: {
    minHeadingLevel: 2,
    maxHeadingLevel: 3,
  },
  prism: {
    theme: lightCodeTheme,
    // The one bundled dark theme whose every token meets 4.5:1.
    darkTheme: prismThemes.gruvboxMaterialDark,
    // `bash` also registers its aliases `sh` and `shell`; the default bundle has no SQL.
    additionalLanguages: ['ruby', 'json', 'hcl', 'bash', 'sql'],
  },
  mermaid: {
    theme: { light: 'neutral', dark: 'dark' },
  },
} satisfies Preset.ThemeConfig;

/**
 * The handbook's wording of a theme sentence. The not-found page asked the reader to "contact the
 * owner of the site that linked you to the original URL" (newcomer review 3): in an internal
 * handbook the link came from one of its own pages, each of which names its owning team. A plugin
 * supplies default messages for the theme's `<Translate>` ids through
 * `getDefaultCodeTranslationMessages` (Docusaurus, "I18n lifecycles"); an `i18n/en/code.json` would
 * do it too, but turns on translation files for the sidebars, which repeat category descriptions.
 */
const handbookWording: PluginConfig = () => ({
  name: 'handbook-wording',
  getDefaultCodeTranslationMessages: async () => ({
    'theme.NotFound.p2':
      'If a link in the handbook brought you here, tell the team named at the foot of that page, so they can fix it.',
  }),
});

const config = {
  title: 'Engineering Handbook',
  tagline: 'Engineering guidelines and technical documentation',
  favicon: 'img/favicon.svg',
  url: siteUrl.origin,
  baseUrl: preview ? previewBaseUrl(preview.pullRequest) : '/',
  trailingSlash: false,
  titleDelimiter: '|',
  // Internal material: keep crawlers out without `noIndex`, which would also drop the sitemap.
  headTags: [
    { tagName: 'meta', attributes: { name: 'robots', content: 'noindex, nofollow' } },
    {
      tagName: 'script',
      attributes: {},
      innerHTML: liveSessionScript(auth.amplify.Auth?.Cognito.userPoolClientId ?? ''),
    },
  ],
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',
  future: {
    v4: true,
  },
  ...(preview ? { storage: { type: 'localStorage', namespace: productionStorageNamespace } } : {}),
  // Docusaurus's inline warning script for a wrong base URL would be one more inline script, which
  // production's Content Security Policy does not allow.
  baseUrlIssueBanner: !preview,
  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
  },
  markdown: {
    format: 'detect',
    mermaid: true,
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      onBrokenMarkdownImages: 'throw',
    },
  },
  customFields: { auth, preview },
  presets: [['classic', presetOptions]],
  plugins: [
    (context) => signInShellPlugin(context, { auth }),
    twoStepSignInStylesPlugin,
    withoutLinkPrefetch,
    withoutElkLayouts,
    handbookWording,
  ],
  clientModules: [
    './src/client-modules/finish-sign-out.ts',
    './src/client-modules/clean-search-url.ts',
    './src/client-modules/search-list-roles.ts',
  ],
  // The search plugin, its index written again in small files that a search fetches a few of
  // (plugins/search-shards).
  themes: ['@docusaurus/theme-mermaid', [searchWithShards, searchOptions]],
  themeConfig,
} satisfies Config;

export default config;
