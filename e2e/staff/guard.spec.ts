import { expect, test } from '@playwright/test';
import { shot, staffSignIn } from '../support';

test('a signed-out visitor of a protected page is sent to sign-in and back afterwards', async ({ page }) => {
  await page.goto('/#/dev/mailbox');
  await page.goto('/#/studies?page=1');
  await expect(page).toHaveURL(/#\/login\?redirectTo=/);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('Trialpath#1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/#\/studies/);
});

test('the test twin of a study page opens with the test-portal flag and is marked as test', async ({ page }) => {
  await staffSignIn(page, 'cra.demo');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/([0-9a-f-]+)\/dashboard/);
  const studyId = /#\/studies\/([0-9a-f-]+)\//.exec(page.url())![1];
  // cra.demo sees both sites.
  await expect(page.getByText('Madrid Centro de Investigación')).toBeVisible();
  await page.goto(`/#/studies/${studyId}/test/dashboard`);
  await expect(page.getByRole('banner').getByText('Test environment')).toBeVisible();
  await shot(page, 'staff-study-test-twin');
});

test('participant portal paths in the staff portal go to the participant portal', async ({ page }) => {
  await page.goto('/#/participants/web/DEMO/login');
  await expect(page).toHaveURL(/\/participant\/#\/participants\/web\/DEMO\/login/);
});

test('the staff portal switches to Spanish', async ({ page }) => {
  await staffSignIn(page, 'studyadmin');
  await expect(page).toHaveURL(/#\/studies/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /Español/ }).click();
  await expect(page.getByRole('heading', { name: 'Estudios' })).toBeVisible();
  await shot(page, 'staff-studies-es');
});
