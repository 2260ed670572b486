/**
 * What an export's zip holds, and the reading of it (issue 14; H-005, H-006, H-010, H-011; decision H-exports).
 * The study data zip: README.md (the data dictionary), participants, consents, tasks, queries, the audit trail of
 * the exported records, one wide CSV per activity revision, every answer in the long CSV, and — when asked — CDISC
 * ODM 1.3.2, an HL7 FHIR R4 Bundle and CDISC Dataset-JSON 1.1. Records are read in chunks in a fixed order, and the
 * files print the data's as-of instant, never the clock: unchanged data gives the same bytes.
 */
import {
  AUDIT_COLUMNS,
  CONSENT_COLUMNS,
  csvLine,
  dataDictionary,
  datasetJsonWriter,
  EXPORT_FILES,
  type ExportAuditEntry,
  type ExportForm,
  type ExportStudy,
  type ExportSubmission,
  fhirBundleWriter,
  longCsvHeader,
  longCsvWriter,
  odmWriter,
  PARTICIPANT_COLUMNS,
  planForm,
  QUERY_COLUMNS,
  TASK_COLUMNS,
  tableHeader,
  wideCsvWriter,
} from '@trialpath/domain';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ExportFiltersSchema } from '@trialpath/contract';
import type { Platform } from '../../kernel/context';
import { makeCtx } from '../../kernel/context';
import { reportTableForExport } from '../analytics/reports.service';
import { type ArchiveEntry, writeZip } from './archive';
import {
  auditIds,
  clientUsers,
  complianceRows,
  consentRows,
  dataAsOf,
  type ExportSelection,
  exportableActivities,
  participantIds,
  participantRows,
  queryRows,
  studyHeader,
  studySiteRefs,
  submissionKeys,
  taskRows,
} from './export-data.repository';
import { loadAudits, loadForms, loadSubmissions, type SubmissionKey } from './export-records';
import type { ClaimedExport } from './exports.job';
import type { ExportScope } from './exports.service';
import { SpillFile, spillText } from './spill';

const CHUNK = 2000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The chunks' rows in order, the next chunk read while the caller writes this one: the database and the writers
 * work at the same time (each chunk is one short query; at most two are held in memory).
 */
async function* pipelined<T, R>(parts: readonly T[], load: (part: T) => Promise<R>): AsyncGenerator<[T, R]> {
  let next = parts.length ? load(parts[0]!) : null;
  for (let i = 0; next; i++) {
    const rows = await next;
    next = i + 1 < parts.length ? load(parts[i + 1]!) : null;
    yield [parts[i]!, rows];
  }
}

export type Progress = (rowsDone: number, rowsTotal: number | null, force?: boolean) => Promise<void>;

const KIND_SLUG = {
  STUDY_DATA: 'study-data',
  COMPLIANCE: 'compliance',
  REPORT: 'report',
  PARTICIPANT_DASHBOARD: 'participant-dashboard',
} as const;

const COMPLIANCE_COLUMNS = [
  'participant',
  'site',
  'status',
  'tasks_total',
  'tasks_due',
  'tasks_completed',
  'tasks_missed',
  'compliance_percent',
  'last_completed_at',
];
const COMPLIANCE_README = `# Compliance report

compliance.csv: one row per participant.

| column | meaning |
|---|---|
| participant | Participant code |
| site | Site code |
| status | Participant status |
| tasks_total | Tasks that count (all but withdrawn ones) |
| tasks_due | Of those, the tasks opened by the export's as-of time |
| tasks_completed | Tasks completed |
| tasks_missed | Tasks that expired without an answer |
| compliance_percent | tasks_completed / tasks_total × 100, one decimal (empty when no task counts) |
| last_completed_at | The last completion (UTC, ISO 8601) |
`;

