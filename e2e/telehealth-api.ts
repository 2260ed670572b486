/**
 * Telehealth set-up through the API, as the staff portal does it (issue 15): a staff member's token and the DEMO
 * study, and a 30-minute visit booked at the host's first free time in the next two weeks.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD, PI_RENEWED_PASSWORD } from './support';

/**
 * A staff member's token, the DEMO study and the password that signed them in (pi.demo's is the renewed one once
 * the password-reset journey has run: browser tests share one database).
 */
export async function staffApi(request: APIRequestContext, username: string) {
  const passwords = username === 'pi.demo' ? [DEMO_PASSWORD, PI_RENEWED_PASSWORD] : [DEMO_PASSWORD];
  let login = await request.post('/api/v1/auth/login', { data: { username, password: passwords[0] } });
  let password = passwords[0]!;
  if (login.status() !== 200 && passwords[1]) {
    password = passwords[1];
    login = await request.post('/api/v1/auth/login', { data: { username, password } });
  }
  expect(login.status(), `${username} signs in`).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).tokens.accessToken}` };
  const studies = await (await request.get('/api/v1/studies?search=DEMO', { headers })).json();
  const studyId = studies.items.find((s: { code: string }) => s.code === 'DEMO').id as string;
  return { headers, studyId, password };
}

export async function bookVisit(
  request: APIRequestContext,
  staff: { headers: Record<string, string>; studyId: string },
  visit: { participant: { id: string; siteId: string }; hostId: string; visitType: string },
) {
  const day = (plus: number) => new Date(Date.now() + plus * 86_400_000).toISOString().slice(0, 10);
  const { headers, studyId } = staff;
  const slots = await (
    await request.get(
      `/api/v1/studies/${studyId}/telehealth/slots?siteId=${visit.participant.siteId}&hostId=${visit.hostId}&from=${day(1)}&to=${day(14)}&minutes=30`,
      { headers },
    )
  ).json();
  const booked = await request.post(`/api/v1/studies/${studyId}/telehealth/appointments`, {
    headers,
    data: {
      participantId: visit.participant.id,
      hostId: visit.hostId,
      visitType: visit.visitType,
      startsAt: slots.items[0].startsAt,
      minutes: 30,
    },
  });
  expect(booked.status()).toBe(200);
  return booked.json();
}
