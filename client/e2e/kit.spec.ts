import { expect, test, type Locator } from './fixtures';
import { mockBackOffice, openBackOffice } from './kit-fixtures';

/*
 * The UI kit (client/src/components) on the screens that use it: the back office's tabs, filter bar,
 * sortable table, empty state, pager, modal with fields and a validation message, confirmation step,
 * confirm dialog, toast and copy button, at both sizes (the phone and desktop projects) and in both
 * themes. The API is answered from fixtures (kit-fixtures.ts), so every run draws the same rows.
 */

const THEMES = ['dark', 'light'] as const;

/** A kit element's picture; the theme is part of the name (the project is part of the path). */
const shot = (locator: Locator, theme: string, name: string) =>
  expect(locator).toHaveScreenshot(`kit-${name}-${theme}.png`, { animations: 'disabled', caret: 'hide' });

for (const theme of THEMES) {
  test.describe(`kit, ${theme} theme`, () => {
    test(`tabs, summary, table, empty state and toast (${theme})`, async ({ page }) => {
      await mockBackOffice(page);
      await openBackOffice(page, theme);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const tablist = page.getByRole('tablist', { name: 'Dashboard sections' });
      await expect(tablist.getByRole('tab', { name: /Deposit Management/ })).toContainText('1');
      await shot(tablist, theme, 'tabs');
      await expect(page.getByRole('region', { name: 'Summary' })).toContainText('1,284');

      // Overview: a table, an empty state, and the toast an unlock leaves.
      const locked = page.getByRole('region', { name: 'Locked users' });
      await expect(locked.getByRole('row')).toHaveCount(2);
      await expect(page.getByText('Nobody has won GOGO yet.')).toBeVisible();
      await shot(page.locator('section[aria-labelledby="top-winners-title"]'), theme, 'empty-state');
      await locked.getByRole('button', { name: 'Unlock tobias' }).click();
      const toast = page.getByTestId('toast-success');
      await expect(toast).toContainText('tobias is unlocked and can log in again.');
      await shot(toast, theme, 'toast');
      await toast.getByRole('button', { name: 'Dismiss' }).click();
      await expect(toast).toBeHidden();
    });

    test(`filter bar, sortable table and pager (${theme})`, async ({ page }) => {
      const asked = await mockBackOffice(page);
      await openBackOffice(page, theme, '?tab=users');
      const table = page.getByRole('region', { name: 'Players' });
      await expect(table.getByRole('row')).toHaveCount(4);
      await shot(page.getByRole('search', { name: 'Find players' }), theme, 'filter-bar');
      const joined = table.getByRole('columnheader', { name: /Joined/ });
      await expect(joined).toHaveAttribute('aria-sort', 'descending');
      await shot(table, theme, 'table');
      await shot(page.getByRole('navigation', { name: 'Player pages' }), theme, 'pager');

      // A header sorts: the list is asked for again in that order, and the header says so.
      await table.getByRole('button', { name: /Balance/ }).click();
      await expect(table.getByRole('columnheader', { name: /Balance/ })).toHaveAttribute('aria-sort', 'descending');
      await expect(joined).toHaveAttribute('aria-sort', 'none');
      await expect(page.getByLabel('Sort by')).toHaveValue('balance');
      await table.getByRole('button', { name: /Balance/ }).click();
      await expect(page.getByLabel('Order')).toHaveValue('asc');
      // The header changes at once; the list's request follows it.
      await expect
        .poll(() => asked.some((a) => a.includes('sortBy=balance') && a.includes('sortOrder=asc')))
        .toBe(true);
    });

    test(`modal, fields, confirmation step and confirm dialog (${theme})`, async ({ page }) => {
      await mockBackOffice(page);
      await openBackOffice(page, theme, '?tab=deposits');
      await page.getByRole('button', { name: 'Review deposit #41' }).click();
      const dialog = page.getByRole('dialog', { name: 'Review deposit #41' });
      const dice = dialog.getByLabel('Dice rolls to credit');
      await expect(dice).toBeFocused();
      await expect(dice).toHaveAttribute('step', '1');
      await dice.fill('');
      await dialog.getByRole('button', { name: 'Approve deposit' }).click();
      await expect(dialog.getByText('Enter dice rolls to credit')).toBeVisible();
      await expect(dice).toHaveAttribute('aria-invalid', 'true');
      // The bound the server sends: what an approval credits without a reason.
      await expect(dialog.getByTestId('approval-bound')).toContainText('280');
      await shot(dialog, theme, 'modal-fields');
      await dice.fill('255');
      await dialog.getByRole('button', { name: 'Approve deposit' }).click();
      await expect(dialog.getByRole('button', { name: 'Confirm approval' })).toBeFocused();
      await shot(dialog, theme, 'confirm-step');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: 'Clean up corrupted deposits' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Clean up corrupted deposits' });
      await expect(confirm.getByRole('button', { name: 'Mark them as failed' })).toBeVisible();
      await shot(confirm, theme, 'confirm-dialog');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
    });

    test(`text field and copy button (${theme})`, async ({ page }) => {
      await mockBackOffice(page);
      await openBackOffice(page, theme, '?tab=security');
      await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
      await expect(page.getByTestId('totp-secret')).toHaveText('JBSWY3DPEHPK3PXP');
      const setup = page.locator('.admin-security__setup');
      await expect(setup.getByRole('button', { name: 'Copy the setup key' })).toBeVisible();
      await expect(setup.getByLabel('Authentication code')).toBeVisible();
      await shot(setup, theme, 'text-field-copy');
    });
  });
}
