/**
 * The access module is the one place row access is decided. Its SQL predicate for lists and the
 * domain's per-record rule must agree on every record; blinded actors never receive unblinded fields;
 * the guard finds the request's study wherever the request names it.
 */
import { getParticipant, type Endpoint } from '@trialpath/contract';
import { can, checkSiteRecordAccess, DATA_ACCESS_BOTH } from '@trialpath/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRead } from '../src/kernel/context';
import { hideUnblinded, requireStudy, rolesOf, studyOfRequest } from '../src/modules/access/access.service';
import { authenticate } from '../src/modules/auth/authenticate.service';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
const tokens: Record<string, string> = {};
const STAFF = ['admin', 'studyadmin', 'pi.demo', 'crc.demo', 'cra.demo'];
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  for (const u of STAFF) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

/** The actor of a staff token, as the guard builds it. */
const actorOf = (user: string) =>
  authenticate(t.platform, { audience: 'staff' } as Endpoint, `Bearer ${tokens[user]}`).then((a) => {
    if (a?.type !== 'staff') throw new Error('not staff');
    return a;
  });

describe('the list predicate and the per-record rule agree', () => {
  it.each([
    ['with data access BOTH', DATA_ACCESS_BOTH],
    ['with data access narrowed to CLINIC', 'CLINIC'],
  ])('for every staff user × every DEMO participant × both environments, %s', async (_name, dataAccess) => {
    await sql`update users set data_access_type = ${dataAccess} where username <> 'admin'`.execute(t.db);
    try {
      const participants = await t.db
        .selectFrom('participants as p')
        .innerJoin('sites as s', 's.id', 'p.site_id')
        .select(['p.id', 'p.site_id', 'p.environment', 's.site_sub_type'])
        .where('p.study_id', '=', demo)
        .execute();
      expect(participants.length).toBeGreaterThan(4);
      let seen = 0;
      for (const user of STAFF) {
        const actor = await actorOf(user);
        const assignment = actor.assignments.find((a) => a.studyId === demo);
        // The route's permission comes first: without participants.view no row is ever read.
        const permitted = rolesOf(actor, demo).some((role) => can(role, 'participants.view'));
        for (const p of participants) {
          for (const env of ['LIVE', 'TEST'] as const) {
            const rule =
              permitted &&
              p.environment === env &&
              checkSiteRecordAccess({
                assignment: assignment
                  ? { studyId: demo, assignedSiteIds: assignment.assignedSiteIds, dataAccessType: actor.dataAccessType }
                  : null,
                record: { studyId: demo, siteId: p.site_id, siteSubType: p.site_sub_type },
                isGlobalRole: actor.platformRole === 'SystemAdmin',
              }).allowed;
            const r = await call(t.app, getParticipant, {
              params: { studyId: demo, participantId: p.id },
              token: tokens[user],
              headers: env === 'TEST' ? { env: 'test' } : {},
            });
            expect({ user, participant: p.id, env, allowed: r.status === 200 }).toEqual({
              user,
              participant: p.id,
              env,
              allowed: rule,
            });
            if (r.status === 200) seen++;
          }
        }
      }
      expect(seen).toBeGreaterThan(0);
    } finally {
      await sql`update users set data_access_type = ${DATA_ACCESS_BOTH}`.execute(t.db);
    }
  });
});

describe('blinding', () => {
  const allocation = { id: 'p1', status: 'ACTIVE', treatmentArm: 'B', randomizationNumber: 'R-0017' };

  it('a blinded role (the CRA) never receives treatment allocation; an unblinded one does', async () => {
    const scope = (actor: Awaited<ReturnType<typeof actorOf>>) => ({
      actor,
      env: 'LIVE' as const,
      request: { ip: null, userAgent: null, language: 'en' as const },
    });
    const cra = await actorOf('cra.demo');
    const asCra = await runRead(t.platform, scope(cra), async (ctx) =>
      hideUnblinded(await requireStudy(ctx, demo), 'participant', allocation),
    );
    expect(asCra).toEqual({ id: 'p1', status: 'ACTIVE' });
    const admin = await actorOf('admin');
    const asAdmin = await runRead(t.platform, scope(admin), async (ctx) =>
      hideUnblinded(await requireStudy(ctx, demo), 'participant', allocation),
    );
    expect(asAdmin).toEqual(allocation);
  });
});

describe('the request’s study', () => {
  it.each([
    ['path', { params: { studyId: 'P' }, query: { studyId: 'Q' }, body: { studyId: 'B' } }, 'P'],
    ['query', { params: {}, query: { studyId: 'Q' }, body: { studyId: 'B' } }, 'Q'],
    ['body', { params: undefined, query: undefined, body: { studyId: 'B' } }, 'B'],
    ['none', { params: { userId: 'U' }, query: undefined, body: {} }, null],
  ])('is found in the %s', (_name, request, expected) => {
    expect(studyOfRequest(request)).toBe(expected);
  });
});
