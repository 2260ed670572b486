/**
 * Participants imported from a CSV or XLSX file by staff (E-076, E-078; decision E-participant-records). All rows
 * or none: the file is read whole (CSV in UTF-8 or Windows-1252, `,` `;` or tab between cells; XLSX's first
 * sheet), each row is checked by the domain's record rule (recordProblems, as the add form is) with the needs of
 * its site's version, ids, e-mail addresses and phone numbers against the other rows and — in one statement for
 * the whole file — against the data space's participants. Any problem refuses the file with a report naming each
 * bad cell; else the participants are written in a few multi-row inserts in the request's transaction, numbered
 * per site, each with its own audit entry. The template lists the columns the study asks at the caller's sites.
 */
import {
  PARTICIPANT_IMPORT_COLUMNS,
  PARTICIPANT_IMPORT_LISTED,
  PARTICIPANT_IMPORT_REPORTED,
  type ParticipantImportProblem,
  type ParticipantImportReport,
} from '@trialpath/contract';
import {
  EMPTY_RECORD,
  type MessageKey,
  type MessageRef,
  messageRef,
  type ParticipantRecordValues,
  participantCodeOf,
  participantNumberOf,
  type RecordField,
  type RecordNeeds,
  recordProblems,
  refText,
  trimRecord,
} from '@trialpath/domain';
import type { Insertable } from 'kysely';
import type { ParticipantsTable } from '../../db/schema';
import type { AuditEntry } from '../../kernel/audit';
import type { ServiceCtx } from '../../kernel/context';
import { fail, type HttpError } from '../../kernel/errors';
import { studyCodeOf, studyLanguagesAndCountries, studyTextLanguages } from '../studies/studies.service';
import { versionOfSite } from '../versions/versions-assignments.service';
import { requireParticipantManager } from '../participants/participant-access.service';
import { fileRefused, readSheet, type SheetTable } from './import-file';
import { findImportDuplicates, highestNumberAtSite, insertParticipants } from './import.repository';
import { addableSites, choicesOf, columnsOf, needsOfVersion, phoneOf, recordForAudit } from './records.service';
import { serialise } from '../participants/registration.service';

// ─── The report ──────────────────────────────────────────────────────────────────────────────────────────────

interface Problem {
  row: number;
  /** Where the column is in the file (for the report's order); past the file's columns for one it lacks. */
  position: number;
  column: string | null;
  field: RecordField | null;
  ref: MessageRef;
}

/** The refusal of a file with problems: every bad cell, by row then column; the first ones listed. */
function refusal(problems: Problem[], headings: boolean): HttpError {
  problems.sort((a, b) => a.row - b.row || a.position - b.position);
  const rowsWithProblems = new Set(problems.map((p) => p.row)).size;
  const message = headings
    ? messageRef('participants.import.headingsRefused')
    : rowsWithProblems === 1
      ? messageRef('participants.import.oneRowRefused')
      : messageRef('participants.import.rowsRefused', { count: rowsWithProblems });
  const rows = problems.slice(0, PARTICIPANT_IMPORT_REPORTED).map(
    (p): ParticipantImportProblem => ({
      row: p.row,
      column: p.column,
      field: p.field,
      message: refText(p.ref),
      messageKey: p.ref.key,
      ...(p.ref.params ? { params: p.ref.params as Record<string, string | number> } : {}),
    }),
  );
  const details: ParticipantImportReport = { rows, rowsWithProblems, problemCount: problems.length };
  return fail('VALIDATION_FAILED', undefined, { message, details });
}

// ─── Columns and rows ────────────────────────────────────────────────────────────────────────────────────────

export type ImportField = (typeof PARTICIPANT_IMPORT_COLUMNS)[number]['field'];
const TEMPLATE_HEADING = new Map<ImportField, string>(PARTICIPANT_IMPORT_COLUMNS.map((c) => [c.field, c.heading]));
const TEMPLATE_POSITION = new Map<ImportField, number>(PARTICIPANT_IMPORT_COLUMNS.map((c, i) => [c.field, i]));
const headingKey = (h: string) => h.trim().replace(/\s+/g, ' ').toLowerCase();
const FIELD_OF_HEADING = new Map<string, ImportField>(
  PARTICIPANT_IMPORT_COLUMNS.map((c) => [headingKey(c.heading), c.field]),
);

