import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support';

test('participant sign-in sends the web-portal flag (A-054)', async ({ page }) => {
  await page.goto('/participant/#/participants/web/DEMO/language');
  await page.getByText('English').click();
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/login/);
  const req = page.waitForRequest((r) => r.method() === 'POST' && /\/login$/.test(new URL(r.url()).pathname));
  await page.getByLabel('Username').fill('participant.demo');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  expect((await req).postDataJSON()).toMatchObject({
    studyCode: 'DEMO',
    username: 'participant.demo',
    isWebPortal: true,
  });
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/home/);
});
