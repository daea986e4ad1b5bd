import { expect, test } from './fixtures';
import { open } from './helpers';

test(
  'a page shows its owning team and last review under "Last updated", linking to the team table',
  { tag: '@dev-server' },
  async ({ page }) => {
    await open(page, '/arc/modules/reporting/claims/tools');
    const ownership = page.getByText(/^Owned by Reporting · reviewed Nov 25, 2026$/);
    await expect(ownership).toBeVisible();
    await expect(ownership.getByRole('time')).toHaveAttribute('datetime', '2026-11-25');

    await ownership.getByRole('link', { name: 'Reporting' }).click();
    await expect(page).toHaveURL(/\/onboarding\/system-facts#teams-and-owners$/);
    const teams = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Team', exact: true }) });
    await expect(teams.getByRole('cell', { name: 'Reporting', exact: true })).toBeVisible();
  },
);
