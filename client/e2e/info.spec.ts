import { expect, test, type Page } from './fixtures';
import { contactSubjects, featurePriorities, helpTopics } from '@gogo/shared/messages';
import { signUpViaApi, watchForPageErrors, keepShot } from './support';
import { interceptMailto, parseMailto } from './site-support';

const SUPPORT = 'support@gogoboard.app';

/** The browser's own validation: is the form (or one field) currently invalid? */
const invalidFields = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('main form :invalid'))
      .map((el) => el.getAttribute('name'))
      .filter(Boolean),
  );

test.describe('features and how to play', () => {
  test('/features: six feature cards and Start Playing Now (register, or the game when signed in)', async ({
    page,
  }) => {
    await page.goto('/features');
    const cards = page.locator('.info-card');
    await expect(cards).toHaveCount(6);
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
      'Provably fair dice',
      'GOGO rewards',
      'Global leaderboard',
      'Daily dice and streaks',
      'Achievement system',
      'Safe by design',
    ]);
    await page.getByRole('button', { name: 'Start Playing Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
  });

  test('/features signed in: Start Playing Now goes to /game', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/features');
    await page.getByRole('link', { name: 'Start Playing Now' }).click();
    await expect(page).toHaveURL(/\/game$/);
  });

  test('/how-to-play: four steps, the tile table from the rules, tips', async ({ page }) => {
    await page.goto('/how-to-play');
    await expect(page.locator('.info-step')).toHaveCount(4);
    await expect(page.locator('.info-step h2')).toHaveText([
      /Create your account/,
      /Roll the die/,
      /Collect rewards/,
      /Compete and win/,
    ]);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(6);
    await expect(rows.filter({ hasText: 'Jackpot' })).toContainText('+30-100');
    await expect(rows.filter({ hasText: 'Jackpot' })).toContainText('Moon Landing');
    await expect(rows.filter({ hasText: 'Property' })).toContainText('+5-15');
    await expect(page.getByRole('heading', { name: 'Tips' })).toBeVisible();
    await expect(page.locator('#tips li')).toHaveCount(5);
  });
});

test.describe('help center', () => {
  test('FAQ: six questions, one open at a time, clicking the open one closes it', async ({ page }, info) => {
    await page.goto('/help-center');
    const faq = page.locator('.faq');
    const questions = faq.getByRole('button');
    await expect(questions).toHaveText([
      'Do I need to connect a crypto wallet?',
      'How do I earn GOGO?',
      'How do I withdraw my GOGO?',
      'Are the dice fair?',
      'What happens if I lose my connection?',
      'How do I report a bug?',
    ]);
    for (let i = 0; i < 6; i += 1) await expect(questions.nth(i)).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByRole('region')).toHaveCount(0);

    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
    const answer = page.getByRole('region', { name: 'Do I need to connect a crypto wallet?' });
    await expect(answer).toContainText('No. GOGO Board never connects to a wallet.');
    await expect(questions.nth(0)).toHaveAttribute('aria-controls', (await answer.getAttribute('id'))!);

    await questions.nth(2).click();
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByRole('region')).toHaveCount(1);
    await expect(faq.getByRole('region')).toContainText('at least 100 GOGO');
    await keepShot(page, info, 'faq-open.png');

    await questions.nth(2).click();
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByRole('region')).toHaveCount(0);

    // Keyboard: Enter and Space toggle too.
    await questions.nth(3).focus();
    await page.keyboard.press('Enter');
    await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(questions.nth(3)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the email card shows the support address from the server', async ({ page }) => {
    await page.goto('/help-center');
    const card = page.getByRole('complementary');
    await expect(card.getByRole('heading', { name: 'Email support' })).toBeVisible();
    await expect(card.getByRole('link', { name: SUPPORT })).toHaveAttribute('href', `mailto:${SUPPORT}`);
  });

  test("'Still Need Help' validates natively, then opens a mailto with topic, subject and body", async ({ page }) => {
    const noErrors = watchForPageErrors(page);
    const mailtos = await interceptMailto(page);
    await page.goto('/help-center');
    const form = page.getByRole('form', { name: 'Still Need Help' });
    await expect(form.getByLabel('Subject').locator('option:not([disabled])')).toHaveText(
      helpTopics.map((t) => t.label),
    );
    expect(
      await form
        .getByLabel('Subject')
        .locator('option:not([disabled])')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(['technical', 'account', 'payment', 'general']);

    await form.getByRole('button', { name: 'Send message' }).click();
    expect(await invalidFields(page)).toEqual(['name', 'email', 'topic', 'message']);
    expect(await mailtos()).toEqual([]);

    await form.getByLabel('Name').fill('Ada');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Subject').selectOption('payment');
    await form.getByLabel('Message').fill('My deposit is still pending.\nIt has been two days.');
    await form.getByRole('button', { name: 'Send message' }).click();
    expect(await invalidFields(page)).toEqual(['email']);
    expect(await mailtos()).toEqual([]);

    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(mailtos).toHaveLength(1);
    const mail = parseMailto((await mailtos())[0]!);
    expect(mail).toEqual({
      to: SUPPORT,
      subject: 'Help Center: Payment',
      body: 'Name: Ada\r\nEmail: ada@example.com\r\nTopic: Payment\r\n\r\nMy deposit is still pending.\nIt has been two days.',
    });
    // The page stays, says what happened and offers the same link again.
    await expect(page).toHaveURL(/\/help-center$/);
    await expect(form.getByRole('status')).toContainText('Your email app should open now');
    expect(await form.getByTestId('mailto-link').getAttribute('href')).toBe((await mailtos())[0]);
    noErrors();
  });
});

