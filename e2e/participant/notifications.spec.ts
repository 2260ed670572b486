import { expect, test } from '@playwright/test';
import { expectAccessible, participantSignIn, shot } from '../support';

// D-040, D-118: the notification permission screen; a browser that refuses gets the spec's warning.
test('a participant opens the notification screen from home; the browser refuses and the warning says so', async ({
  browser,
}) => {
  // no permission granted: headless Chromium answers the prompt with a refusal
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await participantSignIn(page);
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
