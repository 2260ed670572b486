/**
 * A site's documents and the study's resources (C-020, C-073; decision 0038): a StudyAdmin adds a PDF to a
 * site, downloads it, deactivates and deletes it with a reason; the resource list shows every site's.
 */
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expectAccessible, shot, staffSignIn } from '../support';

test.describe.configure({ timeout: 180_000 });

async function twoPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText('Visit guide, page 1', { x: 20, y: 150 });
  doc.addPage([300, 300]).drawText('Visit guide, page 2', { x: 20, y: 150 });
  return Buffer.from(await doc.save());
}

test('a StudyAdmin adds a PDF to a site, downloads, deactivates and deletes it; the resource list shows it', async ({
  page,
}) => {
  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]{36}\/dashboard/);
  const base = page.url().replace(/\/dashboard$/, '');
  await page.goto(`${base}/research-team/research-site/list`);
  await page.getByRole('cell', { name: 'US-001' }).click();
  await page.getByRole('link', { name: 'Documents', exact: true }).click();
  await expect(page).toHaveURL(/add-research-site-documents$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Documents of / })).toBeVisible();

  // The form's own checks first: no file, then not a PDF.
  await page.getByLabel('Title').fill('Visit guide');
  await page.getByRole('button', { name: 'Add document' }).click();
  await expect(page.getByText('Choose the PDF to add.')).toBeVisible();
  const chooser = page.locator('input[type=file]');
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Choose a PDF file.')).toBeVisible();
  await chooser.setInputFiles({ name: 'visit-guide.pdf', mimeType: 'application/pdf', buffer: await twoPagePdf() });
  await page.getByRole('button', { name: 'Add document' }).click();
  await expect(page.getByText('Visit guide added.')).toBeVisible();
  const row = page.getByRole('row', { name: /Visit guide/ });
  await expect(row.getByText('2 pages')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await shot(page, 'staff-site-documents');
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download Visit guide' }).click();
  expect((await download).suggestedFilename()).toBe('visit-guide.pdf');

  await row.getByRole('button', { name: 'Deactivate: Visit guide' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Replaced by the new guide');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();

  await page.goto(`${base}/resource-list-site`);
  await expect(page.getByRole('heading', { level: 1, name: 'Documents and resources' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Visit guide/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'staff-resource-list');

  await page
    .getByRole('row', { name: /Visit guide/ })
    .getByRole('button', { name: 'Delete: Visit guide' })
    .click();
  await page.getByRole('dialog').getByLabel('Reason').fill('Withdrawn');
  await page.getByRole('dialog').getByRole('button', { name: 'Save change' }).click();
  await expect(page.getByText('Visit guide deleted.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Visit guide/ })).toHaveCount(0);
});