test.describe('contact us', () => {
  test('six subjects, contact details and quick links', async ({ page }) => {
    await page.goto('/contact-us');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(form.getByLabel('Subject').locator('option:not([disabled])')).toHaveText([...contactSubjects]);
    await expect(page.getByRole('heading', { name: 'Contact details' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: SUPPORT })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT}`,
    );
    await expect(page.getByText('We answer within 24-48 hours.')).toBeVisible();
    const quick = page.getByRole('navigation', { name: 'Quick links' });
    await quick.getByRole('link', { name: 'Help Center and FAQ' }).click();
    await expect(page).toHaveURL(/\/help-center$/);
  });

  test('submitting opens a mailto with the subject and every field in the body', async ({ page }, info) => {
    const mailtos = await interceptMailto(page);
    await page.goto('/contact-us');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByRole('button', { name: 'Send message' }).click();
    expect(await invalidFields(page)).toEqual(['name', 'email', 'subject', 'message']);

    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByLabel('Subject').selectOption('Partnership');
    await form.getByLabel('Message').fill('Let us talk & build something: 100% fair dice?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(mailtos).toHaveLength(1);
    expect(parseMailto((await mailtos())[0]!)).toEqual({
      to: SUPPORT,
      subject: 'Contact: Partnership',
      body: 'Name: Grace Hopper\r\nEmail: grace@example.com\r\nSubject: Partnership\r\n\r\nLet us talk & build something: 100% fair dice?',
    });
    await expect(form.getByRole('status')).toBeVisible();
    await keepShot(page, info, 'contact-sent.png', { fullPage: true });
  });
});

test.describe('feature request', () => {
  test('priorities, three steps, wanted ideas and a contact box', async ({ page }) => {
    await page.goto('/feature-request');
    await expect(page.getByLabel('Priority').locator('option')).toHaveText([...featurePriorities]);
    await expect(page.getByLabel('Priority')).toHaveValue('Medium');
    await expect(page.locator('.info-step')).toHaveCount(3);
    await expect(page.locator('.wanted-list li')).toHaveCount(6);
    await expect(page.getByRole('heading', { name: 'Prefer to write?' })).toBeVisible();
  });

  test('submitting opens a mailto: subject prefixed Feature Request, the body lists every field', async ({ page }) => {
    const mailtos = await interceptMailto(page);
    await page.goto('/feature-request');
    const form = page.getByRole('form', { name: 'Your idea' });
    await form.getByRole('button', { name: 'Send feature request' }).click();
    // Priority and use case are optional.
    expect(await invalidFields(page)).toEqual(['name', 'email', 'feature', 'description']);

    await form.getByLabel('Name').fill('Linus');
    await form.getByLabel('Email').fill('linus@example.com');
    await form.getByLabel('Feature').fill('Sound  for jackpots');
    await form.getByLabel('Description').fill('A fanfare when the token lands on a jackpot.');
    await form.getByLabel('Priority').selectOption('Critical');
    await form.getByLabel('Use case').fill('I play with the sound on.');
    await form.getByRole('button', { name: 'Send feature request' }).click();
    await expect.poll(mailtos).toHaveLength(1);
    const mail = parseMailto((await mailtos())[0]!);
    expect(mail.to).toBe(SUPPORT);
    expect(mail.subject).toBe('Feature Request: Sound for jackpots');
    expect(mail.body.split('\r\n')).toEqual([
      'Name: Linus',
      'Email: linus@example.com',
      'Feature: Sound for jackpots',
      'Description:',
      'A fanfare when the token lands on a jackpot.',
      'Priority: Critical',
      'Use case:',
      'I play with the sound on.',
    ]);
  });
});

test.describe('legal pages', () => {
  test('privacy policy: last updated August 2025, ten sections, cookies under #cookies, under-13 rule', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByText('Last updated August 2025')).toBeVisible();
    await expect(page.locator('.legal-section')).toHaveCount(10);
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveCount(10);
    const cookies = page.locator('#cookies');
    await expect(cookies.getByRole('heading')).toHaveText('8. Cookie policy and browser storage');
    // Every browser storage key the app uses is listed.
    for (const key of [
      'gogo.token',
      'gogo.user',
      'gogo.adminToken',
      'gogo.settings',
      'gogo.leaderboard',
      'gogo.deviceId',
    ]) {
      await expect(cookies.getByRole('rowheader', { name: key })).toBeVisible();
    }
    await expect(page.locator('#children')).toContainText('not intended for children under 13');
    // The table of contents jumps to the section.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: "Children's privacy" }).click();
    await expect(page).toHaveURL(/#children$/);
    await expect(page.locator('#children h2')).toBeInViewport();
  });

  test('opening /privacy-policy#cookies lands on the cookie policy', async ({ page }) => {
    await page.goto('/privacy-policy#cookies');
    await expect(page.locator('#cookies h2')).toBeInViewport();
  });

  test('terms of service: last updated August 2025, twelve sections, honest about GOGO', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByText('Last updated August 2025')).toBeVisible();
    await expect(page.locator('.legal-section')).toHaveCount(12);
    await expect(page.locator('#gogo-credits')).toContainText('no guaranteed value');
    await expect(page.locator('#token-launch')).toContainText('1 December 2025, 00:00 UTC');
    await expect(page.locator('#token-launch')).toContainText('$0.10');
  });
});
