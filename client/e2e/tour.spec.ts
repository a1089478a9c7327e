import { upgradeCost } from '@gogo/shared/rules';
import { expect, test, type Page } from './fixtures';
import { boardFrame, openGame, type GamePlayer } from './game-support';
import { fundPlayer } from './payoff-support';

// Each flow signs a player up, opens the board and plays a roll or two: more than the default 45 s
// on a busy machine.
test.describe.configure({ timeout: 90_000 });

// The first session's quick tour: it is the account's (seen once per player, not per browser), it
// never stands over a sheet, toasts wait for it, and it ends on the first property bought.

const coach = (page: Page) => page.getByTestId('coach-mark');

/** The Build control of this screen size: the next-goal card on a phone, the Build button on desktop. */
const buildControl = (page: Page, project: string) =>
  page.getByTestId(project === 'phone' ? 'next-goal' : 'open-build');

async function accountWantsTour(page: Page, player: GamePlayer): Promise<boolean> {
  const res = await page.request.get(`/api/user/profile/${player.user.id}`, {
    headers: { authorization: `Bearer ${player.token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data.account.settings.gamePreferences.gameplay.showTutorial as boolean;
}

test('the tour waits under a sheet, holds the toasts, and is not shown again on another browser', async ({
  page,
  browser,
}, testInfo) => {
  const player = await openGame(page, { tutorial: true });
  await expect(coach(page)).toContainText('1 of 4');
  // The day's streak toast waits while the tour shows.
  await expect(page.locator('.toast-card')).toHaveCount(0);
  // A sheet opened during the tour: the bubble steps aside, and comes back on its step after.
  await buildControl(page, testInfo.project.name).click();
  const sheet = page.getByRole('dialog', { name: 'Build' });
  await expect(sheet).toBeVisible();
  await expect(coach(page)).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(coach(page)).toContainText('1 of 4');
  await coach(page).getByRole('button', { name: 'Skip tour' }).click();
  await expect(coach(page)).toHaveCount(0);
  await expect(page.locator('.toast-card').first()).toBeVisible();
  await expect.poll(() => accountWantsTour(page, player)).toBe(false);

  // Another browser, the same account: no tour.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const second = await other.newPage();
  const login = await second.request.post('/api/auth/login', {
    data: { email: player.email, password: player.password },
  });
  expect(login.status()).toBe(200);
  const { token, user } = (await login.json()).data;
  await second.addInitScript(
    ([t, u]) => {
      localStorage.setItem('gogo.token', t);
      localStorage.setItem('gogo.user', JSON.stringify(u));
    },
    [token, user] as const,
  );
  const asked = second.waitForResponse((r) => r.url().includes(`/api/user/profile/${player.user.id}`));
  await second.goto('/game');
  await asked;
  await expect(boardFrame(second)).toHaveAttribute('data-scene', 'ready', { timeout: 20_000 });
  await expect(coach(second)).toHaveCount(0);
  await other.close();
});

test('the tour leads to the first property and ends when it is bought', async ({ page }) => {
  const player = await openGame(page, { tutorial: true });
  await fundPlayer(page, player, 1_000);
  await expect(coach(page)).toContainText('1 of 4');
  for (const step of ['2 of 4', '3 of 4', '4 of 4']) {
    await coach(page).getByRole('button', { name: 'Next' }).click();
    await expect(coach(page)).toContainText(step);
  }
  await expect(coach(page)).toContainText('Build your first property');
  await coach(page).getByRole('button', { name: 'Open Build' }).click();
  const sheet = page.getByRole('dialog', { name: 'Build' });
  await expect(sheet).toBeVisible();
  await expect(coach(page)).toHaveCount(0);
  await sheet
    .getByRole('button', { name: `Buy for ${upgradeCost(1, 1)} GOGO` })
    .first()
    .click();
  await expect(sheet.getByTestId('build-outcome')).toBeVisible();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(coach(page)).toHaveCount(0);
  await expect.poll(() => accountWantsTour(page, player)).toBe(false);
});
