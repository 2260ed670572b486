import { expect, type Page, test } from '@playwright/test';
import { staffSignIn } from '../support';

const IDLE_LIMIT_MS = 90_000 * 1000;
const EXPIRED = 'Your session has expired due to inactivity. Any unsaved work may not be saved.';
const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), `trialpath.${key}`);

test('another person signing in clears the previous person’s study summary, keeping the client id (A-217, A-218)', async ({
  page,
}) => {
  await staffSignIn(page, 'crc.demo');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page.getByText('Boston Research Center')).toBeVisible();
  await expect.poll(() => stored(page, 'studySummary')).toContain('Trialpath Demo Study');
  await page.goto('/#/logout');
  await expect(page).toHaveURL(/#\/login/);
  // Logout keeps the study summary (for the same person's return) and the client id.
  expect(await stored(page, 'studySummary')).toContain('Trialpath Demo Study');
  const clientId = await stored(page, 'clientId');
  expect(clientId).toBeTruthy();

  // Not pi.demo: the password-reset journey changes that account's password.
  await staffSignIn(page, 'cra.demo');
  await expect(page).toHaveURL(/#\/studies/);
  await expect(page.getByText('Trialpath Demo Study')).toBeVisible();
  expect(await stored(page, 'studySummary')).toBeNull();
  expect(await stored(page, 'clientId')).toBe(clientId);
});

test('a page opened after the idle limit logs out at once (A-225)', async ({ page }) => {
  await staffSignIn(page, 'crc.demo');
  await expect(page).toHaveURL(/#\/studies/);
  await page.evaluate((limit) => {
    window.localStorage.setItem('trialpath.lastActivity', String(Date.now() - limit - 60_000));
  }, IDLE_LIMIT_MS);
  await page.reload();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await stored(page, 'token')).toBeNull();
});

test('activity in one tab keeps the other tabs signed in; without activity they expire (A-223)', async ({
  context,
}) => {
  await context.clock.install();
  const first = await context.newPage();
  await staffSignIn(first, 'crc.demo');
  await expect(first).toHaveURL(/#\/studies/);
  const second = await context.newPage();
  await second.goto('/#/studies');
  await expect(second.getByRole('heading', { name: 'Studies', exact: true })).toBeVisible();

  await context.clock.fastForward(IDLE_LIMIT_MS - 3_600_000);
  // The person works in the first tab only; its write of the shared last activity reaches the second.
  await first.keyboard.press('Shift');
  await context.clock.fastForward(2 * 3_600_000);
  await expect(second.getByRole('heading', { name: 'Studies', exact: true })).toBeVisible();
  await expect(second.getByText(EXPIRED)).toHaveCount(0);
  await expect(first.getByText(EXPIRED)).toHaveCount(0);

  // Idle everywhere past the limit: both tabs say so.
  await context.clock.fastForward(IDLE_LIMIT_MS);
  await expect(second.getByText(EXPIRED)).toBeVisible();
  await expect(first.getByText(EXPIRED)).toBeVisible();
});
