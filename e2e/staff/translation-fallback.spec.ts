/**
 * C-173 (000 §1): "If a translation file fails to load, the product carries on with no translations."
 * A language's text bundle is made to fail in the browser; the screen still works, in the source language.
 */
import { expect, test } from '@playwright/test';
import { shot, staffSignIn } from '../support';

test('staff: the Spanish texts of the versions screens fail to load; the screens carry on in English', async ({
  page,
}) => {
  await page.route(/\/assets\/versions\.es-[^/]+\.js$/, (route) => route.abort());
  await staffSignIn(page, 'studyadmin');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /Español/ }).click();
  await expect(page.getByRole('heading', { name: 'Estudios' })).toBeVisible();
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/dashboard/);
  await page.goto(page.url().replace(/\/dashboard$/, '/version-management'));
  // The shell stays Spanish; the versions screen's own texts are the English ones.
  await expect(page.getByRole('heading', { name: 'Study versions' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Study versions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Estudios' })).toBeVisible();
  await shot(page, 'staff-versions-texts-failed');
});

test('participant: the Spanish interface texts fail to load; the portal carries on in English', async ({ page }) => {
  await page.route(/\/participant\/assets\/es-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/participant/#/participants/web/DEMO/language');
  await page.getByText('Español').click();
  await page.getByRole('button', { name: /Continuar|Continue/ }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/login/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await shot(page, 'participant-texts-failed');
});
