/** The gate server's compressed copies, as a browser gets them (the details are in gate/tests). */
import { listBuildFiles, readManifest } from '../gate/manifest';
import { buildDir } from './build-output';
import { expect, test } from './fixtures';
import { signedOut } from './accounts';
import { open } from './helpers';

const publicFiles = new Set(readManifest(buildDir).publicFiles);
const protectedScript = listBuildFiles(buildDir).find((file) => file.endsWith('.js') && !publicFiles.has(file));

test('a signed-in page and its scripts arrive brotli-compressed', async ({ page, baseURL }) => {
  const encodings = new Map<string, string>();
  page.on('response', async (response) => {
    const { pathname, origin } = new URL(response.url());
    // Chromium reports a prefetch's headers without their encoding: pages and scripts only.
    const kind = response.request().resourceType();
    if (
      origin === new URL(baseURL as string).origin &&
      response.status() === 200 &&
      ['document', 'script'].includes(kind)
    )
      encodings.set(pathname, (await response.allHeaders())['content-encoding'] ?? 'identity');
  });
  await open(page, '/arc/architecture');
  await expect(page.getByRole('heading', { level: 1, name: 'System Architecture' })).toBeVisible();
  expect(encodings.get('/arc/architecture')).toBe('br');
  const scripts = [...encodings].filter(([pathname]) => pathname.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(2);
  for (const [pathname, encoding] of scripts) expect(encoding, pathname).toBe('br');
});

test('no URL reaches a compressed copy, signed in or signed out', async ({ page, browser, baseURL }) => {
  const signedOutContext = await browser.newContext({ storageState: signedOut });
  expect(protectedScript).toBeTruthy();
  for (const request of [page.context().request, signedOutContext.request]) {
    for (const path of [
      `/${protectedScript}.br`,
      `/${protectedScript}.gz`,
      `/.gate/compressed/${protectedScript}.br`,
    ]) {
      const answer = await request.get(baseURL + path, { headers: { 'accept-encoding': 'br, gzip' }, maxRedirects: 0 });
      expect([400, 401, 404], path).toContain(answer.status());
      expect(answer.headers()['content-encoding'], path).toBeUndefined();
    }
  }
  // The same session does read the file itself, compressed.
  const file = await page
    .context()
    .request.get(`${baseURL}/${protectedScript}`, { headers: { 'accept-encoding': 'br' } });
  expect(file.status()).toBe(200);
  expect(file.headers()['content-encoding']).toBe('br');
  await signedOutContext.close();
});
