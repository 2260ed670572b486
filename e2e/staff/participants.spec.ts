import { expect, test } from '@playwright/test';
import { expectAccessible, staffSignIn } from '../support';

const openParticipants = async (page: import('@playwright/test').Page) => {
  await page.getByText('Trialpath Demo Study').click();
  await page.getByRole('navigation', { name: 'Study navigation' }).getByRole('link', { name: 'Participants' }).click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/participants$/);
};

test('a coordinator finds participants by name, status and label; the view is kept in the address', async ({
  page,
}, testInfo) => {
  await staffSignIn(page, 'crc.demo');
  await openParticipants(page);
  const table = page.getByRole('table', { name: 'Participants' });
  // the browser tests share one database: other tests enrol participants at this site too
  await expect(table).toContainText('DEMO-US001-0003');
  await expect(table).toContainText('Alex Morgan');
  await expect(table).not.toContainText('DEMO-ES001');
  await page.screenshot({ path: testInfo.outputPath('participants.png'), fullPage: true });
  await expectAccessible(page);

  // a search as the person types
  await page.getByRole('searchbox', { name: 'Search' }).fill('jor');
  await expect(page).toHaveURL(/q=jor/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Jordan Lee');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table).toContainText('Alex Morgan');

  // a label made, put on a participant, then the list filtered by it
  await page.getByRole('button', { name: 'Labels', exact: true }).click();
  const manager = page.getByRole('dialog', { name: 'Participant labels' });
  await manager.getByRole('textbox', { name: 'Name' }).fill('Call back (e2e)');
  await manager.getByRole('button', { name: 'Add label' }).click();
  await expect(manager.getByText('Call back (e2e)')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await table.getByRole('button', { name: 'Edit labels of DEMO-US001-0002' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit labels of DEMO-US001-0002' });
  await editor.getByRole('combobox', { name: 'Labels of this participant' }).click();
  await editor.getByRole('option', { name: 'Call back (e2e)' }).click();
  await editor.getByRole('heading', { name: 'Edit labels of DEMO-US001-0002' }).click(); // the choices close
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(table.getByRole('row', { name: /DEMO-US001-0002/ })).toContainText('Call back (e2e)');
  await page.getByRole('combobox', { name: 'Label', exact: true }).click();
  await page.getByRole('option', { name: 'Call back (e2e)' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/label=[0-9a-f-]{36}/);
  await expect(table.getByRole('row')).toHaveCount(2);

  // the view survives a reload, and sorts by a column header
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await table.getByRole('button', { name: 'Sort by Name' }).click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(table.getByRole('row').nth(1)).toContainText('Jordan Lee');

  // an imported participant goes into screening, with a reason; the list shows it at once
  await table.getByRole('button', { name: 'Change the status of DEMO-US001-0003' }).click();
  const dialog = page.getByRole('dialog', { name: 'Status of DEMO-US001-0003' });
  await expect(dialog).toContainText('Current status: Imported');
  await dialog.getByRole('combobox', { name: 'New status' }).click();
  await dialog.getByRole('option', { name: 'Screening', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Reason for the change' }).fill('Screening visit booked for Monday');
  await page.screenshot({ path: testInfo.outputPath('status-change.png') });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: /DEMO-US001-0003/ })).toContainText('Screening');
  await table.getByRole('button', { name: 'Change the status of DEMO-US001-0003' }).click();
  await expect(dialog.getByRole('listitem')).toContainText(['Imported → Screening, by Carlos Coordinator on']);
  await expect(dialog.getByRole('listitem').first()).toContainText('Screening visit booked for Monday');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // on a phone: the filters stack, the table scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('participants-390.png'), fullPage: true });
  await expectAccessible(page);
});

test('a monitor sees the participants of both sites without their names, and cannot label them', async ({
  page,
}, testInfo) => {
  await staffSignIn(page, 'cra.demo');
  await openParticipants(page);
  const table = page.getByRole('table', { name: 'Participants' });
  await expect(table).toContainText('DEMO-ES001-0001');
  await expect(
    page.getByText('Your role does not show who participants are: names and e-mail addresses are hidden.'),
  ).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveCount(0);
  await expect(table).not.toContainText('Alex Morgan');
  await expect(page.getByRole('button', { name: 'Labels', exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('participants-monitor.png'), fullPage: true });
  await expectAccessible(page);
});