/** Where each field's column is in the file and the heading it has there; the file's number of headings. */
interface FileColumns {
  index: Map<ImportField, number>;
  heading: Map<ImportField, string>;
  /** The positions of the template's columns (a cell elsewhere has no heading). */
  used: Set<number>;
  width: number;
}

/** Where a field's problem goes: its column in the file, or after them (the template's heading) when it has none. */
function placeOf(columns: FileColumns, field: ImportField) {
  return {
    position: columns.index.get(field) ?? columns.width + TEMPLATE_POSITION.get(field)!,
    column: columns.heading.get(field) ?? TEMPLATE_HEADING.get(field)!,
  };
}

/** The file's columns; unknown or repeated headings and a missing site column are problems of row 1. */
function columnsOfHeadings(headings: readonly string[]): { columns: FileColumns; problems: Problem[] } {
  const columns: FileColumns = { index: new Map(), heading: new Map(), used: new Set(), width: headings.length };
  const problems: Problem[] = [];
  headings.forEach((raw, position) => {
    const heading = raw.trim();
    if (heading === '') return;
    const field = FIELD_OF_HEADING.get(headingKey(heading));
    const refuse = (key: MessageKey) =>
      problems.push({
        row: 1,
        position,
        column: heading,
        field: field ?? null,
        ref: messageRef(key, { column: heading }),
      });
    if (!field) refuse('participants.import.unknownColumn');
    else if (columns.index.has(field)) refuse('participants.import.columnTwice');
    else {
      columns.index.set(field, position);
      columns.heading.set(field, heading);
      columns.used.add(position);
    }
  });
  if (!columns.index.has('siteId')) problems.push(missingColumn(columns, 'siteId'));
  return { columns, problems };
}

function missingColumn(columns: FileColumns, field: ImportField): Problem {
  const { position, column } = placeOf(columns, field);
  return { row: 1, position, column, field, ref: messageRef('participants.import.missingColumn', { column }) };
}

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'sí', 'si']);
const NO = new Set(['no', 'n', 'false', '0', '']);
/** Genders as the add form shows them, besides the stored words (FEMALE…, any case). */
const GENDER_WORDS: Record<string, string> = { 'prefers not to say': 'UNKNOWN' };

type ImportSite = Awaited<ReturnType<typeof addableSites>>[number];
const siteKey = (code: string) => code.trim().toLowerCase();

/** What rows are read with: the caller's sites by code, the study's countries and languages by id or name. */
interface ImportSetting {
  sitesByCode: Map<string, ImportSite>;
  countryIds: Map<string, string>;
  languageIds: Map<string, string>;
}

/** One row of the file being checked: its record, its site and its problems, one a field. */
interface RowCheck {
  row: number;
  record: ParticipantRecordValues;
  site: ImportSite | null;
  bad: Map<ImportField, Problem>;
  /** Problems of cells without a column (no field). */
  loose: Problem[];
}

/** A problem of a row's field, unless the field has one already (the first found is the one reported). */
function note(check: RowCheck, columns: FileColumns, field: ImportField, ref: MessageRef) {
  if (!check.bad.has(field)) check.bad.set(field, { row: check.row, ...placeOf(columns, field), field, ref });
}

function readRow(r: SheetTable['rows'][number], columns: FileColumns, setting: ImportSetting): RowCheck {
  const check: RowCheck = {
    row: r.row,
    record: { ...EMPTY_RECORD },
    site: null,
    bad: new Map(),
    loose: [],
  };
  r.cells.forEach((cell, position) => {
    if (cell.trim() !== '' && !columns.used.has(position))
      check.loose.push({
        row: r.row,
        position,
        column: null,
        field: null,
        ref: messageRef('participants.import.cellWithoutHeading'),
      });
  });
  const { record } = check;
  for (const [field, position] of columns.index) {
    const text = (r.cells[position] ?? '').trim();
    switch (field) {
      case 'siteId':
        check.site = setting.sitesByCode.get(siteKey(text)) ?? null;
        if (text && !check.site)
          note(check, columns, field, messageRef('participants.import.siteUnknown', { siteCode: text }));
        record.siteId = check.site?.id ?? '';
        break;
      case 'optInSMS':
        if (!YES.has(text.toLowerCase()) && !NO.has(text.toLowerCase()))
          note(check, columns, field, messageRef('participants.import.yesOrNo'));
        record.optInSMS = YES.has(text.toLowerCase());
        break;
      case 'gender':
        record.gender = (GENDER_WORDS[text.toLowerCase()] ?? text.toUpperCase()) as ParticipantRecordValues['gender'];
        break;
      case 'countryId':
        record.countryId = setting.countryIds.get(text.toLowerCase()) ?? text;
        break;
      case 'languageId':
        record.languageId = setting.languageIds.get(text.toLowerCase()) ?? text;
        break;
      default:
        record[field] = text;
    }
  }
  return check;
}

