import { searchBudgets } from './budgets';
import { expect, test } from './fixtures';
import { signedOut } from './accounts';
import { expectSignInForm, open, toggleColourMode, waitForHydration } from './helpers';

test('the account item names the reader as the pool does: "Demo Reader"', async ({ page }) => {
  await open(page, '/arc/architecture');
  const navbar = page.getByRole('navigation', { name: 'Main' });
  await expect(navbar.getByText('Demo Reader', { exact: true })).toBeVisible();
});

test('a printed page is the article: no sidebar column, collapse button or edit link', async ({ page }) => {
  await open(page, '/how-we-work/testing');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.theme-doc-sidebar-container')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Edit this page' })).toBeHidden();
  // The article starts at the page's margin, not beside an empty 300 px column.
  expect((await page.locator('article').boundingBox())?.x).toBeLessThan(100);
});

test('the announcement bar follows the colour mode', async ({ page }) => {
  await open(page, '/arc/architecture');
  const bar = page.locator('.theme-announcement-bar');
  await expect(bar).toHaveCSS('background-color', 'rgb(11, 92, 173)');
  await toggleColourMode(page);
  await expect(bar).toHaveCSS('background-color', 'rgb(31, 58, 92)');
  await expect(bar).toHaveCSS('color', 'rgb(255, 255, 255)');
});

test('shell code blocks are highlighted', async ({ page }) => {
  await open(page, '/how-we-work/releases');
  const block = page.locator('pre.language-bash, div.language-bash pre').first();
  await expect(block).toBeVisible();
  // Every line is a `plain` token; a grammar adds tokens of other kinds (commands, strings, flags).
  expect(await block.locator('.token:not(.plain)').count()).toBeGreaterThan(2);
});

test('each page says when it was last updated', async ({ page }) => {
  await open(page, '/how-we-work/testing');
  await expect(page.locator('.theme-last-updated')).toContainText(/Last updated on \w+ \d+, \d{4}/);
});

test.describe('a missing page', () => {
  test('offers a way home', async ({ page }) => {
    await open(page, '/how-we-work/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    // Docusaurus's own sentence sent the reader to "the owner of the site that linked you".
    await expect(page.getByText('contact the owner')).toHaveCount(0);
    await expect(page.getByText('tell the team named at the foot of that page')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the handbook’s home page' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('offers a search for what the reader wanted, guessed from the path', async ({ page }) => {
    // The search page loads the whole handbook's index: a search's budget (searchBudgets).
    test.setTimeout(searchBudgets.test);
    await open(page, '/how-we-work/engineering-on-call-rota');
    const search = page.getByRole('search').getByRole('searchbox', { name: 'Search the handbook' });
    await expect(search).toHaveValue('engineering on call rota');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/search' && url.searchParams.get('q') === 'engineering on call rota',
    );
    await expect(page.locator('article a[href="/how-we-work/engineering-on-call"]').first()).toBeVisible({
      timeout: searchBudgets.expect,
    });
  });
});

test('on a phone, the search page’s section selector keeps the column’s margin', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/search?q=claims');
  const query = await page.getByRole('main').getByRole('searchbox', { name: 'Search', exact: true }).boundingBox();
  const selector = await page.getByRole('combobox', { name: 'Search within' }).boundingBox();
  expect(query?.x).toBeGreaterThan(8);
  expect(selector?.x).toBe(query?.x);
  expect(selector?.width).toBe(query?.width);
});

test('/sign-in, already signed in, says what it is doing while Amplify loads, never a blank page', async ({ page }) => {
  // Hold Amplify's code (a string of its auth flows marks it) until the test has looked: the page
  // shows what it has before Amplify can read the session. Released, not left hanging: a context
  // closed on a request its route never answered once took the rest of the test's time to close.
  let releaseAmplify = () => {};
  const amplifyHeld = new Promise<void>((resolve) => (releaseAmplify = resolve));
  await page.route('**/sign-in-assets/*.js', async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes('USER_SRP_AUTH')) await amplifyHeld;
    await route.fulfill({ response });
  });
  await page.goto('/sign-in', { waitUntil: 'commit' });
  await expect(page.getByRole('status')).toHaveText('Checking your sign-in…');
  await expect(page.getByRole('status')).toBeVisible();
  releaseAmplify();
  // Amplify finds the session and the reader goes on into the handbook.
  await expect(page).toHaveURL((url) => url.pathname !== '/sign-in');
  await waitForHydration(page);
  await expect(page.getByRole('status')).toHaveCount(0);
});

test.describe('signed out', () => {
  test.use({ storageState: signedOut });

  for (const [theme, backdrop] of [
    ['light', 'rgb(242, 244, 247)'],
    ['dark', 'rgb(17, 17, 19)'],
  ] as const) {
    test(`the sign-in form sits on the page’s own ${theme} backdrop`, async ({ page }) => {
      await open(page, `/sign-in?docusaurus-theme=${theme}`);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await expect(page.locator('[data-amplify-authenticator]')).toHaveCSS('background-color', backdrop);
    });
  }

  test('the Google button carries Google’s “G” mark', async ({ page }) => {
    await open(page, '/sign-in');
    const button = page.getByRole('button', { name: 'Sign In with Google' });
    const mark = button.locator('svg');
    await expect(mark).toBeVisible();
    for (const colour of ['#EA4335', '#4285F4', '#FBBC05', '#34A853']) {
      await expect(mark.locator(`path[fill="${colour}"]`)).toHaveCount(1);
    }
    const box = await mark.boundingBox();
    expect(box?.width).toBe(18);
  });
});

test.describe('signed out', () => {
  test.use({ storageState: signedOut });

  // Local mode points Amplify at the local identity service, and Amplify warned about that custom
  // endpoint on every page that configured it (newcomer review 3).
  test('configuring Amplify for the local identity service logs no warning', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await open(page, '/sign-in');
    await expectSignInForm(page);
    await expect(page.getByLabel('Email')).toBeEditable();
    expect(warnings.filter((text) => /custom Amazon/.test(text))).toEqual([]);
  });
});
