import { expect, test } from './fixtures';
import { uniquePlayer, watchForPageErrors, keepShot } from './support';

// On a phone, fixing the fields after validation errors and tapping "Create
// account" did nothing on the first tap (the errors cleared on blur, the dialog shrank and
// re-centred, and the button moved from under the finger). A real tap: the file runs on the phone project
// only (PHONE_ONLY_SPECS in playwright.config.ts).
test('register on a phone: the first tap on "Create account" after fixing the fields submits', async ({
  page,
}, testInfo) => {
  const noErrors = watchForPageErrors(page);
  const player = { ...uniquePlayer('tap'), password: 'lettersonly123' };
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Playing' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Create account' });
  const password = dialog.getByLabel('Password', { exact: true });
  // The dialog takes focus when it opens: let that happen before the thumb moves on.
  await expect(dialog.getByLabel('Username', { exact: true })).toBeFocused();
  await password.tap();
  await expect(password).toBeFocused();
  await page.keyboard.type('lettersonly');
  await submit.tap();
  await expect(dialog.getByText('Username is required.')).toBeVisible();
  await expect(dialog.getByText('Email is required.')).toBeVisible();
  await expect(dialog.getByText('Password must contain both letters and numbers.')).toBeVisible();
  await keepShot(page, testInfo, 'register-errors.png');

  // Fix each field by tapping into it and typing, like a thumb would; the password keeps focus.
  for (const [label, value] of [
    ['Username', player.username],
    ['Email', player.email],
  ] as const) {
    await dialog.getByLabel(label, { exact: true }).tap();
    await page.keyboard.type(value);
  }
  await password.tap();
  await page.keyboard.press('End');
  await page.keyboard.type('123');
  await expect(password).toBeFocused();
  // One tap where the button is now: it must submit.
  await submit.tap();
  await expect(dialog.getByText('Registration successful! Redirecting...')).toBeVisible({ timeout: 3000 });
  await keepShot(page, testInfo, 'register-submitted.png');
  await expect(page).toHaveURL(/\/game$/);
  noErrors();
});