/** Makes the export's zip at `file`; answers what the job records. */
export async function buildExportFile(platform: Platform, job: ClaimedExport, file: string, progress: Progress) {
  const db = platform.db;
  const filters = ExportFiltersSchema.parse(job.filters);
  const scope = job.scope as unknown as ExportScope;
  const header = await studyHeader(db, job.study_id);
  if (!header) throw new Error('the study no longer exists');
  const sel: ExportSelection = {
    studyId: job.study_id,
    environment: job.environment,
    siteIds: scope.siteIds,
    participantId: filters.participantId,
    compliance: filters.compliance,
    activityIds: filters.activityIds,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
  };
  const [asOf, participants] = await Promise.all([dataAsOf(db, sel, header.created_at), participantIds(db, sel)]);
  const study: ExportStudy = {
    studyId: header.id,
    code: header.code,
    name: header.name,
    environment: job.environment,
    versionNumber: (job.environment === 'LIVE' ? header.live_number : header.test_number) ?? null,
    asOf: asOf.toISOString(),
  };
  const stamp = study.asOf.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const fileName = `${header.code}_${KIND_SLUG[job.kind]}_${job.environment}_${stamp}.zip`.replace(
    /[^A-Za-z0-9._-]/g,
    '_',
  );

  const people = participants.map((p) => p.id);
  let done = 0;
  let total: number | null = null;
  const step = async (n: number) => {
    done += n;
    await progress(done, total);
  };

  let entries: ArchiveEntry[];
  let spills: string | null = null;
  let background: Promise<void> = Promise.resolve();
  if (job.kind === 'REPORT') {
    entries = await reportEntries(platform, job, filters.reportId ?? '', scope);
    total = 1;
  } else if (job.kind === 'COMPLIANCE') {
    total = people.length;
    entries = [
      {
        name: 'README.md',
        text: async function* () {
          yield COMPLIANCE_README;
        },
      },
      { name: 'compliance.csv', text: () => complianceCsv(platform, people, asOf, step) },
    ];
  } else {
    spills = await mkdtemp(path.join(tmpdir(), 'trialpath-export-parts-'));
    const built = await studyDataEntries(platform, job, study, sel, participants, scope, step, spills);
    total = built.total;
    entries = built.entries;
    background = built.background;
    if (job.kind === 'PARTICIPANT_DASHBOARD')
      entries.push({ name: 'compliance.csv', text: () => complianceCsv(platform, people, asOf, async () => {}) });
  }
  try {
    await progress(done, total, true);
    const made = await writeZip(file, entries, asOf);
    return { clientId: header.client_id, fileName, rows: total ?? done, ...made };
  } finally {
    await background;
    if (spills) await rm(spills, { recursive: true, force: true });
  }
}

async function* complianceCsv(platform: Platform, people: string[], asOf: Date, step: (n: number) => Promise<void>) {
  yield csvLine(COMPLIANCE_COLUMNS);
  for (const ids of chunks(people)) {
    for (const r of await complianceRows(platform.db, ids, asOf))
      yield csvLine([
        r.participant_code,
        r.site_code,
        r.status,
        r.total,
        r.due,
        r.completed,
        r.missed,
        r.total > 0 ? ((r.completed * 100) / r.total).toFixed(1) : '',
        iso(r.last_completed_at),
      ]);
    await step(ids.length);
  }
}

async function reportEntries(platform: Platform, job: ClaimedExport, reportId: string, scope: ExportScope) {
  const ctx = makeCtx(
    platform,
    platform.db,
    {
      actor: { type: 'system', job: 'exports' },
      env: job.environment,
      request: { ip: null, userAgent: null, language: 'en' },
    },
    null,
  );
  const table = await reportTableForExport(ctx, { studyId: job.study_id, reportId, siteIds: scope.siteIds });
  if (!table) throw new Error('the saved report no longer exists');
  const readme = `# ${table.name}\n\nreport.csv: the saved report run on the data of the export's sites, one row per participant, with the report's columns: ${table.columns.join(', ')}.\n`;
  return [
    {
      name: 'README.md',
      text: async function* () {
        yield readme;
      },
    },
    {
      name: 'report.csv',
      text: async function* () {
        yield csvLine(table.columns);
        for (const row of table.rows) yield csvLine(row);
      },
    },
  ] satisfies ArchiveEntry[];
}

