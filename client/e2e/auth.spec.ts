import { expect, test } from './fixtures';
import { uniquePlayer, signUpViaApi, watchForPageErrors, keepShot } from './support';

test.describe('accounts', () => {
  test('register through the modal, land on /game, log out, log in again', async ({ page }, testInfo) => {
    const noErrors = watchForPageErrors(page);
    const player = uniquePlayer();
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Playing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Username').fill(player.username);
    await dialog.getByLabel('Email').fill(player.email);
    await dialog.getByLabel('Password', { exact: true }).fill(player.password);
    await keepShot(page, testInfo, 'register-modal.png');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('Registration successful! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByText(`Signed in as ${player.username}`)).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Login' }).first().click();
    const login = page.getByRole('dialog', { name: 'Welcome back' });
    await login.getByLabel('Email').fill(player.email.toUpperCase());
    await login.getByLabel('Password', { exact: true }).fill(player.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login.getByText('Login successful! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL(/\/game$/);
    noErrors();
  });

  test('the modal validates on blur and on submit with the spec texts', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Register' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('not an email');
    await dialog.getByLabel('Email').blur();
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await dialog.getByLabel('Email').fill('');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByText('Username is required.')).toBeVisible();
    await expect(dialog.getByText('Email is required.')).toBeVisible();
    await expect(dialog.getByText('Password is required.')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('lettersonly');
    await dialog.getByLabel('Password', { exact: true }).blur();
    await expect(dialog.getByText('Password must contain both letters and numbers.')).toBeVisible();
    // Show/hide toggles the field type.
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  });

  test('a server error stays until the mode changes, and the backdrop is ignored meanwhile', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.getByLabel('Email').fill('nobody@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('wrongpass1');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Invalid email or password. Please check your credentials and try again.',
    );
    await page.mouse.click(5, 5); // backdrop
    await expect(dialog).toBeVisible();
    await dialog.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.mouse.click(5, 5);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('guards', () => {
  test('signed out: private routes go home, admin dashboard goes to /admin, unknown goes home', async ({ page }) => {
    for (const [from, to] of [
      ['/game', '/'],
      ['/profile', '/'],
      ['/admin/dashboard', '/admin'],
      ['/no/such/page', '/'],
    ] as const) {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to.replace('/', '\\/')}$`));
    }
  });

  test('signed in: unknown paths go to /game and /login forwards to /game', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/game$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/game$/);
  });
});
