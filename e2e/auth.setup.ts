import { expect, test as setup } from '@playwright/test';
import { demoReader, readerSessionFile } from './accounts';
import { signInThroughForm } from './helpers';

setup('the demo reader signs in once for the suite', async ({ page }) => {
  await page.goto('/');
  await signInThroughForm(page, demoReader.email, demoReader.password);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await page.context().storageState({ path: readerSessionFile });
});