/** Needs of a row whose site is not known: every field optional, so the form of its cells is still checked. */
const LENIENT_NEEDS = Object.fromEntries(Object.keys(EMPTY_RECORD).map((f) => [f, 'optional'])) as RecordNeeds;

/** Each site's version and what it asks: read once per site the file names. */
export async function versionsOfSites(ctx: ServiceCtx, studyId: string, sites: Iterable<ImportSite>) {
  const out = new Map<string, { versionId: string | null; needs: RecordNeeds }>();
  const needsOfVersionId = new Map<string | null, RecordNeeds>();
  for (const site of sites) {
    if (out.has(site.id)) continue;
    const versionId = await versionOfSite(ctx, {
      studyId,
      environment: ctx.env,
      site: { id: site.id, countryId: site.country_id },
    });
    if (!needsOfVersionId.has(versionId))
      needsOfVersionId.set(versionId, await needsOfVersion(ctx, studyId, versionId));
    out.set(site.id, { versionId, needs: needsOfVersionId.get(versionId)! });
  }
  return out;
}

/** A row ready to be written: its record with the defaults in, its site and version. */
interface ReadyRow {
  row: number;
  record: ParticipantRecordValues;
  site: ImportSite;
  versionId: string | null;
  needs: RecordNeeds;
}

interface ImportInput {
  studyId: string;
  data: Uint8Array;
  allowSharedPhone: boolean;
}

/**
 * The file read and checked, or refused with every problem. `lockForWrite`: the duplicate check and the write
 * that follows are serialised per study and data space, so two imports cannot both pass it with the same people.
 */
async function checkFile(ctx: ServiceCtx, input: ImportInput & { lockForWrite: boolean }) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const sites = await addableSites(ctx, access);
  if (sites.length === 0) throw fileRefused('participants.import.noSites');
  const table = await readSheet(input.data);
  const { columns, problems: headingProblems } = columnsOfHeadings(table.headings);
  if (headingProblems.length) throw refusal(headingProblems, true);

  const [{ countries, languages }, { defaultLanguage }, choices] = await Promise.all([
    studyLanguagesAndCountries(ctx, input.studyId),
    studyTextLanguages(ctx, input.studyId),
    choicesOf(ctx, input.studyId),
  ]);
  const byIdOrName = (items: { id: string; name: string }[]) =>
    new Map(items.flatMap((i) => [[i.name.toLowerCase(), i.id] as const, [i.id.toLowerCase(), i.id] as const]));
  const setting: ImportSetting = {
    sitesByCode: new Map(sites.map((s) => [siteKey(s.site_code), s])),
    countryIds: byIdOrName(countries.map((c) => ({ id: c.id, name: c.name }))),
    languageIds: byIdOrName(languages.map((l) => ({ id: l.id, name: l.display_name }))),
  };
  const checks = table.rows.map((r) => readRow(r, columns, setting));
  const versions = await versionsOfSites(
    ctx,
    input.studyId,
    checks.flatMap((c) => (c.site ? [c.site] : [])),
  );

  // a column a site of the file requires must be there (the country and the language have defaults)
  const missing = new Set<ImportField>();
  for (const { needs } of versions.values())
    for (const { field } of PARTICIPANT_IMPORT_COLUMNS)
      if (needs[field] === 'required' && !columns.index.has(field) && field !== 'countryId' && field !== 'languageId')
        missing.add(field);
  if (missing.size)
    throw refusal(
      [...missing].map((f) => missingColumn(columns, f)),
      true,
    );

  for (const check of checks) {
    const needs = check.site ? versions.get(check.site.id)!.needs : LENIENT_NEEDS;
    const given = trimRecord(check.record);
    // the site's country and the study's language unless the row names others, as the add form does
    check.record = {
      ...given,
      countryId: given.countryId || check.site?.country_id || '',
      languageId: given.languageId || defaultLanguage,
    };
    for (const [field, ref] of Object.entries(recordProblems(check.record, needs, choices)))
      note(check, columns, field as ImportField, ref);
    if (!check.site) note(check, columns, 'siteId', messageRef('errors.required'));
  }

  if (input.lockForWrite) await serialise(ctx, `participant-import:${input.studyId}:${ctx.env}`);
  await checkDuplicates(ctx, input, checks, columns);
  const problems = checks.flatMap((c) => [...c.loose, ...c.bad.values()]);
  if (problems.length) throw refusal(problems, false);
  const rows: ReadyRow[] = checks.map((c) => ({
    row: c.row,
    record: c.record,
    site: c.site!,
    ...versions.get(c.site!.id)!,
  }));
  return { rows, defaultLanguage };
}

