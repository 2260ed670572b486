/**
 * Telehealth appointments and availability (issue 15; F-003, F-004; decision F-appointments). The demo study's
 * coordinator (crc.demo, in Chicago while their hours are kept in New York time) sets their weekly hours — an
 * overlapping window is refused with the server's message next to it and nothing typed is lost — then, in the
 * study's test environment (so the live participants other journeys sign in as keep no appointments), books an
 * unscheduled video visit at a free time, sees it in the list in their zone and the participant's, changes it with
 * a reason and cancels another with a reason. The list is seen at phone width too.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, shot, staffSignIn } from '../support';

test.use({ timezoneId: 'America/Chicago' });

/** A Monday at least two days ahead (YYYY-MM-DD): the seeded hours hold it, and every time of it is still to come. */
function comingMonday(): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

async function openStudy(page: Page) {
  await staffSignIn(page, 'crc.demo');
  await page.getByText('Trialpath Demo Study').click();
  const nav = page.getByRole('navigation', { name: 'Study navigation' });
  await expect(nav).toBeVisible();
  return nav;
}

test('a coordinator sets their hours, books, changes and cancels telehealth appointments', async ({ page }) => {
  test.setTimeout(120_000);
  const nav = await openStudy(page);
  const dashboard = page.url();

  // ── availability: their own hours at their site, read in New York time ──
  await nav.getByRole('link', { name: 'Telehealth availability' }).click();
  await expect(page.getByRole('heading', { name: 'Telehealth availability', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Team member' })).toHaveValue(/^Carlos Coordinator/);
  const editor = page.getByRole('region', { name: /^Carlos Coordinator · / });
  await expect(editor.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York');
  const monday = editor.getByRole('group', { name: 'Monday' });
  await expect(monday.getByLabel('From, Monday window 1')).toHaveValue('09:00');
  await expect(monday.getByLabel('To, Monday window 1')).toHaveValue('17:00');

  // a second Monday window that overlaps the first is refused by the server, the message at the window
  await monday.getByRole('button', { name: 'Add hours on Monday' }).click();
  await monday.getByLabel('From, Monday window 2').fill('12:00');
  await monday.getByLabel('To, Monday window 2').fill('19:00');
  await editor.getByRole('button', { name: 'Save availability' }).click();
  await expect(editor.getByRole('alert')).toHaveText('The availability was not saved. Check the marked fields.');
  await expect(
    monday.getByText('Two windows of the same day overlap. Join them into one or change one of them.'),
  ).toBeVisible();
  await expect(monday.getByLabel('From, Monday window 2')).toHaveValue('12:00');
  await expect(monday.getByLabel('To, Monday window 2')).toHaveValue('19:00');
  await shot(page, 'staff-telehealth-availability-refused-1280');
  await expectAccessible(page);

  // moved to the evening it is saved, and the week shows who saved it
  await monday.getByLabel('From, Monday window 2').fill('18:00');
  await editor.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Availability of Carlos Coordinator saved.')).toBeVisible();
  await expect(editor.getByText(/^Last saved by Carlos Coordinator, /)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Telehealth team of this site' })).toContainText(
    'Mon 09:00–17:00, 18:00–19:00',
  );
  await shot(page, 'staff-telehealth-availability-saved-1280');

  // ── appointments, in the study's test environment ──
  await page.goto(dashboard);
  await nav.getByRole('link', { name: 'Test environment' }).click();
  await expect(page).toHaveURL(/\/test\/dashboard$/);
  await nav.getByRole('link', { name: 'Telehealth appointments' }).click();
  await expect(page.getByRole('heading', { name: 'Telehealth appointments', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/test\/telehealth\/appointments$/);
  await expect(page.getByText('No appointments yet — book one')).toBeVisible();
  await shot(page, 'staff-telehealth-appointments-empty-1280');
  await expectAccessible(page);

  const date = comingMonday();
  const book = async (time: RegExp) => {
    await page.getByRole('button', { name: 'Book appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book appointment' });
    await dialog.getByRole('combobox', { name: 'Participant' }).fill('TEST');
    await page.getByRole('option', { name: /^TEST-US001-0001 · / }).click();
    await dialog.getByRole('combobox', { name: 'Visit type' }).click();
    await page.getByRole('option', { name: 'Video call' }).click();
    await expect(dialog.getByRole('combobox', { name: 'For' })).toHaveValue('Unscheduled');
    await expect(dialog.getByRole('combobox', { name: 'Host' })).toHaveValue(/^Carlos Coordinator/);
    await dialog.getByLabel('Date').fill(date);
    // free times in Chicago (the host's New York 09:00 is 08:00 here), with the participant's time (UTC) beside each
    const times = dialog.getByRole('group', {
      name: /^Free times on .*, shown in your time zone \(America\/Chicago\)$/,
    });
    await expect(times.getByRole('button', { name: '08:00 (yours) · 14:00 participant, UTC' })).toBeVisible();
    await times.getByRole('button', { name: time }).click();
    return dialog;
  };

  // the first: 10:00 in New York is 09:00 in Chicago
  let dialog = await book(/^09:00 \(yours\)/);
  await dialog.getByLabel('Note').fill('First video visit');
  // F-037: this visit is not to be recorded
  await dialog.getByRole('checkbox', { name: 'This visit may be recorded' }).uncheck();
  await shot(page, 'staff-telehealth-book-1280');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Appointment booked for TEST-US001-0001, /)).toBeVisible();
  const table = page.getByRole('table', { name: 'Appointments' });
  const first = table.getByRole('row').filter({ hasText: 'First video visit' });
  // the time in the coordinator's zone and the participant's, named
  await expect(first).toContainText(/09:00 \(yours\) · \d\d:\d\d participant, [A-Za-z_/]+/);
  await expect(first).toContainText('Carlos Coordinator');
  await expect(first).toContainText('Video call · 30 min');
  await expect(first).toContainText('Unscheduled');
  await expect(first).toContainText('Booked');

  // the second, at 11:00 New York time
  dialog = await book(/^10:00 \(yours\)/);
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row')).toHaveCount(3);
  // the times taken are no longer offered
  await page.getByRole('button', { name: 'Book appointment' }).click();
  dialog = page.getByRole('dialog', { name: 'Book appointment' });
  await dialog.getByRole('combobox', { name: 'Participant' }).fill('TEST');
  await page.getByRole('option', { name: /^TEST-US001-0001 · / }).click();
  await dialog.getByLabel('Date').fill(date);
  await expect(dialog.getByRole('button', { name: /^08:00 \(yours\)/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^09:00 \(yours\)/ })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: /^10:00 \(yours\)/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close without saving' }).click();
  await shot(page, 'staff-telehealth-appointments-1280');

  // ── change the first to 13:00 (Chicago), with a reason ──
  await page.getByRole('button', { name: /^Change the appointment of TEST-US001-0001, .*09:00$/ }).click();
  dialog = page.getByRole('dialog', { name: 'Change appointment' });
  await expect(dialog.getByRole('checkbox', { name: 'This visit may be recorded' })).not.toBeChecked();
  await dialog.getByRole('button', { name: /^13:00 \(yours\) · \d\d:\d\d participant, / }).click();
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(dialog.getByText('Write why the appointment changes.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason for the change' }).fill('Participant asked for the afternoon');
  await shot(page, 'staff-telehealth-change-1280');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Appointment of TEST-US001-0001 changed.')).toBeVisible();
  await expect(first).toContainText(/13:00 \(yours\) · \d\d:\d\d participant, /);

  // ── cancel the second, with a reason ──
  await page.getByRole('button', { name: /^Cancel the appointment of TEST-US001-0001, .*10:00$/ }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel appointment' });
  await expect(cancel).toContainText('The participant is told by e-mail.');
  await cancel.getByRole('textbox', { name: 'Reason for cancelling' }).fill('Host on leave');
  await expectAccessible(page);
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(cancel).toBeHidden();
  const second = table.getByRole('row').filter({ hasText: 'Reason: Host on leave' });
  await expect(second).toContainText('Cancelled');
  await expect(second.getByRole('button')).toHaveCount(0);
  await expect(first).toContainText('Booked');
  await shot(page, 'staff-telehealth-appointments-changed-1280');

  // how a visit ended is asked only once its time has come
  await expect(first.getByRole('button', { name: /^Change the appointment/ })).toBeVisible();
  await expect(first.getByRole('button', { name: /^Record the outcome/ })).toHaveCount(0);

  // the filters: cancelled ones only
  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Host on leave');

  // ── at phone width: one card per appointment ──
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('article', { name: /^TEST-US001-0001, .*13:00$/ })).toContainText('Booked');
  await shot(page, 'staff-telehealth-appointments-390');
  await expectAccessible(page);
});
