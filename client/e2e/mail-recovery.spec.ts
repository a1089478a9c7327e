import { expect, test } from './fixtures';
import { keepShot, signUpViaApi, uniquePlayer, watchForPageErrors } from './support';
import { linkFromMail } from './mail-support';
import { adminApiToken } from './admin-support';

// Mail: the links of the captured mails (the e2e server writes them to DATA_DIR/outbox).
test('register, verify the email from its mail, reset the password from the login dialog, sign in again', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000); // a journey across five screens, two of them the game's
  const noErrors = watchForPageErrors(page);
  const player = uniquePlayer('mail');
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Playing' }).click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await register.getByLabel('Username').fill(player.username);
  await register.getByLabel('Email').fill(player.email);
  await register.getByLabel('Password', { exact: true }).fill(player.password);
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/game$/);

  // Settings say "Not verified" until the link is opened.
  await page.goto('/profile?tab=settings');
  await expect(page.getByText('Not verified')).toBeVisible();
  await page.goto(await linkFromMail(player.email, '/verify-email'));
  await expect(page.getByText('Your email address is verified. You can now withdraw your GOGO.')).toBeVisible();
  await keepShot(page, testInfo, 'verify-email.png');
  await page.goto('/profile?tab=settings');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // Signed out (another browser, say), the login dialog's "Forgot your password?" mails a reset link.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  await page
    .getByRole('dialog', { name: 'Welcome back' })
    .getByRole('button', { name: 'Forgot your password?' })
    .click();
  const forgot = page.getByRole('dialog', { name: 'Reset your password' });
  await forgot.getByLabel('Email').fill(player.email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(forgot.getByRole('status')).toHaveText(
    'If an account uses this email address, we sent it a link to reset the password.',
  );
  await keepShot(page, testInfo, 'forgot-dialog.png');
  await forgot.getByRole('button', { name: 'Close' }).click();

  await page.goto(await linkFromMail(player.email, '/reset-password'));
  const newPassword = 'fresh-pass-42';
  await page.getByLabel('New password', { exact: true }).fill('short1');
  await page.getByLabel('Confirm new password').fill('short1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password was reset. Sign in with your new password.')).toBeVisible();
  await keepShot(page, testInfo, 'reset-done.png');

  await page.getByRole('button', { name: 'Sign in' }).click();
  const login = page.getByRole('dialog', { name: 'Welcome back' });
  await login.getByLabel('Email').fill(player.email);
  await login.getByLabel('Password', { exact: true }).fill(player.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login.getByRole('alert')).toBeVisible(); // the old password no longer works
  await login.getByLabel('Password', { exact: true }).fill(newPassword);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByText(`Signed in as ${player.username}`)).toBeVisible();

  // The reset link worked once.
  await page.goto(await linkFromMail(player.email, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('another-pass-7');
  await page.getByLabel('Confirm new password').fill('another-pass-7');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This link has already been used. Ask for a new one if you need it.',
  );
  noErrors();
});

test('change password in settings keeps this session and signs the others out', async ({ page }) => {
  const player = await signUpViaApi(page, uniquePlayer('chpw'));
  // Another device's session of the same account.
  const login = await page.request.post('/api/auth/login', {
    data: { email: player.email, password: player.password },
  });
  const otherToken = (await login.json()).data.token as string;
  await page.goto('/profile?tab=settings');
  const card = page.getByRole('region', { name: 'Change password' });
  await card.getByLabel('Current password').fill(player.password);
  await card.getByLabel('New password', { exact: true }).fill('lettersonly');
  await card.getByLabel('Confirm new password').fill('lettersonly');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Password must contain both letters and numbers.')).toBeVisible();
  await card.getByLabel('New password', { exact: true }).fill('changed-pass-9');
  await card.getByLabel('Confirm new password').fill('changed-pass-9');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByRole('status')).toHaveText(
    'Your password was changed. Your other devices have been signed out.',
  );
  // This tab still works with its fresh token; the old token is refused.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Change password' })).toBeVisible();
  const old = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${otherToken}` } });
  expect(old.status()).toBe(401);
});

test('the Withdraw tab shows EMAIL_NOT_VERIFIED with a working resend button', async ({ page, request }) => {
  const player = await signUpViaApi(page, uniquePlayer('wdv'));
  // The tab checks the amount against the withdrawable balance before it sends: the back office
  // grants this player 500 GOGO (an admin's grant is withdrawable), so the request reaches the
  // server, whose eligibility rules refuse an unverified address first.
  const admin = { authorization: `Bearer ${await adminApiToken(request)}` };
  const grant = await request.post('/api/credits/grant', {
    headers: admin,
    data: { userId: player.user.id, amount: 500, note: 'e2e: withdrawable GOGO' },
  });
  expect(grant.status(), await grant.text()).toBe(200);
  await page.goto('/profile?tab=withdraw');
  await page.getByLabel('Amount (GOGO)').fill('150');
  await page.getByLabel('Payout currency').selectOption('SOL');
  await page.getByLabel('Your SOL address').fill('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Verify your email address before you withdraw/);
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('We sent a new verification link to your email address.')).toBeVisible();
  await linkFromMail(player.email, '/verify-email', 2);
});
