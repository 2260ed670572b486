import { expect, test } from '@playwright/test';
import { expectAccessible, shot, staffSignIn } from '../support';

test('the root address sends a visitor to the sign-in page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'staff-login');
  await expectAccessible(page);
});

test('a wrong password shows the exact message', async ({ page }) => {
  await staffSignIn(page, 'crc.demo', 'Wrong#pass1');
  await expect(page.getByText('You have entered an invalid username or password').first()).toBeVisible();
  await shot(page, 'staff-login-wrong-password');
});

test('an unknown username shows the exact message', async ({ page }) => {
  await staffSignIn(page, 'nobody.here', 'Whatever#1');
  await expect(page.getByText('Username not found.').first()).toBeVisible();
});

test('sign-in lands on the studies list with the demo study, sign-out returns to login', async ({ page }) => {
  // Upper case on purpose: the username is lowercased before sign-in.
  await staffSignIn(page, 'CRC.Demo');
  await expect(page).toHaveURL(/#\/studies/);
  await expect(page.getByRole('heading', { name: 'Studies', exact: true })).toBeVisible();
  await expect(page.getByText('Trialpath Demo Study')).toBeVisible();
  await shot(page, 'staff-studies');
  await expectAccessible(page);

  // The footer's page size (decision A-242) goes into the address and back to page 1.
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
  await expect(page).toHaveURL(/pageSize=25/);
  await expect(page.getByText('Trialpath Demo Study')).toBeVisible();

  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/dashboard/);
  await expect(page.getByText('Boston Research Center')).toBeVisible();
  // crc.demo is assigned to site 1 only: the other site is not shown to them.
  await expect(page.getByText('Madrid Centro de Investigación')).toHaveCount(0);
  await shot(page, 'staff-study-dashboard');

  await page.goto('/#/logout');
  await expect(page).toHaveURL(/#\/login/);
  await page.goto('/#/studies');
  await expect(page).toHaveURL(/#\/login/);
});

test('an unknown route shows "Page not found"', async ({ page }) => {
  await staffSignIn(page, 'admin');
  await expect(page).toHaveURL(/#\/studies/);
  await page.goto('/#/no-such-screen');
  await expect(page.getByRole('heading', { name: 'Page not found', exact: true })).toBeVisible();
  await shot(page, 'staff-page-not-found');
});
