import { expect, test } from '@playwright/test';
import { expectAccessible, staffSignIn } from '../support';

test('a StudyAdmin downloads a version as USDM 4.0 and imports it back as a new study, seeing what could not be mapped', async ({
  page,
}, testInfo) => {
  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/dashboard/);
  await page.getByRole('navigation', { name: 'Study navigation' }).getByRole('link', { name: 'Versions' }).click();
  const table = page.getByRole('table', { name: 'Study versions' });
  await expect(table).toBeVisible();

  // The digital protocol of the first version, as the browser's download.
  const downloading = page.waitForEvent('download');
  await table.getByRole('row').nth(1).getByRole('button', { name: 'USDM 4.0 file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^DEMO_v\d+_usdm-4\.0\.json$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  // Back on the studies list: a new study from that file.
  await page.getByRole('link', { name: 'Studies' }).first().click();
  await page.getByRole('button', { name: 'Import USDM 4.0' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Code of the new study' }).fill('DEMO-USDM');
  // a name of its own: the other specs find DEMO by its name on the list
  await dialog.getByRole('textbox', { name: 'Name' }).fill('USDM round trip');
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('USDM round trip (DEMO-USDM) is now a study in design.')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'What could not be mapped' })).toContainText('not created: add it');
  await page.screenshot({ path: testInfo.outputPath('usdm-import.png') });
  await expectAccessible(page);
  await dialog.getByRole('link', { name: 'Open the study' }).click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/study-details/);
  await expect(page.getByRole('textbox', { name: 'Study code' })).toHaveValue('DEMO-USDM');
});
