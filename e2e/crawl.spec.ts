/**
 * Every file of the build, asked for through the gate server without a session, as a script and
 * as a page load: no answer carries a line of the handbook; nor with a session when another site
 * asks (`Sec-Fetch-Site`). The same crawl with a session from the local service finds every page's
 * line, so the check is known to see the text when it is there. And what a signed-out visitor may
 * load names no page, title or chunk of the handbook.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { listBuildFiles, readManifest } from '../gate/manifest';
import { localIdentityUrl } from '../core/local-pool';
import { budgets } from './budgets';
import { sessionCookieHeader, signInForTokens } from '../testkit/local-identity';
import { buildDir, pageTitles, sitemapPaths } from './build-output';
import { docPhrases } from './doc-phrases';

const phrases = docPhrases();
const files = listBuildFiles(buildDir);
const publicFiles = new Set(readManifest(buildDir).publicFiles);
/** The site's own name titles the home page and the sign-in page alike: it tells nothing. */
const SITE_TITLE = 'Engineering Handbook';

const asScript = { accept: '*/*', 'sec-fetch-dest': 'script' };
const asPage = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' };
const asCurl = { accept: '*/*' };

/** Every file of the build and every page: what each crawl asks for. */
const crawlPaths = [...files.map((file) => `/${file}`), ...sitemapPaths()];

// A crawl asks for every file, so it takes longer as the handbook grows (a thousand pages: some
// 4,000 requests, half a minute on a busy 2-core machine); the browser tests around it do not.
test.describe.configure({ timeout: budgets.test + crawlPaths.length * 25 });

interface Answer {
  path: string;
  status: number;
  body: string;
}

/**
 * Asks for every file of the build and every page, sixteen at a time (fast, without flooding the
 * server), handing each answer to `check` as it arrives and keeping none: the build's bytes never
 * sit in memory together. Resolves to the number of answers.
 */
async function crawl(
  request: APIRequestContext,
  headers: Record<string, string>,
  check: (answer: Answer) => void,
): Promise<number> {
  let next = 0;
  async function worker(): Promise<void> {
    for (let index = next++; index < crawlPaths.length; index = next++) {
      const path = crawlPaths[index];
      // Sent again once if the connection is reset (ECONNRESET, the one error `maxRetries` retries),
      // as a browser does: a kept-alive connection left idle past the gate's 5 s `keepAliveTimeout`
      // on a starved machine is closed just as the next request goes out on it (a crawl failed so,
      // at load 30, with "socket hang up").
      const response = await request.get(path, { headers, maxRedirects: 0, maxRetries: 1 });
      check({ path, status: response.status(), body: (await response.body()).toString('utf8') });
    }
  }
  await Promise.all(Array.from({ length: 16 }, worker));
  return crawlPaths.length;
}

function leaksIn({ path, body }: Answer): string[] {
  return phrases.filter(({ phrase }) => body.includes(phrase)).map(({ page }) => `${path} shows docs/${page}`);
}

test.describe('signed out', () => {
  for (const [name, headers] of Object.entries({ 'a script': asScript, 'a page load': asPage, curl: asCurl })) {
    test(`asked for as ${name}, no file of the build shows handbook text`, async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      const leaks: string[] = [];
      const wrongAnswers: string[] = [];
      const count = await crawl(request, headers, (answer) => {
        leaks.push(...leaksIn(answer));
        if (!publicFiles.has(answer.path.slice(1)) && ![301, 302, 401].includes(answer.status))
          wrongAnswers.push(`${answer.path}: ${answer.status}`);
      });
      await request.dispose();
      expect(count).toBeGreaterThan(300);
      expect(leaks).toEqual([]);
      expect(wrongAnswers).toEqual([]);
    });
  }
});

test.describe('signed in, asked for by another site', () => {
  // What a page on another origin of the same site (another port, another subdomain) or on another
  // site makes the reader's browser send: the session cookies, and where the request came from.
  for (const site of ['same-site', 'cross-site']) {
    for (const [name, headers] of Object.entries({ 'a script': asScript, 'a page load': asPage, curl: asCurl })) {
      test(`${site}, as ${name}: no file of the build shows handbook text`, async ({ playwright, baseURL }) => {
        const cookie = sessionCookieHeader(await signInForTokens(localIdentityUrl));
        const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
        const leaks: string[] = [];
        const served: string[] = [];
        const count = await crawl(request, { ...headers, cookie, 'sec-fetch-site': site }, (answer) => {
          leaks.push(...leaksIn(answer));
          if (answer.status === 200 && !publicFiles.has(answer.path.slice(1))) served.push(answer.path);
        });
        await request.dispose();
        expect(count).toBeGreaterThan(300);
        expect(leaks).toEqual([]);
        expect(served).toEqual([]);
      });
    }
  }
});

test('signed in, the same crawl finds every page’s line', async ({ playwright, baseURL }) => {
  const cookie = sessionCookieHeader(await signInForTokens(localIdentityUrl));
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  // Each page's line is struck off once an answer shows it, so later answers are searched for fewer.
  const unseen = new Map(phrases.map(({ page, phrase }) => [page, phrase]));
  await crawl(request, { ...asPage, cookie }, ({ body }) => {
    for (const [page, phrase] of unseen) if (body.includes(phrase)) unseen.delete(page);
  });
  await request.dispose();
  expect([...unseen.keys()]).toEqual([]);
});

/**
 * What would tell a signed-out visitor which pages exist: their paths (also in each doc's source
 * path), their titles, and the names of their chunks, including the 8-hex hashes from which
 * Docusaurus's runtime composes chunk URLs.
 */
function handbookMap(): { kind: string; text: string; pattern: RegExp }[] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const routes = sitemapPaths()
    .filter((route) => route !== '/')
    .map((route) => ({ kind: 'route', text: route, pattern: new RegExp(`${escape(route)}(?![\\w-])`) }));
  const titles = [...new Set(pageTitles())]
    .filter((title) => title !== SITE_TITLE)
    // As data and markup carry a title: a whole string or element text. (Short titles such as "IAM"
    // are also words inside Amplify's code, which names no page.)
    .map((title) => ({ kind: 'title', text: title, pattern: new RegExp(`["'>\`]${escape(title)}["'<\`]`) }));
  const chunks = files
    .filter((file) => /\.(js|css)$/.test(file) && !publicFiles.has(file))
    .flatMap((file) => {
      const name = file.split('/').pop() as string;
      const hexParts = name.split('.').filter((part) => /^[0-9a-f]{8,}$/.test(part));
      return [name, ...hexParts].map((text) => ({
        kind: `chunk ${file}`,
        text,
        pattern: new RegExp(`(?<![0-9a-f])${escape(text)}(?![0-9a-f])`),
      }));
    });
  return [...routes, ...titles, ...chunks];
}

test('signed out, the files anyone may load name no page, title or chunk of the handbook', async ({
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const map = handbookMap();
  expect(map.filter(({ kind }) => kind === 'route').length).toBeGreaterThan(50);
  expect(map.filter(({ kind }) => kind.startsWith('chunk')).length).toBeGreaterThan(50);
  const found: string[] = [];
  // A page's HTML is asked for by its clean path (`/sign-in`), as the gate serves it.
  for (const path of new Set([...publicFiles].map((file) => `/${file.replace(/\.html$/, '')}`))) {
    const response = await request.get(path, { headers: asPage, maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const body = (await response.body()).toString('utf8');
    found.push(
      ...map.filter(({ pattern }) => pattern.test(body)).map(({ kind, text }) => `${path} names ${kind}: ${text}`),
    );
  }
  await request.dispose();
  expect(found).toEqual([]);
});
