/**
 * Every file of the build, asked for through the gate server without a session, as a script and
 * as a page load: no answer carries a line of the handbook; nor with a session when another site
 * asks (`Sec-Fetch-Site`). The same crawl with a session from the local service finds every page's
 * line, so the check is known to see the text when it is there.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { listBuildFiles, readManifest } from '../../gate/manifest';
import { sessionCookie, signInForTokens } from '../../gate/tests/session-cookies';
import { localIdentityUrl } from '../../identity/local-pool';
import { buildDir, sitemapPaths } from './build-output';
import { docPhrases } from './doc-phrases';

const phrases = docPhrases();
const files = listBuildFiles(buildDir);
const publicFiles = new Set(readManifest(buildDir).publicFiles);

const asScript = { accept: '*/*', 'sec-fetch-dest': 'script' };
const asPage = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' };
const asCurl = { accept: '*/*' };

interface Answer {
  path: string;
  status: number;
  body: string;
}

async function crawl(request: APIRequestContext, headers: Record<string, string>): Promise<Answer[]> {
  const paths = [...files.map((file) => `/${file}`), ...sitemapPaths()];
  const answers: Answer[] = [];
  // Sixteen at a time: fast, without flooding the server.
  for (let start = 0; start < paths.length; start += 16) {
    const batch = paths.slice(start, start + 16).map(async (path) => {
      const response = await request.get(path, { headers, maxRedirects: 0 });
      return { path, status: response.status(), body: (await response.body()).toString('utf8') };
    });
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}

function leaks(answers: Answer[]): string[] {
  return answers.flatMap(({ path, body }) =>
    phrases.filter(({ phrase }) => body.includes(phrase)).map(({ page }) => `${path} shows docs/${page}`),
  );
}

test.describe('signed out', () => {
  for (const [name, headers] of Object.entries({ 'a script': asScript, 'a page load': asPage, curl: asCurl })) {
    test(`asked for as ${name}, no file of the build shows handbook text`, async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      const answers = await crawl(request, headers);
      await request.dispose();
      expect(answers.length).toBeGreaterThan(300);
      expect(leaks(answers)).toEqual([]);
      const served = answers.filter(({ status }) => status === 200).map(({ path }) => path.slice(1));
      expect(served.filter((file) => !publicFiles.has(file))).toEqual([]);
      for (const { path, status } of answers.filter((answer) => !publicFiles.has(answer.path.slice(1)))) {
        expect([301, 302, 401], path).toContain(status);
      }
    });
  }
});

test.describe('signed in, asked for by another site', () => {
  // What a page on another origin of the same site (another port, another subdomain) or on another
  // site makes the reader's browser send: the session cookies, and where the request came from.
  for (const site of ['same-site', 'cross-site']) {
    for (const [name, headers] of Object.entries({ 'a script': asScript, 'a page load': asPage, curl: asCurl })) {
      test(`${site}, as ${name}: no file of the build shows handbook text`, async ({ playwright, baseURL }) => {
        const cookie = sessionCookie(await signInForTokens(localIdentityUrl));
        const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
        const answers = await crawl(request, { ...headers, cookie, 'sec-fetch-site': site });
        await request.dispose();
        expect(answers.length).toBeGreaterThan(300);
        expect(leaks(answers)).toEqual([]);
        const served = answers.filter(({ status }) => status === 200).map(({ path }) => path.slice(1));
        expect(served.filter((file) => !publicFiles.has(file))).toEqual([]);
      });
    }
  }
});

test('signed in, the same crawl finds every page’s line', async ({ playwright, baseURL }) => {
  const cookie = sessionCookie(await signInForTokens(localIdentityUrl));
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const answers = await crawl(request, { ...asPage, cookie });
  await request.dispose();
  const everything = answers.map(({ body }) => body).join('\n');
  expect(phrases.filter(({ phrase }) => !everything.includes(phrase)).map(({ page }) => page)).toEqual([]);
});
