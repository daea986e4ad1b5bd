/**
 * A person signed in with an account outside the reader group (every new Google sign-in, until an
 * administrator acts): told who they are signed in as and that an administrator must grant access,
 * shown no page of the handbook, and able to sign out. Runs against the gate server's build and,
 * through playwright.dev.config.ts, against `npm start`'s dev server, which has no gate.
 */
import { localIdentity } from '../core/local-pool';
import { expect, test } from './fixtures';
import { createReader, signedOut } from './accounts';
import { deepLink, deepLinkHeading, expectSignInForm, open, signInThroughForm } from './helpers';

test.use({ storageState: signedOut });

test(
  'a signed-in account outside the reader group is told so, sees no page, and can sign out',
  { tag: '@dev-server' },
  async ({ page }) => {
    const account = await createReader({ reader: false });
    await open(page, deepLink);
    await signInThroughForm(page, account.email, account.password);

    const notice = page.getByRole('region', { name: 'You can’t read the handbook yet' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`You are signed in as ${account.email}`);
    await expect(notice).toContainText('Ask an administrator to add');
    await expect(notice.getByText(localIdentity.readerGroup, { exact: true })).toBeVisible();
    await expect(page.getByText('check that your computer')).toHaveCount(0);

    // Asked for directly, the page is not shown either (the dev server would serve it).
    await open(page, deepLink);
    await expect(notice).toBeVisible();
    await expect(page.getByRole('heading', deepLinkHeading)).toHaveCount(0);

    await notice.getByRole('button', { name: 'Sign out' }).click();
    await expectSignInForm(page);
  },
);
