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

test('a coordinator adds a participant with the study’s prompts, invites them, exports the list; the participant stops e-mails', async ({
  page,
  request,
}, testInfo) => {
  const email = `e2e.add.${Date.now()}@example.org`;
  await staffSignIn(page, 'crc.demo');
  await openParticipants(page);
  await page.getByRole('link', { name: 'Add participant' }).click();
  await expect(page.getByRole('heading', { name: 'Add participant' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please enter your first name!')).toBeVisible();
  await expect(page.getByText('Please enter your last name!')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('participant-add-prompts.png'), fullPage: true });
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Save and invite' }).click();
  await expect(page.getByText(/Participant DEMO-US001-\d{4} added and invited\./)).toBeVisible();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/participants$/);

  const table = page.getByRole('table', { name: 'Participants' });
  await page.getByRole('searchbox', { name: 'Search' }).fill('Hopper');
  const row = table.getByRole('row', { name: /Grace Hopper/ });
  await expect(row).toContainText('Invited');
  await expect(row.getByRole('button', { name: /^Invite participant/ })).toHaveText('Resend invitation');

  // the profile: where they stand and who they are; back to the list
  await row.getByRole('link', { name: /^DEMO-US001-\d{4}$/ }).click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/participants\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Grace Hopper')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contact and details' })).toContainText(email);
  await page.screenshot({ path: testInfo.outputPath('participant-profile.png'), fullPage: true });
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Activities' }).click();
  await expect(page).toHaveURL(/tab=activities/);
  await expect(page.getByRole('heading', { name: 'No tasks' })).toBeVisible(); // not started yet
  await expectAccessible(page);
  await page.getByRole('link', { name: '← All participants' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('Hopper');

  // the list as CSV, the search applied
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = await file.path().then((p) => import('node:fs').then((fs) => fs.readFileSync(p, 'utf8')));
  expect(csv.split('\r\n')[0]).toContain('Participant ID,First name,Last name,E-mail');
  expect(csv).toContain(`Grace,Hopper,${email}`);

  // the invitation's unsubscribe link, opened by the participant
  let link = '';
  await expect
    .poll(async () => {
      const box = await (await request.get(`/api/v1/dev/mailbox?recipient=${encodeURIComponent(email)}`)).json();
      link = /(http\S+\/unsubscribeemail\?token=\S+)/.exec(box.items[0]?.body ?? '')?.[1] ?? '';
      return link;
    })
    .toContain('unsubscribeemail');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Stop e-mails about this study' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop e-mails' }).click();
  await expect(page.getByRole('status')).toContainText('you will receive no more e-mail about');
  await page.screenshot({ path: testInfo.outputPath('unsubscribed.png'), fullPage: true });
});

test('a coordinator imports 50 participants from a CSV: a bad row refuses the file, the fixed file imports all', async ({
  page,
}, testInfo) => {
  const stamp = Date.now();
  const rows = (badRow: boolean) =>
    [
      'Participant ID,Site code,First name,Last name,E-mail',
      ...Array.from({ length: 50 }, (_, i) => {
        const email = badRow && i === 6 ? 'not-an-address' : `import.${stamp}.${i}@example.org`;
        return `IMP-${stamp}-${i},US-001,Ana${i},Import${stamp},${email}`;
      }),
    ].join('\r\n');
  await staffSignIn(page, 'crc.demo');
  await openParticipants(page);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import participants' });
  const choose = async (body: string) => {
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'participants.csv', mimeType: 'text/csv', buffer: Buffer.from(body) });
    await dialog.getByRole('button', { name: 'Check file' }).click();
  };
  await choose(rows(true));
  const report = dialog.getByRole('table');
  await expect(report).toContainText('8');
  await expect(report).toContainText('E-mail');
  await expect(dialog).toContainText('1 row has problems: nothing was imported.');
  await page.screenshot({ path: testInfo.outputPath('import-refused.png') });
  await expectAccessible(page);
  await choose(rows(false));
  await expect(dialog).toContainText('50 participants are ready to import');
  await dialog.getByRole('button', { name: 'Import 50 participants' }).click();
  await expect(page.getByText('50 participants imported.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(`Import${stamp}`);
  await expect(page.getByText('50 participants', { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('imported.png'), fullPage: true });
});
