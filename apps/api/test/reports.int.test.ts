/**
 * Saved reports (issue 13; G-017, G-018; decision G-reports): saved with their participants, fields and
 * activities; run on the current data for the sites the caller may see; CSV of every row; changed and deleted by
 * their maker only, each write audited; the data spaces never mix.
 */
import {
  createReport,
  deleteReport,
  exportReport,
  getReport,
  listReports,
  runReport,
  updateReport,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let boston: string;
let madrid: string;
let version: string;
const tokens: Record<string, string> = {};
const ACTIVITY = '00000000-0000-4000-8000-00000000b001';

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  version = (
    await t.db.selectFrom('study_versions').select('id').where('study_id', '=', demo).executeTakeFirstOrThrow()
  ).id;
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const P = (extra: Record<string, string> = {}) => ({ params: { studyId: demo, ...extra } });
const definition = {
  filters: { countryIds: [], siteIds: [], statuses: ['ACTIVE'], participantsIds: [], fromDate: null, toDate: null },
  fields: ['participantId', 'site', 'country', 'status', 'completion'],
  activityIds: [ACTIVITY],
};

/** ACTIVE participants of the live data space at the sites given, by code: what the report must list. */
async function activeCodes(siteIds: string[]) {
  const { rows } = await sql<{ participant_code: string }>`
    select participant_code from participants where study_id = ${demo} and environment = 'LIVE' and status = 'ACTIVE'
      and site_id = any(${sql.val(siteIds)}::uuid[]) order by participant_code`.execute(t.db);
  return rows.map((r) => r.participant_code);
}

/** The study manager's saved report of ACTIVE participants (each test's writes are rolled back after it). */
async function makeReport() {
  const r = await call(t.app, createReport, {
    ...P(),
    body: { name: 'Active participants', definition },
    token: tokens.studyadmin,
  });
  return { reportId: r.json.id as string, updatedAt: r.json.updatedAt as string, created: r };
}

describe('saved reports (each test on its own report)', () => {
  it('a study manager saves a report; it is listed, read back and audited', async () => {
    const { reportId, created: r } = await makeReport();
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ name: 'Active participants', definition, createdBy: 'Sam Study' });
    expect(await auditActions(t.db, reportId)).toEqual(['report.create']);
    const list = await call(t.app, listReports, { ...P(), token: tokens['crc.demo'] });
    expect(list.json.items.map((x: { id: string }) => x.id)).toContain(reportId);
    const one = await call(t.app, getReport, { ...P({ reportId }), token: tokens.studyadmin });
    expect(one.json.definition).toEqual(definition);
  });

  it('runs on the current data: the rows, then a new participant and a completed task appear at once', async () => {
    const { reportId, updatedAt } = await makeReport();
    const run = () => call(t.app, runReport, { ...P({ reportId }), query: {}, token: tokens.studyadmin });
    const first = await run();
    expect(first.status).toBe(200);
    expect(first.json.columns.map((c: { label: string }) => c.label)).toEqual([
      'Participant ID',
      'Site',
      'Country',
      'Status',
      'Completion (%)',
      'Visit packet (completed/tasks)',
    ]);
    const expected = await activeCodes([boston, madrid]);
    expect(first.json.rows.map((r: unknown[]) => r[0])).toEqual(expected);
    expect(first.json.total).toBe(expected.length);
    // new data arrives: a participant at Madrid with two tasks of the activity, one completed
    const [added] = await t.db
      .insertInto('participants')
      .values({
        study_id: demo,
        site_id: madrid,
        participant_code: 'DEMO-ES001-0901',
        status: 'ACTIVE',
        source: 'MANUAL',
      })
      .returning('id')
      .execute();
    await t.db
      .insertInto('participant_tasks')
      .values(
        [0, 1].map((k) => ({
          participant_id: added!.id,
          study_id: demo,
          version_id: version,
          schedule_id: 's',
          task_key: `r${k}`,
          target_kind: 'activity' as const,
          target_id: ACTIVITY,
          start_day: k,
          opens_at: new Date('2026-03-01T00:00:00Z'),
          delivery: 'scheduled' as const,
          telehealth: false,
          status: k === 0 ? ('COMPLETED' as const) : ('SCHEDULED' as const),
          created_at: new Date(),
          updated_at: new Date(),
        })),
      )
      .execute();
    const second = await run();
    expect(second.json.total).toBe(expected.length + 1);
    const row = second.json.rows.find((r: unknown[]) => r[0] === 'DEMO-ES001-0901');
    expect(row, JSON.stringify(row)).toEqual([
      'DEMO-ES001-0901',
      'Madrid Centro de Investigación',
      'Spain',
      'ACTIVE',
      50,
      '1/2',
    ]);
  });

  it('gives a site coordinator the rows of their own site only', async () => {
    const { reportId, updatedAt } = await makeReport();
    const r = await call(t.app, runReport, { ...P({ reportId }), query: {}, token: tokens['crc.demo'] });
    expect(r.json.rows.map((x: unknown[]) => x[0])).toEqual(await activeCodes([boston]));
  });

  it('downloads every row as CSV: the title and time, the header, the rows', async () => {
    const { reportId, updatedAt } = await makeReport();
    const r = await call(t.app, exportReport, { ...P({ reportId }), token: tokens.studyadmin });
    expect(r.status).toBe(200);
    expect(String(r.headers['content-disposition'])).toMatch(/Active_participants_\d{14}\.csv/);
    const lines = r.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Active participants,\d{14}$/);
    expect(lines[1]).toBe('Participant ID,Site,Country,Status,Completion (%),Visit packet (completed/tasks)');
    const codes = await activeCodes([boston, madrid]);
    expect(
      lines
        .slice(2)
        .filter(Boolean)
        .map((l) => l.split(',')[0]),
    ).toEqual(codes);
    expect(lines[2]).toMatch(new RegExp(`^${codes[0]},(Boston|Madrid)[^,]*,(United States|Spain),ACTIVE,`));
  });

  it('is changed by its maker only, never over a change made since, and refuses a report without fields', async () => {
    const { reportId, updatedAt } = await makeReport();
    const body = {
      name: 'Active at Madrid',
      definition: { ...definition, filters: { ...definition.filters, siteIds: [madrid] } },
    };
    const other = await call(t.app, updateReport, {
      ...P({ reportId }),
      body: { ...body, expectedUpdatedAt: updatedAt },
      token: tokens['crc.demo'],
    });
    expect(other.status).toBe(403);
    expect(other.json.messageKey).toBe('reports.notYours');
    const stale = await call(t.app, updateReport, {
      ...P({ reportId }),
      body: { ...body, expectedUpdatedAt: '2020-01-01T00:00:00.000Z' },
      token: tokens.studyadmin,
    });
    expect(stale.status).toBe(409);
    const ok = await call(t.app, updateReport, {
      ...P({ reportId }),
      body: { ...body, expectedUpdatedAt: updatedAt },
      token: tokens.studyadmin,
    });
    expect(ok.status).toBe(200);
    expect(ok.json.name).toBe('Active at Madrid');
    const empty = await call(t.app, createReport, {
      ...P(),
      body: { name: 'Nothing', definition: { ...definition, fields: [] } },
      token: tokens.studyadmin,
    });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json.fieldErrors ?? {}).join()).toMatch(/fields/);
  });

  it('lives in its data space, and is deleted by its maker (audited)', async () => {
    const { reportId, updatedAt } = await makeReport();
    const inTest = await call(t.app, listReports, { ...P(), token: tokens.studyadmin, headers: { env: 'test' } });
    expect(inTest.json.items.map((x: { id: string }) => x.id)).not.toContain(reportId);
    expect((await call(t.app, deleteReport, { ...P({ reportId }), token: tokens['crc.demo'] })).status).toBe(403);
    const gone = await call(t.app, deleteReport, { ...P({ reportId }), token: tokens.studyadmin });
    expect(gone.json).toEqual({ deleted: true });
    expect((await call(t.app, getReport, { ...P({ reportId }), token: tokens.studyadmin })).status).toBe(404);
    expect(await auditActions(t.db, reportId)).toEqual(['report.create', 'report.delete']);
  });
});
