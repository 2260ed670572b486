/**
 * A version's activities and schedule (C-034, C-039…C-043, C-047, C-048; decision 0044): a StudyAdmin adds a
 * survey and two data capture forms to the draft, makes a packet of one form, schedules the survey daily on
 * days 0–6 and the packet on day 7 with the day preview, and finds them kept after a reload; the other form
 * is listed as not scheduled.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, staffSignIn } from '../support';

test.describe.configure({ timeout: 180_000 });

test('a StudyAdmin adds activities to the draft, makes a packet and schedules both with a preview', async ({
  page,
  request,
}, testInfo) => {
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const stamp = Date.now().toString(36).slice(-6).toUpperCase();
  const login = await request.post('/api/v1/auth/login', { data: { username: 'studyadmin', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).tokens.accessToken}` };
  // A study of its own, so other tests publishing DEMO's draft do not matter here.
  const code = `SCH-${stamp}`;
  const made = await request.post('/api/v1/studies', {
    headers,
    data: { code, name: 'Schedules Study', languages: ['en', 'es'], countries: ['US'] },
  });
  expect(made.status()).toBe(200);
  const studyId = (await made.json()).id as string;
  const activity = async (kind: string, identifier: string, title: string) => {
    const r = await request.post('/api/v1/activities', {
      headers,
      data: { studyId, kind, identifier, title: { en: title } },
    });
    expect(r.status()).toBe(200);
    return (await r.json()).id as string;
  };
  const surveyId = await activity('survey', 'DAILY', 'Daily diary');
  await activity('dataCaptureForm', 'VITALS', 'Vital signs');
  await activity('dataCaptureForm', 'LABS', 'Lab results');

  await staffSignIn(page, 'studyadmin');
  await page.getByRole('button', { name: 'Accept necessary cookies' }).click();
  await page
    .getByRole('row', { name: new RegExp(code) })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`#/studies/${studyId}/dashboard`));
  const go = (path: string) => page.goto(`/#/studies/${studyId}/${path}`);

  // The version's activities (C-047): empty, then the survey at its latest revision.
  await go('customize/activities');
  await expect(page.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
  await expect(page.getByTestId('empty')).toContainText('This version has none yet');
  await page.getByRole('combobox', { name: 'Activity to add (at its latest revision)' }).click();
  await page.getByRole('option', { name: /DAILY — Daily diary/ }).click();
  await page.getByRole('button', { name: 'Add to version' }).click();
  const row = page.getByTestId('version-activity-DAILY');
  await expect(row).toContainText('Survey');
  await expect(row.getByRole('combobox', { name: 'Revision of DAILY — Daily diary' })).toHaveValue(
    'Revision 1 · Draft',
  );
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save activities' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expectAccessible(page);
  await shot('activities');

  // The study's forms (C-034): both added to the version from the list.
  await go('data-capture-form');
  await expect(page.getByRole('heading', { level: 1, name: 'Data capture forms' })).toBeVisible();
  for (const form of ['VITALS', 'LABS']) {
    await page.getByRole('button', { name: `Add ${form} to the version` }).click();
    await expect(page.getByTestId(`form-${form}`)).toContainText('Revision 1 · Draft');
  }
  await expectAccessible(page);

  // A packet of one form (C-048).
  await go('customize/packets');
  await expect(page.getByTestId('empty')).toContainText('No packets yet');
  await page.getByRole('button', { name: 'Add a packet' }).click();
  await page.getByLabel('Name (English)').fill('Visit 1');
  await page.getByLabel('Name (Spanish)').fill('Visita 1');
  await page.getByRole('checkbox', { name: 'VITALS — Vital signs' }).check();
  await page.getByRole('button', { name: 'Save packets' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expectAccessible(page);

  // The survey every day on days 0–6 (C-039), with the day preview.
  await go(`data-capture-form/schedule-form?activityId=${surveyId}`);
  await expect(page.getByRole('heading', { name: 'Schedules of DAILY — Daily diary' })).toBeVisible();
  await expect(page.getByTestId('no-schedules')).toBeVisible();
  await page.getByRole('button', { name: 'Add a schedule' }).click();
  await page.getByLabel('End day').fill('-2');
  await expect(page.getByText('The window ends before it starts')).toBeVisible();
  await page.getByLabel('End day').fill('6');
  await page.getByRole('radio', { name: 'Every N days' }).check();
  await page.getByLabel('Open for (days)').fill('1');
  await expect(page.getByTestId('schedule-summary')).toHaveText('Every day from day 0 to day 6, open 1 day');
  const preview = page.getByRole('table', { name: 'Study days' });
  await page.getByLabel('Sample day zero').fill('2026-03-02');
  await expect(preview.getByRole('row')).toHaveCount(8);
  await expect(preview.getByRole('row').nth(1)).toContainText('Day 0');
  await expect(preview.getByRole('row').nth(7)).toContainText('Day 6');
  await expect(preview.getByRole('row').nth(7)).toContainText('Mar 8, 2026');
  await expectAccessible(page);
  await shot('schedule-editor');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  // The packet once on day 7 (C-040), reached from the packets.
  await go('customize/packets');
  await page.getByRole('link', { name: 'Schedule packet' }).click();
  await expect(page.getByRole('heading', { name: 'Schedules of Visit 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a schedule' }).click();
  await page.getByLabel('Start day').fill('7');
  await expect(page.getByTestId('schedule-summary')).toHaveText('Once on day 7');
  await expect(page.getByRole('table', { name: 'Study days' })).toContainText('Day 7');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  // Kept after a reload.
  await go(`data-capture-form/schedule-form?activityId=${surveyId}`);
  await page.reload();
  await expect(page.getByTestId('schedule-summary')).toHaveText('Every day from day 0 to day 6, open 1 day');

  // The packet with its form and schedule (C-042).
  await go('customize/packets');
  await page.getByRole('link', { name: 'View packet' }).click();
  const packet = page.getByTestId('packet-view');
  await expect(packet.getByRole('heading', { name: 'Visit 1' })).toBeVisible();
  await expect(packet.getByRole('link', { name: 'VITALS — Vital signs' })).toBeVisible();
  await expect(packet.getByTestId('schedule-summary')).toHaveText('Once on day 7');
  await expectAccessible(page);
  await shot('packet');

  // The form not scheduled anywhere (C-041): LABS, not VITALS (its packet is scheduled).
  await go('data-capture-form/unschedule-forms');
  const unscheduled = page.getByRole('table', { name: 'Unscheduled forms' });
  await expect(unscheduled).toContainText('LABS — Lab results');
  await expect(unscheduled).not.toContainText('VITALS');
  await expect(unscheduled.getByRole('link', { name: 'Schedule LABS' })).toBeVisible();
  await expectAccessible(page);
  await shot('unscheduled');

  await viewForm(page, studyId);

  // The order (C-053) and the lists per kind (C-058, C-059): the survey, and an empty state with its action.
  await go('customize/activity-order');
  await expect(page.getByTestId('version-activity-DAILY')).toContainText('1');
  await expect(page.getByRole('button', { name: 'Move up: DAILY — Daily diary' })).toBeDisabled();
  await expectAccessible(page);
  await go('customize/surveys');
  await expect(page.getByTestId('version-activity-DAILY')).toBeVisible();
  await go('customize/epros');
  await expect(page.getByTestId('empty')).toContainText('The study has none to add yet');

  // The form's revisions and the versions using them (C-037).
  await go('data-capture-form');
  await page.getByRole('link', { name: 'Revisions of VITALS' }).click();
  const revisions = page.getByRole('table', { name: 'Revisions of the form' });
  await expect(revisions.getByRole('row').nth(1)).toContainText('Revision 1');
  await expect(revisions.getByRole('row').nth(1)).toContainText('v1 (draft)');
  await expectAccessible(page);
});

/** The form view (C-035) of a form with no questions yet says so and links to the builder. */
async function viewForm(page: Page, studyId: string) {
  await page.goto(`/#/studies/${studyId}/data-capture-form`);
  await page.getByRole('link', { name: 'View VITALS' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Form' })).toBeVisible();
  await expect(page.getByTestId('form-preview')).toContainText('This revision has no questions yet');
  await expect(page.getByRole('link', { name: 'Edit in the form builder' })).toHaveAttribute(
    'href',
    new RegExp(`/studies/${studyId}/configure-new-form/`),
  );
}
