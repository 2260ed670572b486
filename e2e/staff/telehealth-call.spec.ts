/**
 * A video visit end to end (issue 15; F-002, F-029, F-044, F-049…F-062, F-065, F-066; decision F-calls): the
 * coordinator starts a call from a booked video appointment (the team picker lists the site's telehealth team but
 * themselves), waits for the participant beside the page (74% / 26%); the participant sees the incoming call in the
 * portal and joins; each sees the other's (fake) camera; the coordinator leaves, confirms, and the participant is
 * told the meeting has ended. Two browsers, real WebRTC between them, signalling through the API. Midway the
 * coordinator records with the participant's consent (decision F-recording); the MP4 the server makes is checked.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS } from '../chromium';
import { probeMp4 } from '../own-servers';
import { participantSignIn, shot, staffSignIn } from '../support';
import { staffApi } from '../telehealth-api';
import {
  answerFromPortal,
  bookVideoVisit,
  callNow,
  expectPlaying,
  media,
  staffOnAppointments,
} from '../telehealth-steps';

test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] } });

const mainShare = (page: Page) => page.locator('#main').evaluate((m) => m.getBoundingClientRect().width / 1440);

test('a coordinator calls a participant by video; the participant joins from the portal; leaving ends the meeting', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { studyId, code, participantId } = await bookVideoVisit(browser, baseURL!);

  const staffContext = await browser.newContext({ ...media, viewport: { width: 1440, height: 900 } });
  const staff = await staffContext.newPage();
  await staffSignIn(staff, 'crc.demo');
  await expect(staff.getByText('Trialpath Demo Study')).toBeVisible();
  await staff.goto(`/#/studies/${studyId}/telehealth/appointments`);
  await expect(staff.getByRole('heading', { name: 'Telehealth appointments', level: 1 })).toBeVisible();
  await staff
    .getByRole('button', { name: `Start a video call with ${code}` })
    .first()
    .click();

  // the team picker: the site's telehealth team, not oneself
  const picker = staff.getByRole('dialog', { name: `Video call with ${code}` });
  await picker.getByRole('button', { name: 'Add Research Team Members' }).click();
  await expect(picker.getByRole('checkbox', { name: 'Priya Investigator · Principal Investigator' })).toBeVisible();
  await expect(picker.getByRole('checkbox', { name: /^Carlos Coordinator/ })).toHaveCount(0);
  await picker.getByRole('button', { name: 'Call Now' }).click();

  const panel = staff.getByRole('complementary', { name: `Video call with ${code}` });
  await expect(panel.getByText('Waiting for your participant to join')).toBeVisible();
  // F-044: the page keeps 74% of the width, the call 26%
  const mainWidth = await staff.locator('#main').evaluate((m) => m.getBoundingClientRect().width);
  expect(mainWidth / 1440).toBeCloseTo(0.74, 1);
  // F-108: the participant's devices rung again (F-107: none registered is said as a warning)
  await panel.getByRole('button', { name: 'Notify the participant again' }).click();
  await expect(
    staff
      .getByText('The participant was notified again.')
      .or(
        staff.getByText(
          'This participant has no phone or browser to notify. They see the call when they open the portal.',
        ),
      ),
  ).toBeVisible();
  await shot(staff, 'staff-call-notify-again');
  // ★ F-074: recording asked for before the participant is there: Pending, sent when they join
  await panel.getByRole('button', { name: 'Record this call (the participant is asked first)' }).click();
  await expect(staff.getByText('A recording request will be sent when the participant joins the call.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Recording request pending: cancel it' })).toBeVisible();

  const { participantContext, participant } = await answerFromPortal(browser);

  await expectPlaying(participant, 'remote-staff');
  await expectPlaying(staff, 'remote-participant');
  await expect(panel.getByText('Waiting for your participant to join')).toHaveCount(0);
  await shot(staff, 'staff-telehealth-call');
  await shot(participant, 'participant-telehealth-call');

  // ★ recording with the participant's consent (F-071 … F-078): the question, the timer, the stop
  const question = participant.getByRole('alertdialog');
  await expect(question).toContainText('Carlos Coordinator would like to record this video call. Do you agree?');
  await shot(participant, 'participant-recording-consent');
  await question.getByRole('button', { name: 'Allow recording' }).click();
  await expect(staff.getByText('Recording started')).toBeVisible();
  await expect(participant.getByRole('status').filter({ hasText: '● Recording' })).toBeVisible();
  const timer = panel.getByRole('button', { name: /^Recording \d\d:\d\d:\d\d: stop$/ });
  await expect(timer).toBeVisible();
  // ten seconds recorded (issue 15's proof)
  await expect(timer).toHaveAccessibleName(/00:00:1\d/, { timeout: 20_000 });
  await shot(staff, 'staff-call-recording');
  await timer.click();
  const stopDialog = staff.getByRole('dialog', { name: 'Stop recording' });
  await expect(stopDialog).toContainText('Stop recording this call? What was recorded is kept.');
  await stopDialog.getByRole('button', { name: 'Stop recording' }).click();
  await expect(staff.getByText('Recording ended')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Record this call (the participant is asked first)' })).toBeVisible();
  await expect(participant.getByRole('status').filter({ hasText: '● Recording' })).toHaveCount(0);
  // asked again, now that the participant is there; this time they say no (F-076)
  await panel.getByRole('button', { name: 'Record this call (the participant is asked first)' }).click();
  await expect(staff.getByText('Recording request sent')).toBeVisible();
  await participant.getByRole('alertdialog').getByRole('button', { name: 'Don’t allow' }).click();
  await expect(staff.getByText('Recording request denied')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Record this call (the participant is asked first)' })).toBeVisible();

  // the coordinator mutes, then leaves: asked first, then the meeting ends for the participant too
  await panel.getByRole('button', { name: 'Mute microphone' }).click();
  await expect(panel.getByRole('button', { name: 'Unmute microphone' })).toBeVisible();
  await panel.getByRole('button', { name: 'Leave meeting' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Leave meeting' });
  await expect(confirm).toContainText('Are you sure you want to end the call?');
  await confirm.getByRole('button', { name: 'End call' }).click();
  await expect(panel).toHaveCount(0);
  await expect(participant.getByText('This meeting has been ended')).toBeVisible();
  expect(await staff.locator('#main').evaluate((m) => m.getBoundingClientRect().width)).toBeGreaterThan(1400);

  // the recording is put together by the server's job: an MP4 of the seconds recorded (ffprobe)
  const crc = await staffApi(staffContext.request, 'crc.demo');
  const list = `/api/v1/studies/${studyId}/telehealth/recordings?participantId=${participantId}`;
  let ready: { id: string; archiveDuration: number } | undefined;
  await expect
    .poll(
      async () => {
        const got = await (await staffContext.request.get(list, { headers: crc.headers })).json();
        const items = got.items as {
          id: string;
          mediaState: string;
          archiveDuration: number;
        }[];
        ready = items.filter((r) => r.mediaState === 'READY').at(-1);
        return Boolean(ready);
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  const opened = await staffContext.request.post(`/api/v1/studies/${studyId}/telehealth/recordings/${ready!.id}/open`, {
    headers: crc.headers,
    data: { purpose: 'download' },
  });
  const file = path.join(test.info().outputPath(), 'recording.mp4');
  writeFileSync(file, await (await staffContext.request.get((await opened.json()).url)).body());
  const probed = probeMp4(file);
  expect(Number(probed.format.duration)).toBeGreaterThan(9);
  expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 });
  expect(probed.streams.some((s) => s.codec_type === 'audio')).toBe(true);

  // ★ playback beside the page (F-088 … F-098, F-048) and the download behind its warning (F-099 … F-102, F-149, F-151)
  // the coordinator comes back to the appointments later: the visit is complete, with its recording
  await staff.goto(`/#/studies/${studyId}/telehealth/appointments`);
  await staff.reload();
  await staff
    .getByRole('button', { name: `Play the recordings of ${code}’s visit` })
    .first()
    .click();
  const player = staff.getByRole('complementary', { name: `Recordings of ${code}` });
  await expect(player.getByText('Record date')).toBeVisible();
  expect((await staff.locator('#main').evaluate((m) => m.getBoundingClientRect().width)) / 1440).toBeCloseTo(0.74, 1);
  await expect(player.getByTestId('playback-time')).toHaveText(/^00:00:00 \/ 00:00:(0[5-9]|1\d)$/);
  const playerVideo = player.locator('video');
  await player.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect.poll(() => playerVideo.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player.getByTestId('playback-time')).toHaveText(/^00:00:0[1-9] \//, { timeout: 10_000 });
  await player.getByRole('button', { name: 'Pause', exact: true }).click();
  // the seek bar: to the end, then back to the start
  const seek = player.getByRole('slider', { name: 'Position in the recording' });
  await seek.focus();
  await staff.keyboard.press('End');
  await expect(player.getByTestId('playback-time')).toHaveText(/^(00:00:(0[5-9]|1\d)) \/ \1$/);
  await expect.poll(() => playerVideo.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(4);
  await staff.keyboard.press('Home');
  await expect(player.getByTestId('playback-time')).toHaveText(/^00:00:00 \//);
  await expect.poll(() => playerVideo.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(1);
  await shot(staff, 'staff-recording-playback');
  await player.getByRole('button', { name: 'Full screen', exact: true }).click();
  await expect(player).toHaveCSS('width', '1440px');
  await player.getByRole('button', { name: 'Leave full screen' }).click();
  await player.getByRole('button', { name: 'Download', exact: true }).click();
  const warning = staff.getByRole('dialog', { name: 'Download video' });
  await expect(warning).toContainText('personal health information');
  await shot(staff, 'staff-recording-download-warning');
  await warning.getByRole('button', { name: 'Cancel download' }).click();
  await expect(warning).toHaveCount(0);
  await player.getByRole('button', { name: 'Download', exact: true }).click();
  const saved = staff.waitForEvent('download');
  await staff.getByRole('dialog', { name: 'Download video' }).getByRole('button', { name: 'I Understand' }).click();
  await expect(staff.getByText('Your download started.')).toBeVisible();
  expect((await saved).suggestedFilename()).toMatch(/\.mp4$/);
  await expect(staff.getByText('Download complete')).toBeVisible();
  await player.getByRole('button', { name: 'Close playback' }).click();
  await expect(player).toHaveCount(0);
  expect(await staff.locator('#main').evaluate((m) => m.getBoundingClientRect().width)).toBeGreaterThan(1400);

  await staffContext.close();
  await participantContext.close();
});

test('a colleague is added to the running call; three people see each other; one screen is shared at a time', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { studyId, code, participantId, piPassword } = await bookVideoVisit(browser, baseURL!);
  const crc = await staffOnAppointments(browser, 'crc.demo', studyId);
  const panel = await callNow(crc.page, code);
  const { participantContext, participant } = await answerFromPortal(browser);
  await expectPlaying(crc.page, 'remote-participant');

  // F-057, F-043, F-104, F-105: add members — none chosen is refused; Priya is invited
  await panel.getByRole('button', { name: 'Add members' }).click();
  const adding = crc.page.getByRole('dialog', { name: 'Add members to this call' });
  await expect(adding.getByRole('checkbox', { name: /^Priya Investigator/ })).toBeVisible();
  await expect(adding.getByRole('checkbox', { name: /^Carlos Coordinator/ })).toHaveCount(0);
  await adding.getByRole('button', { name: 'Call Now' }).click();
  await expect(adding.getByRole('alert')).toContainText('Please select members to add to this call.');
  await adding.getByRole('checkbox', { name: /^Priya Investigator/ }).check();
  await adding.getByRole('button', { name: 'Call Now' }).click();
  await expect(crc.page.getByText('Priya Investigator invited into the call.')).toBeVisible();
  await expect(adding).toHaveCount(0);
  // already in the call: not offered a second time
  await panel.getByRole('button', { name: 'Add members' }).click();
  await expect(adding.getByRole('checkbox', { name: /^Priya Investigator/ })).toHaveCount(0);
  await adding.getByRole('button', { name: 'Cancel' }).click();
  await expect(adding).toHaveCount(0);

  // Priya finds the call among her running calls and joins: three people, each sees the two others
  const pi = await staffOnAppointments(browser, 'pi.demo', studyId, { password: piPassword });
  await pi.page.getByRole('button', { name: `Join the video call with ${code}` }).click();
  const piPanel = pi.page.getByRole('complementary', { name: `Video call with ${code}` });
  await expectPlaying(pi.page, 'remote-participant');
  await expect
    .poll(() => participant.getByTestId('remote-staff').locator('video').count(), { timeout: 20_000 })
    .toBe(2);
  await expect
    .poll(() =>
      crc.page
        .getByTestId('remote-staff')
        .locator('video')
        .evaluate((v: HTMLVideoElement) => v.videoWidth),
    )
    .toBeGreaterThan(0);
  await shot(participant, 'participant-call-three-people');

  // F-053, F-055: the others see a camera turned off and a muted microphone; F-054: the speaker silences the others
  await panel.getByRole('button', { name: 'Turn camera off' }).click();
  await expect(participant.getByText('Carlos Coordinator · camera off')).toBeVisible();
  await piPanel.getByRole('button', { name: 'Mute microphone' }).click();
  await expect(panel.getByText('Priya Investigator · muted')).toBeVisible();
  await panel.getByRole('button', { name: 'Turn camera on' }).click();
  await expect(participant.getByText('Carlos Coordinator', { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Mute speaker' }).click();
  const heard = () =>
    panel.locator('[data-testid^="remote-"] video').evaluateAll((vs) => vs.map((v) => (v as HTMLVideoElement).muted));
  await expect.poll(heard).toEqual([true, true]);
  await panel.getByRole('button', { name: 'Unmute speaker' }).click();
  await expect.poll(heard).toEqual([false, false]);
  // F-059, F-047: the call in full screen, and back beside the page
  await panel.getByRole('button', { name: 'Full screen' }).click();
  await expect(panel).toHaveCSS('width', '1440px');
  await panel.getByRole('button', { name: 'Leave full screen' }).click();
  await expect.poll(() => mainShare(crc.page)).toBeCloseTo(0.74, 1);

  // F-058, F-046: the coordinator shares their screen; their page takes the whole width, the call floats small
  await panel.getByRole('button', { name: 'Share screen' }).click();
  await expect(panel.getByRole('button', { name: 'Stop sharing screen' })).toBeVisible();
  await expect.poll(() => mainShare(crc.page)).toBeGreaterThan(0.97);
  await expect(piPanel.getByText('Carlos Coordinator is sharing their screen')).toBeVisible();
  const shared = participant.locator('[data-testid="remote-staff"][data-screen="true"] video');
  // the screen's frames, not the fake camera's 640 × 480
  await expect
    .poll(() => shared.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(1000);
  await shot(crc.page, 'staff-call-sharing-screen');
  await shot(pi.page, 'staff-call-sees-shared-screen');
  // F-069, F-143: one at a time
  await piPanel.getByRole('button', { name: 'Share screen' }).click();
  await expect(pi.page.getByText('The current screen sharing has to be stopped')).toBeVisible();
  await expect(piPanel.getByRole('button', { name: 'Share screen' })).toBeVisible();
  await panel.getByRole('button', { name: 'Stop sharing screen' }).click();
  await expect(piPanel.getByText('Carlos Coordinator is sharing their screen')).toHaveCount(0);
  await expect.poll(() => mainShare(crc.page)).toBeCloseTo(0.74, 1);
  await expect(shared).toHaveCount(0);
  // F-134: the browser's question answered no; F-142: a browser that cannot share a screen
  await pi.page.evaluate(() => {
    navigator.mediaDevices.getDisplayMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await piPanel.getByRole('button', { name: 'Share screen' }).click();
  await expect(pi.page.getByText('Screen sharing has been declined')).toBeVisible();
  await pi.page.evaluate(() => {
    (navigator.mediaDevices as { getDisplayMedia?: unknown }).getDisplayMedia = undefined;
  });
  await piPanel.getByRole('button', { name: 'Share screen' }).click();
  await expect(pi.page.getByText('This browser does not support screen sharing')).toBeVisible();

  // two short recordings, each with the participant's consent: the playback steps between them (F-090)
  for (const _ of [1, 2]) {
    await panel.getByRole('button', { name: 'Record this call (the participant is asked first)' }).click();
    await participant.getByRole('alertdialog').getByRole('button', { name: 'Allow recording' }).click();
    const timer = panel.getByRole('button', { name: /^Recording \d\d:\d\d:\d\d: stop$/ });
    await expect(timer).toHaveAccessibleName(/00:00:0[3-9]/, { timeout: 15_000 });
    await timer.click();
    await crc.page
      .getByRole('dialog', { name: 'Stop recording' })
      .getByRole('button', { name: 'Stop recording' })
      .click();
    await expect(
      panel.getByRole('button', { name: 'Record this call (the participant is asked first)' }),
    ).toBeVisible();
  }

  // the coordinator ends the call for everyone — after first changing their mind (F-061 'Cancel')
  await panel.getByRole('button', { name: 'Leave meeting' }).click();
  await crc.page.getByRole('dialog', { name: 'Leave meeting' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(crc.page.getByRole('dialog', { name: 'Leave meeting' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Leave meeting' })).toBeVisible();
  await panel.getByRole('button', { name: 'Leave meeting' }).click();
  await crc.page.getByRole('dialog', { name: 'Leave meeting' }).getByRole('button', { name: 'End call' }).click();
  await expect(participant.getByText('This meeting has been ended')).toBeVisible();
  await expect(piPanel.getByText('This meeting has been ended')).toBeVisible();
  await Promise.all([pi.context.close(), participantContext.close()]);

  // both recordings ready: the player says which of the two it shows; next and previous go round
  const api = await staffApi(crc.context.request, 'crc.demo');
  const list = `/api/v1/studies/${studyId}/telehealth/recordings?participantId=${participantId}`;
  let appointmentId = '';
  let recordingIds: string[] = [];
  await expect
    .poll(
      async () => {
        const got = await (await crc.context.request.get(list, { headers: api.headers })).json();
        const items = got.items as {
          id: string;
          appointmentId: string;
          mediaState: string;
          createdAt: string;
        }[];
        const latest = items.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        appointmentId = latest?.appointmentId ?? '';
        const ready = items.filter((r) => r.appointmentId === appointmentId && r.mediaState === 'READY');
        recordingIds = ready.map((r) => r.id);
        return ready.length;
      },
      { timeout: 90_000 },
    )
    .toBe(2);
  await crc.page.reload();
  await crc.page
    .getByRole('button', { name: `Play the recordings of ${code}’s visit` })
    .filter({ hasText: 'Recordings (2)' })
    .first()
    .click();
  const player = crc.page.getByRole('complementary', { name: `Recordings of ${code}` });
  await expect(player.getByText(/Record date: .* · 1 of 2/)).toBeVisible();
  const first = await player.getByTestId('record-date').textContent();
  await player.getByRole('button', { name: 'Next recording' }).click();
  await expect(player.getByText(/ · 2 of 2/)).toBeVisible();
  await shot(crc.page, 'staff-recording-playback-second');
  await player.getByRole('button', { name: 'Next recording' }).click();
  await expect(player.getByText(/ · 1 of 2/)).toBeVisible();
  await player.getByRole('button', { name: 'Previous recording' }).click();
  await expect(player.getByText(/ · 2 of 2/)).toBeVisible();
  await player.getByRole('button', { name: 'Previous recording' }).click();
  await expect(player.getByTestId('record-date')).toHaveText(first ?? '');
  await player.getByRole('button', { name: 'Close playback' }).click();

  // F-005: a recording's own address opens it in the player beside the appointments
  await crc.page.goto(`/#/studies/${studyId}/archive/${recordingIds[1]}/view-video`);
  await expect(crc.page).toHaveURL(/telehealth\/appointments$/);
  await expect(player.getByText(/ · 2 of 2/)).toBeVisible();
  await player.getByRole('button', { name: 'Close playback' }).click();
  // the address of a recording this person may not see says so, with the way back
  await crc.page.goto(`/#/studies/${studyId}/archive/00000000-0000-4000-8000-000000000000/view-video`);
  await expect(crc.page.getByRole('heading', { name: 'Recording', level: 1 })).toBeVisible();
  await expect(crc.page.getByRole('alert')).toBeVisible();
  await shot(crc.page, 'staff-recording-link-refused');
  await crc.page.getByRole('link', { name: 'Telehealth appointments' }).click();
  await expect(crc.page.getByRole('heading', { name: 'Telehealth appointments', level: 1 })).toBeVisible();
  await crc.context.close();
});

test('a camera refused or held by another program starts no call; the network gone and a declined call are said', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { studyId, code } = await bookVideoVisit(browser, baseURL!);
  const crc = await staffOnAppointments(browser, 'crc.demo', studyId);
  const picker = crc.page.getByRole('dialog', { name: `Video call with ${code}` });
  const panel = crc.page.getByRole('complementary', { name: `Video call with ${code}` });
  const failCamera = (name: string) =>
    crc.page.evaluate((n) => {
      const w = window as unknown as { realCamera?: MediaDevices['getUserMedia'] };
      w.realCamera ??= navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('no camera', n));
    }, name);
  await crc.page
    .getByRole('button', { name: `Start a video call with ${code}` })
    .first()
    .click();

  // F-133: the browser refuses the camera and microphone: said in the picker, no call started, nothing lost
  await failCamera('NotAllowedError');
  await picker.getByRole('button', { name: 'Call Now' }).click();
  await expect(picker.getByRole('alert')).toHaveText(
    'Please grant access to camera and microphone in order to start the call',
  );
  // F-136, F-137: the camera is held by another program
  await failCamera('NotReadableError');
  await picker.getByRole('button', { name: 'Call Now' }).click();
  await expect(picker.getByRole('alert')).toHaveText(
    'Your camera or microphone could not be started. Check that they are connected and not in use by another program, then call again.',
  );
  await shot(crc.page, 'staff-call-camera-unavailable');
  await expect(panel).toHaveCount(0);

  // the camera is back: the same visit is called; F-135: the network goes while it rings
  await crc.page.evaluate(() => {
    const w = window as unknown as { realCamera: MediaDevices['getUserMedia'] };
    navigator.mediaDevices.getUserMedia = w.realCamera;
  });
  await picker.getByRole('button', { name: 'Call Now' }).click();
  await expect(panel.getByText('Waiting for your participant to join')).toBeVisible();
  await crc.context.setOffline(true);
  await expect(
    crc.page.getByText('You are not connected to the internet. Check your network connection.'),
  ).toBeVisible();
  await crc.context.setOffline(false);

  // F-140: the participant declines
  const participantContext = await browser.newContext({ ...media, viewport: { width: 390, height: 844 } });
  const participant = await participantContext.newPage();
  await participantSignIn(participant);
  await participant.getByRole('link', { name: 'Your visits' }).click();
  await participant.getByTestId('incoming-call').getByRole('button', { name: 'Decline' }).click();
  await expect(panel.getByText('Your participant declined your video call invite')).toBeVisible();
  await shot(crc.page, 'staff-call-declined');
  await Promise.all([crc.context.close(), participantContext.close()]);
});
