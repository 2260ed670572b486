/**
 * The steps of a video visit that the call tests share (issue 15): booking one for participant.demo, the
 * participant answering from the portal, a staff member on the appointments, a remote video that plays.
 */
import { type Browser, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, participantSignIn, staffSignIn } from './support';
import { bookVisit, staffApi } from './telehealth-api';

export const media = { permissions: ['camera', 'microphone'] };

/** A remote video of this kind that shows frames. */
export async function expectPlaying(page: Page, testId: string) {
  const video = page.getByTestId(testId).locator('video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
}

/**
 * participant.demo, wherever earlier tests left them (another spec moves them to Madrid, which renames them): their
 * code from the portal, their site from the study admin; crc.demo is put on that site's team if not on it, given
 * hours there, and books a video visit with them.
 */
export async function bookVideoVisit(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const request = context.request;
  const login = await request.post('/api/v1/participant-auth/login', {
    data: { studyCode: 'DEMO', username: 'participant.demo', password: DEMO_PASSWORD, deviceId: 'e2e-call' },
  });
  const portal = { authorization: `Bearer ${(await login.json()).tokens.accessToken}` };
  const code = (
    (await (await request.get('/api/v1/participant/me', { headers: portal })).json()) as { participantId: string }
  ).participantId;
  const admin = await staffApi(request, 'studyadmin');
  const found = await (
    await request.get(`/api/v1/studies/${admin.studyId}/participants?search=${code}`, { headers: admin.headers })
  ).json();
  const participant = found.items[0] as { id: string; siteId: string };
  const crc = await staffApi(request, 'crc.demo');
  const me = (await (await request.get('/api/v1/me', { headers: crc.headers })).json()) as { id: string };
  // already on the team of Boston; on another site's team once added (a second time is refused, which is fine)
  await request.post(`/api/v1/studies/${admin.studyId}/team`, {
    headers: admin.headers,
    data: { userId: me.id, role: 'StudyCoordinator', siteId: participant.siteId },
  });
  // the colleague added mid-call: Priya Investigator, on the same site's team
  const pi = await staffApi(request, 'pi.demo');
  const piMe = (await (await request.get('/api/v1/me', { headers: pi.headers })).json()) as { id: string };
  await request.post(`/api/v1/studies/${admin.studyId}/team`, {
    headers: admin.headers,
    data: { userId: piMe.id, role: 'Pi', siteId: participant.siteId },
  });
  const hours = await request.put(
    `/api/v1/studies/${crc.studyId}/telehealth/availability/${participant.siteId}/${me.id}`,
    {
      headers: crc.headers,
      data: {
        timeZone: 'UTC',
        windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' })),
      },
    },
  );
  expect(hours.status(), await hours.text()).toBe(200);
  await bookVisit(request, crc, { participant, hostId: me.id, visitType: 'telehealth' });
  await context.close();
  return { studyId: crc.studyId, code, participantId: participant.id, piPassword: pi.password };
}

/** Where a browser of the call goes: another server than the run's, a script run before each page's own. */
export interface CallBrowserOptions {
  baseURL?: string;
  initScript?: string;
}

async function callContext(browser: Browser, viewport: { width: number; height: number }, o: CallBrowserOptions) {
  // a `baseURL` of undefined would unset the run's
  const context = await browser.newContext({ ...media, ...(o.baseURL ? { baseURL: o.baseURL } : {}), viewport });
  if (o.initScript) await context.addInitScript(o.initScript);
  return context;
}

/** participant.demo signs in to the portal, sees the incoming call on their visits and joins it. */
export async function answerFromPortal(browser: Browser, options: CallBrowserOptions = {}) {
  const participantContext = await callContext(browser, { width: 390, height: 844 }, options);
  const participant = await participantContext.newPage();
  await participantSignIn(participant);
  await participant.getByRole('link', { name: 'Your visits' }).click();
  const incoming = participant.getByTestId('incoming-call');
  await expect(incoming).toContainText('Your study team is video calling you. Tap to join call.');
  await incoming.getByRole('button', { name: 'Join call' }).click();
  return { participantContext, participant };
}

/** A staff member signed in, on the study's telehealth appointments. */
export async function staffOnAppointments(
  browser: Browser,
  username: string,
  studyId: string,
  options: CallBrowserOptions & { password?: string } = {},
) {
  const context = await callContext(browser, { width: 1440, height: 900 }, options);
  const page = await context.newPage();
  await staffSignIn(page, username, options.password);
  await expect(page.getByText('Trialpath Demo Study')).toBeVisible();
  await page.goto(`/#/studies/${studyId}/telehealth/appointments`);
  await expect(page.getByRole('heading', { name: 'Telehealth appointments', level: 1 })).toBeVisible();
  return { context, page };
}

/** From the appointments, a video call with the participant of this code, nobody else invited: its call panel. */
export async function callNow(page: Page, code: string) {
  await page
    .getByRole('button', { name: `Start a video call with ${code}` })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: `Video call with ${code}` })
    .getByRole('button', { name: 'Call Now' })
    .click();
  return page.getByRole('complementary', { name: `Video call with ${code}` });
}
