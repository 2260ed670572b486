/**
 * Creating a study from the studies list (issue 9, C-104, decision 0031): the "New study" drawer and
 * its texts arrive on demand (decision 0036), a taken code is refused on its field with the server's
 * message, and the new study opens on its details with the products chosen (C-078), which its dashboard shows. Only people who may create a study see the button.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, shot, staffSignIn } from '../support';

test('a StudyAdmin creates a study in two languages and two countries from the studies list', async ({ page }) => {
  await staffSignIn(page, 'studyadmin');
  await expect(page).toHaveURL(/#\/studies$/);
  await page.getByRole('button', { name: 'New study' }).click();
  const drawer = page.getByRole('dialog', { name: 'New study' });
  await expect(drawer.getByLabel('Study name')).toBeVisible();

  // The form's own rules first, then the server's: a code another study has.
  await drawer.getByRole('button', { name: 'Create study' }).click();
  await expect(drawer.getByLabel('Study name')).toHaveAttribute('aria-invalid', 'true');
  await drawer.getByLabel('Study name').fill('Sleep Apnoea Home Monitoring');
  await drawer.getByLabel('Study code').fill('demo');
  await drawer.getByLabel('Therapeutic area').fill('Respiratory');
  await drawer.getByRole('combobox', { name: 'Languages' }).click();
  await page.getByRole('option', { name: /\(es\)$/ }).click();
  await drawer.getByRole('combobox', { name: 'Countries' }).fill('Spain');
  await page.getByRole('option', { name: 'Spain' }).click();
  await drawer.getByRole('combobox', { name: 'Countries' }).fill('United Kingdom');
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await drawer.getByRole('checkbox', { name: 'EDC' }).check();
  await drawer.getByRole('checkbox', { name: 'ePRO and surveys' }).check();
  await drawer.getByRole('button', { name: 'Create study' }).click();
  await expect(drawer.getByText('Another study already uses this code. Choose another one.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'staff-new-study-code-taken');

  // Codes are unique whatever the case; a fresh one for each run of this test (retries included).
  const code = `SLP-${Date.now().toString(36).slice(-6).toUpperCase()}`;
  await drawer.getByLabel('Study code').fill(code);
  await drawer.getByRole('button', { name: 'Create study' }).click();
  await expect(page.getByText(`Study ${code} created.`)).toBeVisible();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]{36}\/study-details$/);
  await expect(page.getByText('Sleep Apnoea Home Monitoring').first()).toBeVisible();
  await shot(page, 'staff-new-study-details');
  await expect(page.getByRole('checkbox', { name: 'EDC' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Telehealth' })).not.toBeChecked();

  // Products are a core field (C-078): changed on the details, the study's dashboard shows them at once.
  await page.getByRole('checkbox', { name: 'Telehealth' }).check();
  await page.getByRole('checkbox', { name: 'EDC' }).uncheck();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Study details saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Telehealth' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'EDC' })).not.toBeChecked();
  const studyUrl = page.url().replace(/study-details$/, 'dashboard');
  await page.goto(studyUrl);
  const products = page.getByLabel('Study features');
  await expect(products.getByText('Telehealth')).toBeVisible();
  await expect(products.getByText('ePRO and surveys')).toBeVisible();
  await expect(products.getByText('EDC', { exact: true })).toHaveCount(0);

  // The list finds it by its code.
  await page.goto('/#/studies');
  await page.getByRole('searchbox', { name: 'Search studies' }).fill(code);
  await expect(page.getByRole('cell', { name: code })).toBeVisible();
});

test('a clinical research associate sees no "New study"', async ({ page }) => {
  await staffSignIn(page, 'cra.demo');
  await expect(page).toHaveURL(/#\/studies$/);
  await expect(page.getByRole('cell', { name: 'DEMO', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New study' })).toHaveCount(0);
});
