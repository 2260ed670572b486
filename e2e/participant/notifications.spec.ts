import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot } from '../support';

// D-040, D-118: the notification permission screen; a browser that refuses gets the spec's warning.
test('a participant opens the notification screen from home; the browser refuses and the warning says so', async ({
  browser,
}) => {
  // no permission granted: headless Chromium answers the prompt with a refusal
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/participant/#/participants/web/DEMO/login');
  await page.getByLabel('Username').fill('participant.demo');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/home/);
  await page.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Not now' })).toBeVisible();
  await shot(page, 'participant-notifications');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Please allow app to receive notifications.')).toBeVisible();
  await shot(page, 'participant-notifications-refused');
  await expectAccessible(page);
  await context.close();
});
