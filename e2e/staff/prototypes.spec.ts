/**
 * The draft's preview and prototype links (C-006, C-064; decision 0043): a StudyAdmin previews a new
 * study's draft in the participant portal at phone and tablet size, then makes a link for a reviewer,
 * who sees the prototype without an account until the link is withdrawn; the link's kit for a platform
 * (H-013) downloads as a PDF.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot, staffSignIn } from '../support';

test.describe.configure({ timeout: 180_000 });

test('a StudyAdmin previews the draft and shares a prototype link, then withdraws it', async ({
  page,
  request,
  context,
}) => {
  // A study of its own, so other tests publishing DEMO's draft do not matter here.
  const login = await request.post('/api/v1/auth/login', { data: { username: 'studyadmin', password: DEMO_PASSWORD } });
  const auth = { authorization: `Bearer ${(await login.json()).tokens.accessToken}` };
  const code = `PRT-${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const made = await request.post('/api/v1/studies', {
    headers: auth,
    data: { code, name: 'Prototype Review Study', languages: ['en', 'es'], countries: ['US'] },
  });
  expect(made.status()).toBe(200);
  const studyId = (await made.json()).id as string;

  await staffSignIn(page, 'studyadmin');
  await page
    .getByRole('row', { name: new RegExp(code) })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`#/studies/${studyId}/dashboard`));
  await page.goto(`/#/studies/${studyId}/previewpage`);
  await expect(page.getByRole('heading', { level: 1, name: 'Preview' })).toBeVisible();
  await expect(page.getByTestId('preview-facts')).toContainText('Version 1 (draft)');
  const frame = page.frameLocator('iframe[title="Participant portal preview"]');
  await expect(frame.getByText('Prototype of study version 1')).toBeVisible();
  await expect(frame.getByText('Prototype Review Study').first()).toBeVisible();
  await page.locator('label', { hasText: 'Tablet' }).click();
  await expect(page.getByRole('radio', { name: 'Tablet' })).toBeChecked();
  await expect(page.locator('iframe[title="Participant portal preview"]')).toHaveCSS('max-width', '768px');
  await expectAccessible(page);
  await shot(page, 'staff-preview-tablet');

  // A link for a reviewer.
  await page
    .getByRole('navigation', { name: 'Versions navigation' })
    .getByRole('link', { name: 'Prototype links' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prototype links' })).toBeVisible();
  await expect(page.getByText('No prototype links yet')).toBeVisible();
  await page.getByRole('textbox', { name: 'Note' }).fill('For the sponsor review');
  await page.getByRole('combobox', { name: 'Valid for' }).click();
  await page.getByRole('option', { name: '14 days' }).click();
  await page.getByRole('button', { name: 'Generate prototype link' }).click();
  const link = await page.getByRole('textbox', { name: 'Prototype link' }).inputValue();
  expect(link).toMatch(new RegExp(`/participant/#/participants/web/${code}/language\\?prototype=`));
  const table = page.getByRole('table', { name: 'Prototype links' });
  await expect(table.getByText('For the sponsor review')).toBeVisible();
  await expect(table.getByText('Works')).toBeVisible();
  // H-013: the kit for a reviewer's iPhone: a PDF named for the platform.
  const [kit] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'iPhone and iPad' }).click(),
  ]);
  expect(kit.suggestedFilename()).toBe(`${code}-prototype-v1-ios.pdf`);
  const kitBytes = await readFile((await kit.path())!);
  expect(kitBytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expectAccessible(page);
  await shot(page, 'staff-prototype-link');

  // The reviewer: no account, the prototype with its banner.
  const reviewer = await context.browser()!.newPage();
  await reviewer.goto(link);
  await expect(reviewer.getByText('Prototype of study version 1')).toBeVisible();
  await shot(reviewer, 'participant-prototype');

  // Withdrawn with a reason: the link stops working.
  await table.getByRole('button', { name: 'Withdraw link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this prototype link' });
  await dialog.getByLabel('Reason for the change').fill('Sent to the wrong address');
  await dialog.getByRole('button', { name: 'Withdraw link' }).click();
  await expect(table.getByText('Withdrawn')).toBeVisible();
  const later = await context.browser()!.newPage();
  await later.goto(link);
  await expect(later.getByRole('heading', { name: 'This prototype link no longer works' })).toBeVisible();
  await reviewer.close();
  await later.close();
});