async function studyDataEntries(
  platform: Platform,
  job: ClaimedExport,
  study: ExportStudy,
  sel: ExportSelection,
  participants: readonly { id: string; participant_code: string }[],
  scope: ExportScope,
  step: (n: number) => Promise<void>,
  spills: string,
) {
  const db = platform.db;
  const people = participants.map((p) => p.id);
  // independent reads at once (separate connections on PostgreSQL; one after another on the embedded database)
  const [keys, activities, sites] = await Promise.all([
    submissionKeys(db, sel),
    sel.activityIds.length ? null : exportableActivities(db, job.study_id),
    studySiteRefs(db, job.study_id),
  ]);
  const activityIds = activities ? activities.map((a) => a.id) : [...sel.activityIds];
  const [{ forms, revisionOf }, audits] = await Promise.all([
    loadForms(db, keys, activityIds, scope.blinded),
    auditIds(
      db,
      people,
      keys.map((k) => k.id),
    ),
  ]);
  const formById = new Map(forms.map((f) => [f.revisionId, f]));
  const keysOf = (form: ExportForm) => keys.filter((k) => revisionOf(k) === form.revisionId);
  const codeOfSubmission = new Map(keys.map((k) => [k.id, k.code]));
  const participantCache = new Map(participants.map((p) => [p.id, p.participant_code]));
  const siteCodes = new Map(sites.map((s) => [s.id, s.site_code]));
  const formats = new Set(job.formats);
  const wideFile = (i: number) => path.join(spills, `wide-${i}.csv`);
  const submissionPasses =
    1 + (formats.has('FHIR') ? 1 : 0) + (formats.has('DATASET_JSON') ? 1 : 0) + (formats.has('ODM') ? 1 : 0);
  const total = people.length + keys.length * submissionPasses + audits.length;

  /** The submissions of these keys, read in chunks, each with its form. */
  /** The submissions of these keys, read in chunks (the next while this one is written), each with its form. */
  async function* submissionsOf(list: readonly SubmissionKey[], whole = false) {
    const options = { blinded: scope.blinded, whole };
    const load = (part: SubmissionKey[]) => loadSubmissions(db, part, formById, revisionOf, siteCodes, options);
    for await (const [part, loaded] of pipelined(chunks(list), load)) {
      yield* loaded;
      await step(part.length);
    }
  }

  // The tables beside the answers, read one after another on a connection of their own while the answers stream
  // into the zip, each into a file that the zip takes when it reaches it.
  const tables: { name: string; text: () => AsyncIterable<string> }[] = [
    {
      name: EXPORT_FILES.participants,
      text: async function* () {
        yield tableHeader(PARTICIPANT_COLUMNS);
        for await (const [ids, found] of pipelined(chunks(people), (ids) => participantRows(db, ids))) {
          const rows = new Map(found.map((r) => [r.id, r]));
          for (const id of ids) {
            const r = rows.get(id);
            if (!r) continue;
            yield csvLine([
              r.participant_code,
              r.site_code,
              r.country_id,
              r.status,
              r.environment,
              iso(r.registration_date ?? r.created_at),
              r.version_number,
              iso(r.withdrawn_at),
              r.withdrawal_reason,
            ]);
          }
          await step(ids.length);
        }
      },
    },
    {
      name: EXPORT_FILES.consents,
      text: async function* () {
        yield tableHeader(CONSENT_COLUMNS);
        for await (const [, rows] of pipelined(chunks(participants), (part) => consentRows(db, part)))
          for (const c of rows) {
            const status = c.countersigned_at ? 'countersigned' : 'signed';
            yield csvLine([
              c.participant_code,
              c.consent_id,
              c.version_number,
              iso(c.signed_at),
              status,
              'participant',
            ]);
            if (c.countersigned_at)
              yield csvLine([
                c.participant_code,
                c.consent_id,
                c.version_number,
                iso(c.countersigned_at),
                status,
                'investigator',
              ]);
          }
      },
    },
    {
      name: EXPORT_FILES.tasks,
      text: async function* () {
        yield tableHeader(TASK_COLUMNS);
        for await (const [, rows] of pipelined(chunks(participants), (part) => taskRows(db, part)))
          for (const k of rows)
            yield csvLine([
              k.id,
              k.participant_code,
              k.activity ?? k.target_id,
              iso(k.opens_at),
              iso(k.closes_at),
              k.status,
              iso(k.answered_at),
              k.submission_id,
            ]);
      },
    },
    {
      name: EXPORT_FILES.queries,
      text: async function* () {
        yield tableHeader(QUERY_COLUMNS);
        for (const ids of chunks(people)) {
          let position = 0;
          let last = '';
          for (const q of await queryRows(db, ids, scope.blinded)) {
            position = q.query_id === last ? position + 1 : 1;
            last = q.query_id;
            yield csvLine([
              q.query_id,
              q.participant_code,
              q.activity,
              q.target_id,
              q.item,
              q.status,
              iso(q.opened_at),
              q.opened_by,
              position,
              iso(q.created_at),
              q.author,
              q.text,
            ]);
          }
        }
      },
    },
    {
      name: EXPORT_FILES.audit,
      text: async function* () {
        yield tableHeader(AUDIT_COLUMNS);
        const load = (ids: number[]) => loadAudits(db, ids, participantCache, codeOfSubmission, scope.blinded);
        for await (const [ids, rows] of pipelined(chunks(audits), load)) {
          for (const a of rows) yield auditLine(a);
          await step(ids.length);
        }
      },
    },
  ];
  const tableFiles = new Map<string, Promise<string>>();
  let chain: Promise<unknown> = Promise.resolve();
  for (const [i, t] of tables.entries()) {
    const made = chain.then(() => spillText(path.join(spills, `table-${i}.csv`), t.text()));
    made.catch(() => {}); // a failure reaches the zip when it opens the file
    tableFiles.set(t.name, made);
    chain = made;
  }
  const background = chain.then(
    () => {},
    () => {},
  );

  const entries: ArchiveEntry[] = [
    {
      name: EXPORT_FILES.readme,
      text: async function* () {
        yield dataDictionary(study, forms);
      },
    },
    // One reading of the submissions makes the long CSV, streamed into the zip, and every activity's wide CSV,
    // written alongside to files of their own that follow it in the zip.
    {
      name: EXPORT_FILES.longCsv,
      text: async function* () {
        yield longCsvHeader();
        const writers = new Map(forms.map((f) => [f.revisionId, longCsvWriter(f)]));
        const wide = new Map(
          forms.map((f, i) => [f.revisionId, { writer: wideCsvWriter(f), file: new SpillFile(wideFile(i)) }]),
        );
        for (const w of wide.values()) await w.file.write(w.writer.header());
        for await (const { form, submission } of submissionsOf(keys)) {
          const w = wide.get(form.revisionId)!;
          await w.file.write(w.writer.row(submission));
          yield writers.get(form.revisionId)!.rows(submission);
        }
        for (const w of wide.values()) await w.file.close();
      },
    },
    ...forms.map((form, i): ArchiveEntry => ({ name: EXPORT_FILES.wideCsv(form), file: () => wideFile(i) })),
    ...tables.map((t): ArchiveEntry => ({ name: t.name, file: () => tableFiles.get(t.name)! })),
  ];
  if (formats.has('ODM'))
    entries.push(odmEntry(platform, job, study, forms, keys, participantCache, audits, scope, submissionsOf));
  if (formats.has('FHIR'))
    entries.push({
      name: EXPORT_FILES.fhir,
      text: async function* () {
        const writer = fhirBundleWriter(study);
        yield writer.open();
        for (const form of forms) yield writer.questionnaire(form);
        // the bundle keeps every field of each answer as stored
        for await (const { form, submission } of submissionsOf(keys, true)) yield writer.response(form, submission);
        yield writer.close();
      },
    });
  if (formats.has('DATASET_JSON'))
    for (const form of forms)
      entries.push({
        name: EXPORT_FILES.datasetJson(form),
        text: async function* () {
          const list = keysOf(form);
          const writer = datasetJsonWriter(study, planForm(form), list.length);
          yield writer.open();
          for await (const { submission } of submissionsOf(list)) yield writer.row(submission);
          yield writer.close();
        },
      });
  return { entries, total, background };
}

