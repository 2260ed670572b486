/**
 * A document's details (C-141, C-142; decision 0038): a StudyAdmin writes a document's Spanish title and
 * disclaimer, adds a disclaimer image, saves and finds them again; removes the image; an empty title in
 * the default language is refused on its field.
 */
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expectAccessible, shot, staffSignIn } from '../support';

test.describe.configure({ timeout: 180_000 });

/** A 2×1 PNG (navy), enough for the upload's sniffing and for a browser to draw. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGOQkpL6z8DAwAAACpUBgQ8xz2QAAAAASUVORK5CYII=',
  'base64',
);

async function onePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 300]).drawText('Consent leaflet', { x: 20, y: 150 });
  return Buffer.from(await doc.save());
}

test('a StudyAdmin sets a document’s texts per language and its disclaimer images', async ({ page }) => {
  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]{36}\/dashboard/);
  const base = page.url().replace(/\/dashboard$/, '');
  await page.goto(`${base}/research-team/research-site/list`);
  await page.getByRole('cell', { name: 'US-001' }).click();
  await page.getByRole('link', { name: 'Documents', exact: true }).click();
  await expect(page).toHaveURL(/add-research-site-documents$/);

  await page.getByLabel('Title').fill('Consent leaflet');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'leaflet.pdf', mimeType: 'application/pdf', buffer: await onePagePdf() });
  await page.getByRole('button', { name: 'Add document' }).click();
  await expect(page.getByText('Consent leaflet added.')).toBeVisible();
  const row = page.getByRole('row', { name: /Consent leaflet/ });

  // The details: one tab per study language, English (the default) first.
  await row.getByRole('button', { name: 'Details: Consent leaflet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Consent leaflet' });
  await expect(dialog.getByRole('tab', { name: 'English (default)' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Consent leaflet');
  await dialog.getByRole('tab', { name: 'Spanish' }).click();
  const spanish = dialog.getByRole('tabpanel', { name: 'Spanish' });
  await spanish.getByRole('textbox', { name: 'Title' }).fill('Folleto de consentimiento');
  await spanish.getByRole('textbox', { name: 'Disclaimer' }).fill('Lea este folleto antes de la visita.');

  // A disclaimer image: the wrong type is refused before sending, a PNG is added and shown.
  const imageInput = dialog.locator('input[type=file]');
  await imageInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText('Choose a PNG or JPEG image.')).toBeVisible();
  await imageInput.setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Image added.')).toBeVisible();
  const image = dialog.getByRole('img', { name: 'Disclaimer image 1' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(2);
  await expectAccessible(page);
  await shot(page, 'staff-document-details');

  // The save takes the image's new revision: it is not refused as stale.
  await dialog.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Consent leaflet: details saved.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: 'Details: Consent leaflet' }).click();
  await dialog.getByRole('tab', { name: 'Spanish' }).click();
  await expect(spanish.getByRole('textbox', { name: 'Title' })).toHaveValue('Folleto de consentimiento');
  await expect(spanish.getByRole('textbox', { name: 'Disclaimer' })).toHaveValue(
    'Lea este folleto antes de la visita.',
  );
  await expect(dialog.getByRole('img', { name: 'Disclaimer image 1' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Remove disclaimer image 1' }).click();
  await expect(page.getByText('Image removed.')).toBeVisible();
  await expect(dialog.getByText('No images yet.')).toBeVisible();

  // An empty title in the default language: the server refuses it on that field, and its tab is shown.
  await dialog.getByRole('tab', { name: 'English (default)' }).click();
  await dialog.getByRole('tabpanel', { name: 'English (default)' }).getByRole('textbox', { name: 'Title' }).fill('');
  await dialog.getByRole('tab', { name: 'Spanish' }).click();
  await dialog.getByRole('button', { name: 'Save details' }).click();
  const english = dialog.getByRole('tabpanel', { name: 'English (default)' });
  await expect(english.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
  await expect(english.getByText(/Enter the title in the study's default language/)).toBeVisible();
  await expect(dialog).toBeVisible();
  await shot(page, 'staff-document-details-refused');
});
