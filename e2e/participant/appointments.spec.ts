/**
 * The participant's visits (issue 15; F-002, F-008…F-028; decision F-appointments). participant.demo first finds no
 * visit and what happens next; the coordinator then books a video visit with the investigator at the investigator's
 * first free time (through the API, as the staff portal does); the participant sees it with its time in their own
 * time zone (the browser is in Tokyo, so a time shown in the browser's zone would differ), how it is held, with whom
 * and its status. Phone size; axe.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, participantSignIn, shot } from '../support';
import { bookVisit, staffApi } from '../telehealth-api';

test.use({ timezoneId: 'Asia/Tokyo' });

test('a participant sees their booked visit in their time zone with its status; before it, what happens next', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await participantSignIn(page);
  await page.getByRole('link', { name: 'Your visits' }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/appointments$/);
  await expect(page.getByRole('heading', { name: 'Your visits', level: 1 })).toBeVisible();
  await expect(
    page.getByText('No visits are booked yet. Your study team books your visits; they appear here.'),
  ).toBeVisible();
  await expectAccessible(page);

  // the coordinator books a 30-minute video visit at the investigator's first free time
  const crc = await staffApi(request, 'crc.demo');
  const { headers, studyId } = crc;
  const found = await (
    await request.get(`/api/v1/studies/${studyId}/participants?search=DEMO-US001-0001`, { headers })
  ).json();
  const participant = found.items[0] as { id: string; siteId: string };
  const team = await (
    await request.get(`/api/v1/studies/${studyId}/telehealth/team?siteId=${participant.siteId}`, { headers })
  ).json();
  const pi = team.items.find((m: { lastName: string }) => m.lastName === 'Investigator') as { id: string };
  const visit = (await bookVisit(request, crc, { participant, hostId: pi.id, visitType: 'videocall' })) as {
    startsAt: string;
    participantTimeZone: string;
  };
  const inTheirZone = new Intl.DateTimeFormat('en', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: visit.participantTimeZone,
  }).format(new Date(visit.startsAt));

  await page.reload();
  const card = page.getByRole('list', { name: 'Your visits' }).getByTestId('appointment');
  await expect(card).toHaveCount(1);
  await expect(page.getByText(`Times are shown in your time zone (${visit.participantTimeZone}).`)).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Video visit', level: 2 })).toBeVisible();
  await expect(card).toContainText(`${inTheirZone}, 30 minutes`);
  await expect(card).toContainText('With Priya Investigator, Boston Research Center');
  await expect(card).toContainText('Booked');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'participant-appointments');
  await expectAccessible(page);
  await context.close();
});
