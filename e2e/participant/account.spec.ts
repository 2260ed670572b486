import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, shot } from '../support';

const base = '/participant/#/participants/web/DEMO';

test('a participant with a wrong password sees the message and stays on the login', async ({ page }) => {
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill('participant.demo');
  await page.getByLabel('Password', { exact: true }).fill('Not#theone1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You have entered an invalid username or password' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

// participante.es1 is used by no other browser test: the changed password cannot be put back (the last five
// passwords are refused, decision 0024), so the demo account is left alone.
test('a participant changes the password with the rules enforced, then signs out', async ({ page }) => {
  // English chosen on this device: it stays after signing in, though the account's language is Spanish
  await page.goto(`${base}/language`);
  await page.getByText('English').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Username').fill('participante.es1');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home/);
  await expect(page.getByTestId('study-name')).toHaveText('Trialpath Demo Study');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await shot(page, 'participant-home-en');

  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  // No special character: refused by the shared password rule before any call.
  await page.getByLabel('New password', { exact: true }).fill('Simple12345');
  await page.getByLabel('Confirm new password').fill('Simple12345');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toHaveCount(0);
  await shot(page, 'participant-change-password-rule');

  await page.getByLabel('New password', { exact: true }).fill('Changed#2026');
  await page.getByLabel('Confirm new password').fill('Changed#2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.').first()).toBeVisible();

  // The old password is one of the last five: refused at its field.
  await page.getByLabel('Current password').fill('Changed#2026');
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Confirm new password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/This password was used recently/)).toBeVisible();
  await shot(page, 'participant-change-password-recent');

  await page.getByRole('link', { name: 'Back to home' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown participant page shows "Page not found"', async ({ page }) => {
  await page.goto(`${base}/no-such-page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
