import { expect, test } from '@playwright/test';
import { PI_RENEWED_PASSWORD, shot, staffSignIn } from '../support';

// pi.demo's password is changed here; no other test signs in as pi.demo.
test('staff forgot password: the e-mailed link from the demo mailbox sets a new password', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/#\/forgot-password/);
  await page.getByLabel('Username or e-mail').fill('pi.demo');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('reset link has been sent');
  await shot(page, 'staff-forgot-password-sent');

  await page.goto('/#/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Demo mailbox' })).toBeVisible();
  const link = page.locator('a[href*="#/reset-password/"]').first();
  await expect(link).toBeVisible();
  await shot(page, 'staff-mailbox');
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();

  await page.goto(href!);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(PI_RENEWED_PASSWORD);
  await page.getByLabel('Confirm new password').fill(PI_RENEWED_PASSWORD);
  await shot(page, 'staff-reset-password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/#\/login/);

  // The old password no longer works; the new one does.
  await staffSignIn(page, 'pi.demo', 'Trialpath#1');
  await expect(page.getByText('You have entered an invalid username or password').first()).toBeVisible();
  await staffSignIn(page, 'pi.demo', PI_RENEWED_PASSWORD);
  await expect(page).toHaveURL(/#\/studies/);
  await expect(page.getByText('Trialpath Demo Study')).toBeVisible();

  // The link was single use.
  await page.goto('/#/logout');
  await expect(page).toHaveURL(/#\/login/);
  await page.goto(href!);
  await expect(page.getByRole('button', { name: 'Save password' })).toHaveCount(0);
  await shot(page, 'staff-reset-link-used');
});