function auditLine(a: ExportAuditEntry): string {
  return csvLine([
    a.id,
    a.at,
    a.actorName,
    a.action,
    a.entityType,
    a.entityId,
    a.participantCode,
    a.submissionId,
    a.itemKey,
    json(a.before),
    json(a.after),
    a.reason,
  ]);
}

/** ODM: the metadata, then each participant's ClinicalData with their submissions' audit records, participant by participant. */
function odmEntry(
  platform: Platform,
  job: ClaimedExport,
  study: ExportStudy,
  forms: ExportForm[],
  keys: readonly SubmissionKey[],
  participantCode: ReadonlyMap<string, string>,
  audits: readonly number[],
  scope: ExportScope,
  submissionsOf: (list: readonly SubmissionKey[]) => AsyncGenerator<{ form: ExportForm; submission: ExportSubmission }>,
): ArchiveEntry {
  return {
    name: EXPORT_FILES.odm,
    text: async function* () {
      const db = platform.db;
      const header = await studyHeader(db, job.study_id);
      const [users, sites] = await Promise.all([clientUsers(db, header!.client_id), studySiteRefs(db, job.study_id)]);
      const writer = odmWriter(study, forms, {
        users: users.map((u) => ({ id: u.id, name: u.username ?? u.id })),
        sites: sites.filter((s) => scope.siteIds.includes(s.id)).map((s) => ({ code: s.site_code, name: s.name })),
        signatureMeanings: [],
      });
      yield writer.open();
      // each participant's submissions, in participant order (the keys are in activity order), a batch at a time
      const byCode = new Map<string, SubmissionKey[]>();
      for (const k of keys) {
        const list = byCode.get(k.code);
        if (list) list.push(k);
        else byCode.set(k.code, [k]);
      }
      const codeOfSubmission = new Map(keys.map((k) => [k.id, k.code]));
      const auditsByCode = new Map<string, ExportAuditEntry[]>();
      for (const ids of chunks(audits))
        for (const a of await loadAudits(db, ids, participantCode, codeOfSubmission, scope.blinded)) {
          if (!a.submissionId || !a.participantCode) continue;
          const list = auditsByCode.get(a.participantCode);
          if (list) list.push(a);
          else auditsByCode.set(a.participantCode, [a]);
        }
      const codes = [...byCode.keys()].sort();
      for (const batch of chunks(codes, 200)) {
        const grouped = new Map<string, ExportSubmission[]>();
        for await (const { submission } of submissionsOf(batch.flatMap((c) => byCode.get(c) ?? []))) {
          const list = grouped.get(submission.participantCode);
          if (list) list.push(submission);
          else grouped.set(submission.participantCode, [submission]);
        }
        for (const code of batch) {
          const submissions = grouped.get(code);
          if (submissions?.length)
            yield writer.subject(code, submissions[0]!.siteCode, submissions, auditsByCode.get(code) ?? []);
        }
      }
      yield writer.close();
    },
  };
}
