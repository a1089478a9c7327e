import { expect, test, type Page } from './fixtures';
import { generateSync } from 'otplib';
import { keepShot, watchForPageErrors } from './support';
import { createAdmin } from './admin-support';
import { serverNow } from './server-clock';

// An admin sets up two-step sign-in in Security (QR code and key), then signs in with a code
// computed here, then with a recovery code. Its own admin, made with the CLI like `npm run admin:create`:
// the shared e2e admin of admin.spec.ts keeps signing in with its password alone. The back office runs on
// the desktop project only: this file is not one of playwright.config.ts's PHONE_SPECS.

const ADMIN = { username: `e2e-totp-${Date.now().toString(36)}`, password: 'e2e-totp-password-1' };

test.beforeAll(() => createAdmin(ADMIN));

/**
 * The authenticator's code at the server's time (another spec may have moved the e2e server's clock
 * forward); `ahead` steps later so that a code already used is not replayed.
 */
const totp = (secret: string, ahead = 0) =>
  generateSync({ secret, epoch: Math.floor(serverNow() / 1000) + ahead * 30 });

async function passwordStep(page: Page) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin enrols a TOTP second factor and signs in with a code, then a recovery code', async ({
  page,
}, testInfo) => {
  const noErrors = watchForPageErrors(page);
  await passwordStep(page);
  await expect(page).toHaveURL(/\/admin\/dashboard$/); // no second factor yet: the password is enough

  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByTestId('security-status')).toHaveText(/^Off/);
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
    'data-ready',
    'true',
  );
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await keepShot(page, testInfo, 'security-setup.png', { fullPage: true });

  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid.');
  await page.getByLabel('Authentication code').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  // The codes arrive with the server's answer: wait for them (allTextContents does not wait).
  await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  const codes = (await page.getByTestId('recovery-codes').locator('code').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await keepShot(page, testInfo, 'security-recovery-codes.png', { fullPage: true });
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByTestId('security-status')).toHaveText(/^On since/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Now the password alone is not enough: the code step, with a code computed here (the next time
  // step, since the enrolment spent the current one).
  await passwordStep(page);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not valid.');
  await page.getByLabel('Authentication code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();

  // A recovery code signs in once.
  await page.getByRole('button', { name: 'Logout' }).click();
  await passwordStep(page);
  await page.getByLabel('Authentication code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText('9 unused recovery codes left.')).toBeVisible();
  noErrors();
});