/**
 * Ids, e-mail addresses (any case) and phone numbers another row has, or another participant of the data space
 * (one statement for the whole file); a shared phone number is kept when the person says so. A cell refused
 * already is not compared; a repeat is reported on the later row, naming the first.
 */
async function checkDuplicates(ctx: ServiceCtx, input: ImportInput, checks: RowCheck[], columns: FileColumns) {
  type Kind = 'participantId' | 'email' | 'mobile';
  const keyOf = (c: RowCheck, kind: Kind): string | null => {
    if (c.bad.has(kind)) return null;
    if (kind === 'participantId') return c.record.participantId.toLowerCase() || null;
    if (kind === 'email') return c.record.email.toLowerCase() || null;
    const phone = phoneOf(c.record);
    return phone && !c.bad.has('mobileCountryCode') && !input.allowSharedPhone
      ? `${phone.countryCode} ${phone.number}`
      : null;
  };
  const kinds: [Kind, twice: MessageKey, taken: MessageKey][] = [
    ['participantId', 'participants.import.idTwice', 'participants.idTaken'],
    ['email', 'participants.import.emailTwice', 'participants.emailTaken'],
    ['mobile', 'participants.import.phoneTwice', 'participants.import.phoneShared'],
  ];
  const keys = new Map<Kind, Map<string, number>>();
  for (const [kind, twice] of kinds) {
    const firstRow = new Map<string, number>();
    for (const c of checks) {
      const key = keyOf(c, kind);
      if (!key) continue;
      const first = firstRow.get(key);
      if (first === undefined) firstRow.set(key, c.row);
      else note(c, columns, kind, messageRef(twice, { row: first }));
    }
    keys.set(kind, firstRow);
  }

  const found = await findImportDuplicates(ctx.db, {
    studyId: input.studyId,
    env: ctx.env,
    codes: [...keys.get('participantId')!.keys()],
    emails: [...keys.get('email')!.keys()],
    mobiles: [...new Set([...keys.get('mobile')!.keys()].map((k) => k.split(' ')[1]!))],
  });
  const holders = new Map<Kind, Map<string, string>>(kinds.map(([kind]) => [kind, new Map()]));
  for (const d of found) {
    holders.get('participantId')!.set(d.participant_code.toLowerCase(), d.participant_code);
    if (d.email) holders.get('email')!.set(d.email.toLowerCase(), d.participant_code);
    if (d.mobile) holders.get('mobile')!.set(`${d.mobile_country_code ?? ''} ${d.mobile}`, d.participant_code);
  }
  for (const [kind, , taken] of kinds)
    for (const c of checks) {
      const key = keyOf(c, kind);
      const other = key ? holders.get(kind)!.get(key) : undefined;
      if (other) note(c, columns, kind, messageRef(taken, { participantId: other }));
    }
}

// ─── The endpoints ───────────────────────────────────────────────────────────────────────────────────────────

