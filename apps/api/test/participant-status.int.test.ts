/**
 * Participant status changes by staff (E-031…E-049; decision E-046): allowed changes only, from the status the
 * person saw, with a reason (and a reason code for a screen failure or a way out); kept, audited, and a participant
 * who leaves gets no activities or reminders.
 */
import {
  changeParticipantStatus,
  disqualifyParticipant,
  listParticipantStatusChanges,
  listParticipants,
  listParticipantTasks,
  setParticipantActiveWithoutApp,
  withdrawParticipant,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  for (const u of ['crc.demo', 'cra.demo', 'pi.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const participant = (code: string) => idOf(t.db, 'participants', { participant_code: code });
const change = async (user: string, code: string, body: Record<string, unknown>) =>
  call(t.app, changeParticipantStatus, {
    params: { studyId: demo, participantId: await participant(code) },
    body,
    token: tokens[user],
  });
const statusOf = async (code: string) =>
  (
    await t.db
      .selectFrom('participants')
      .select('status')
      .where('participant_code', '=', code)
      .executeTakeFirstOrThrow()
  ).status;

describe('participant status changes', () => {
  it('moves an imported participant into screening, then fails the screening with its reason; kept and audited', async () => {
    const screening = await change('crc.demo', 'DEMO-US001-0003', {
      status: 'SCREENING',
      expectedStatus: 'NOTINVITED',
      reason: 'Screening visit booked',
    });
    expect(screening.status).toBe(200);
    expect(screening.json).toMatchObject({
      status: 'SCREENING',
      change: { fromStatus: 'NOTINVITED', toStatus: 'SCREENING', reasonCode: null, changedBy: 'Carlos Coordinator' },
    });
    const failed = await change('crc.demo', 'DEMO-US001-0003', {
      status: 'SCREENFAILED',
      expectedStatus: 'SCREENING',
      reason: 'HbA1c above the limit',
      reasonCode: 'INCLUSION_NOT_MET',
    });
    expect(failed.status).toBe(200);
    expect(await statusOf('DEMO-US001-0003')).toBe('SCREENFAILED');
    const history = await call(t.app, listParticipantStatusChanges, {
      params: { studyId: demo, participantId: await participant('DEMO-US001-0003') },
      token: tokens['cra.demo'],
    });
    expect(history.json.status).toBe('SCREENFAILED');
    expect(
      history.json.items.map((c: { toStatus: string; reasonCode: string | null }) => [c.toStatus, c.reasonCode]),
    ).toEqual([
      ['SCREENFAILED', 'INCLUSION_NOT_MET'],
      ['SCREENING', null],
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after', 'reason'])
      .where('action', '=', 'participant.status.change')
      .where('entity_id', '=', await participant('DEMO-US001-0003'))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        before: { status: 'NOTINVITED' },
        after: { status: 'SCREENING', reasonCode: null },
        reason: 'Screening visit booked',
      },
      {
        before: { status: 'SCREENING' },
        after: { status: 'SCREENFAILED', reasonCode: 'INCLUSION_NOT_MET' },
        reason: 'HbA1c above the limit',
      },
    ]);
    // and the list shows it at once, its total kept alike
    const listed = await call(t.app, listParticipants, {
      params: { studyId: demo },
      query: { filter: 'SCREENFAILED' },
      token: tokens['crc.demo'],
    });
    expect(listed.json.items.map((p: { participantId: string }) => p.participantId)).toEqual(['DEMO-US001-0003']);
    expect(listed.json.total).toBe(1);
  });

  it('refuses a change not allowed from the current status, with its message, and changes nothing', async () => {
    const r = await change('crc.demo', 'DEMO-US001-0003', {
      status: 'ACTIVE',
      expectedStatus: 'NOTINVITED',
      reason: 'Straight to active',
    });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe("This change is not allowed from the participant's current status.");
    expect(Object.keys(r.json.fieldErrors)).toEqual(['status']);
    expect(await statusOf('DEMO-US001-0003')).toBe('NOTINVITED');
  });

  it('refuses a change made from a status someone else has changed meanwhile (not lost, not overwritten)', async () => {
    await change('pi.demo', 'DEMO-US001-0001', {
      status: 'ACTIVEWMODIFICATION',
      expectedStatus: 'ACTIVE',
      reason: 'Visit schedule adapted',
    });
    const late = await change('crc.demo', 'DEMO-US001-0001', {
      status: 'DISCONTINUED',
      expectedStatus: 'ACTIVE',
      reason: 'Moved away',
      reasonCode: 'LOST_TO_FOLLOW_UP',
    });
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(
      "Someone changed this participant's status while you were working. Reload to see the current status.",
    );
    expect(await statusOf('DEMO-US001-0001')).toBe('ACTIVEWMODIFICATION');
  });

  it('asks a reason code for a screen failure and a way out, one that fits the status, and a reason of 3 characters', async () => {
    const noCode = await change('crc.demo', 'DEMO-US001-0001', {
      status: 'WITHDRAWSTUDY',
      expectedStatus: 'ACTIVE',
      reason: 'Asked to stop',
    });
    expect(noCode.status).toBe(400);
    expect(noCode.json.fieldErrors).toEqual({ reasonCode: ['Choose a reason from the list.'] });
    const wrongCode = await change('crc.demo', 'DEMO-US001-0001', {
      status: 'WITHDRAWSTUDY',
      expectedStatus: 'ACTIVE',
      reason: 'Asked to stop',
      reasonCode: 'EXCLUSION_MET',
    });
    expect(wrongCode.json.fieldErrors).toEqual({ reasonCode: ['This reason does not apply to that status.'] });
    const short = await change('crc.demo', 'DEMO-US001-0001', {
      status: 'ACTIVEWITHOUTAPP',
      expectedStatus: 'ACTIVE',
      reason: ' x ',
    });
    expect(short.status).toBe(400);
    expect(Object.keys(short.json.fieldErrors)).toEqual(['reason']);
    expect(await statusOf('DEMO-US001-0001')).toBe('ACTIVE');
  });

  it('the calls of 000 §4: disqualify, active without app, withdraw; a participant who leaves gets no activities', async () => {
    const params = async (code: string) => ({ studyId: demo, participantId: await participant(code) });
    const without = await call(t.app, setParticipantActiveWithoutApp, {
      params: await params('DEMO-US001-0002'),
      body: { expectedStatus: 'ACTIVE', reason: 'No smartphone' },
      token: tokens['crc.demo'],
    });
    expect(without.json.status).toBe('ACTIVEWITHOUTAPP');
    const withdrawn = await call(t.app, withdrawParticipant, {
      params: await params('DEMO-US001-0002'),
      body: { expectedStatus: 'ACTIVEWITHOUTAPP', reason: 'Asked to stop', reasonCode: 'PARTICIPANT_DECISION' },
      token: tokens['crc.demo'],
    });
    expect(withdrawn.json.status).toBe('WITHDRAWSTUDY');
    const flags = await t.db
      .selectFrom('participants')
      .select(['activities_disabled', 'notifications_disabled'])
      .where('participant_code', '=', 'DEMO-US001-0002')
      .executeTakeFirstOrThrow();
    expect(flags).toEqual({ activities_disabled: true, notifications_disabled: true });
    // a way out is final
    const back = await change('crc.demo', 'DEMO-US001-0002', {
      status: 'ACTIVE',
      expectedStatus: 'WITHDRAWSTUDY',
      reason: 'Came back',
    });
    expect(back.status).toBe(409);
    const disqualified = await call(t.app, disqualifyParticipant, {
      params: await params('DEMO-US001-0001'),
      body: { expectedStatus: 'ACTIVE', reason: 'Exclusion found late', reasonCode: 'NOT_ELIGIBLE' },
      token: tokens['crc.demo'],
    });
    expect(disqualified.json.status).toBe('DISQUALIFIED');
  });

  it('a participant who left the study stays on the day they left on in the task queries (E-050)', async () => {
    const codes = ['DEMO-US001-0002', 'DEMO-US001-0003'];
    const withdrawn = await call(t.app, withdrawParticipant, {
      params: { studyId: demo, participantId: await participant('DEMO-US001-0002') },
      body: { expectedStatus: 'ACTIVE', reason: 'Moved away', reasonCode: 'PARTICIPANT_DECISION' },
      token: tokens['crc.demo'],
    });
    expect(withdrawn.json.status).toBe('WITHDRAWSTUDY');
    const screening = { status: 'SCREENING', expectedStatus: 'NOTINVITED', reason: 'Screening visit booked' };
    expect((await change('crc.demo', 'DEMO-US001-0003', screening)).status).toBe(200);
    await sql`update participants set day_zero = current_date - 30, time_zone = 'UTC' where participant_code in (${sql.join(codes)})`.execute(
      t.db,
    );
    const dayOf = async (code: string) =>
      (
        await call(t.app, listParticipantTasks, {
          params: { studyId: demo, participantId: await participant(code) },
          token: tokens['crc.demo'],
        })
      ).json.participantCurrentDay;
    expect(await dayOf('DEMO-US001-0002')).toBe(30);
    await sql`update participant_status_changes set changed_at = now() - interval '10 days'
      where participant_id = ${await participant('DEMO-US001-0002')} and to_status = 'WITHDRAWSTUDY'`.execute(t.db);
    expect(await dayOf('DEMO-US001-0002')).toBe(20);
    // a participant still in the study: the day runs on
    expect(await dayOf('DEMO-US001-0003')).toBe(30);
  });

  it('a monitor cannot change a status; a coordinator cannot change one at another site', async () => {
    const monitor = await change('cra.demo', 'DEMO-US001-0003', {
      status: 'SCREENING',
      expectedStatus: 'NOTINVITED',
      reason: 'Monitor try',
    });
    expect(monitor.status).toBe(403);
    const otherSite = await change('crc.demo', 'DEMO-ES001-0002', {
      status: 'SCREENING',
      expectedStatus: 'INVITED',
      reason: 'Other site',
    });
    expect(otherSite.status).toBe(403);
    expect(await statusOf('DEMO-ES001-0002')).toBe('INVITED');
  });
});
