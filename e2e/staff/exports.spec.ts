/**
 * Exports and SFTP transfer (issue 14): the study's data manager (the study admin of the demo, who runs exports)
 * filters a data export to site 1, watches it being made, downloads the zip (read back here), then sends it by SFTP
 * to a real OpenSSH server started by this test, where the file arrives byte for byte. The test twin of the export
 * page shows no action buttons.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import { type OpenSshServer, startOpenSsh } from '../../apps/api/test/sftp-servers';
import { expectAccessible, shot, staffSignIn } from '../support';

let sftp: OpenSshServer;
test.beforeAll(async () => {
  sftp = await startOpenSsh();
});
test.afterAll(async () => {
  await sftp?.stop();
});

test('a data manager exports site 1, watches it made, downloads it and sends it by SFTP, where it arrives', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  const nav = page.getByRole('navigation', { name: 'Study navigation' });
  await expect(nav).toBeVisible();
  const dashboard = page.url();
  await nav.getByRole('link', { name: 'Data export', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Data export', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Study' })).toHaveValue(/^DEMO — /);
  // site 1 only (H-008), and the standard formats
  await page.getByRole('combobox', { name: 'Sites' }).click();
  await page.getByRole('option', { name: /^US-001/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: /CDISC ODM 1\.3\.2/ }).check();
  await page.getByRole('checkbox', { name: /HL7 FHIR R4/ }).check();
  await shot(page, 'data-export-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Export' }).click();
  // the export's own page, by its link (H-003): progress, then the file
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/data-export\/[A-Za-z0-9_-]+\/resourceId\/[0-9a-f-]+$/);
  await expect(page.getByText('Your export is ready.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^SHA-256: [0-9a-f]{64}$/)).toBeVisible();
  await shot(page, 'data-export-ready-1280');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download DEMO_study-data_LIVE_/ }).click();
  const download = await downloading;
  const saved = path.join(tmpdir(), `e2e-${download.suggestedFilename()}`);
  await download.saveAs(saved);
  const bytes = readFileSync(saved);
  const zip = await JSZip.loadAsync(bytes);
  const participants = await zip.file('participants.csv')!.async('string');
  expect(participants).toContain('US-001');
  expect(participants).not.toContain('ES-001');
  expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['README.md', 'odm/study.xml', 'fhir/bundle.json']));
  const sha = createHash('sha256').update(bytes).digest('hex');
  await expect(page.getByText(`SHA-256: ${sha}`)).toBeVisible();

  // the sponsor's SFTP server, by its private key (PEM upload, H-035), from the study's navigation
  await page.goto(dashboard);
  await nav.getByRole('link', { name: 'Data transfer' }).click();
  await expect(page.getByRole('heading', { name: 'Data transfer', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add destination' }).click();
  const form = page.getByRole('dialog', { name: 'Add SFTP destination' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Sponsor drop');
  await form.getByRole('textbox', { name: 'Host', exact: true }).fill('127.0.0.1');
  await form.getByRole('textbox', { name: 'Port', exact: true }).fill(String(sftp.port));
  await form.getByRole('textbox', { name: 'User name' }).fill(sftp.username);
  await form.getByRole('combobox', { name: 'Sign in with' }).selectOption('PRIVATE_KEY');
  const keyFile = path.join(tmpdir(), `e2e-sftp-key-${process.pid}`);
  writeFileSync(keyFile, sftp.privateKey);
  await form.locator('input[type="file"]').setInputFiles(keyFile);
  await expect(form.getByText(/^Key .+ · SHA256:/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Remote folder' }).fill(sftp.folder);
  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByText(/Connected/)).toBeVisible({ timeout: 20_000 });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The destination “Sponsor drop” was saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Transfer now to Sponsor drop' }).click();
  await expect(page.getByText('Arrived').first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'data-transfer-arrived-1280');
  // the newest study data export (site 1) is on the server, complete, byte for byte
  const sent = readdirSync(sftp.folder).filter((f) => f.endsWith('.zip'));
  expect(sent).toHaveLength(1);
  expect(existsSync(path.join(sftp.folder, `${sent[0]}.part`))).toBe(false);
  expect(
    createHash('sha256')
      .update(readFileSync(path.join(sftp.folder, sent[0]!)))
      .digest('hex'),
  ).toBe(sha);
});

test('the test twin of the data export page shows no action buttons (A-008)', async ({ page }) => {
  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page.getByRole('navigation', { name: 'Study navigation' })).toBeVisible();
  const live = new URL(page.url());
  const studyId = /#\/studies\/([0-9a-f-]+)/.exec(live.hash)?.[1];
  await page.goto(`/#/studies/${studyId}/test/data-export`);
  await expect(page.getByRole('heading', { name: 'Data export', level: 1 })).toBeVisible();
  await expect(page.getByText('Test environment: exports are made from the live study only.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Download/ })).toHaveCount(0);
  await page.goto(`/#/studies/${studyId}/test/compliance-report-export`);
  await expect(page.getByRole('heading', { name: 'Compliance report export', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
});