/** The file checked as the import would check it; nothing saved. How many participants go to which site. */
export async function checkImport(ctx: ServiceCtx, input: ImportInput) {
  const { rows } = await checkFile(ctx, { ...input, lockForWrite: false });
  const bySite = new Map<string, { siteId: string; siteCode: string; siteName: string; rows: number }>();
  for (const r of rows) {
    const entry = bySite.get(r.site.id) ?? {
      siteId: r.site.id,
      siteCode: r.site.site_code,
      siteName: r.site.name,
      rows: 0,
    };
    entry.rows++;
    bySite.set(r.site.id, entry);
  }
  return { rows: rows.length, sites: [...bySite.values()] };
}

/**
 * The codes of the rows without a participant id: per site the next numbers after the highest there (and in the
 * file's own ids), read once under the site's numbering lock, the one single additions take
 * (createParticipantAtSite), so neither takes a number the other took.
 */
async function numberRows(ctx: ServiceCtx, studyId: string, rows: ReadyRow[]) {
  const prefix = ctx.env === 'TEST' ? 'TEST' : await studyCodeOf(ctx, studyId);
  const stemOf = (siteCode: string) => participantCodeOf(prefix, siteCode, 0).replace(/0+$/, '');
  const unnamed = rows.filter((r) => !r.record.participantId);
  const stems = [...new Set(unnamed.map((r) => stemOf(r.site.site_code)))].sort();
  const next = new Map<string, number>();
  for (const stem of stems) {
    await serialise(ctx, `participant-code:${studyId}:${ctx.env}:${stem}`);
    const inFile = rows
      .filter((r) => r.record.participantId.toLowerCase().startsWith(stem.toLowerCase()))
      .map((r) => participantNumberOf(r.record.participantId) ?? 0);
    next.set(stem, Math.max(await highestNumberAtSite(ctx.db, studyId, ctx.env, stem), ...inFile) + 1);
  }
  const codes = new Map<ReadyRow, string>();
  for (const r of unnamed) {
    const stem = stemOf(r.site.site_code);
    const n = next.get(stem)!;
    next.set(stem, n + 1);
    codes.set(r, participantCodeOf(prefix, r.site.site_code, n));
  }
  return (r: ReadyRow) => r.record.participantId || codes.get(r)!;
}

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';

/**
 * The file's participants added at the caller's sites, all or none (status Not invited, source Manual), each
 * audited with its record and row; the first ones listed in the answer.
 */
export async function importFile(ctx: ServiceCtx, input: ImportInput) {
  const { rows, defaultLanguage } = await checkFile(ctx, { ...input, lockForWrite: true });
  const codeOf = await numberRows(ctx, input.studyId, rows);
  const addedBy = ctx.staff().userId;
  const now = new Date();
  const values = rows.map(
    (r): Insertable<ParticipantsTable> => ({
      ...(columnsOf(r.record, defaultLanguage) as Insertable<ParticipantsTable>),
      status: 'NOTINVITED',
      source: 'MANUAL',
      version_id: r.versionId,
      verification_method: r.needs.mobile === 'required' && r.needs.email !== 'required' ? 'phone' : 'email',
      added_by: addedBy,
      updated_at: now,
      study_id: input.studyId,
      site_id: r.site.id,
      environment: ctx.env,
      participant_code: codeOf(r),
    }),
  );
  const inserted = await insertParticipants(ctx.db, values).catch((e: unknown) => {
    // an id added by someone else since the check (the database keeps ids unique in a data space)
    if (isUniqueViolation(e))
      throw fail('CONFLICT', undefined, { message: messageRef('participants.import.takenMeanwhile') });
    throw e;
  });
  // one entry per participant, so each one's trail shows how they came in (the audit writer chunks large requests)
  for (const entry of rows.map(
    (r, i): AuditEntry => ({
      action: 'participant.import',
      entityType: 'participant',
      entityId: inserted[i]!.id,
      after: {
        participantId: inserted[i]!.participant_code,
        siteId: r.site.id,
        versionId: r.versionId,
        row: r.row,
        ...recordForAudit(r.record),
      },
    }),
  ))
    ctx.audit(entry);
  return {
    imported: inserted.length,
    participants: inserted
      .slice(0, PARTICIPANT_IMPORT_LISTED)
      .map((p) => ({ id: p.id, participantId: p.participant_code })),
  };
}
