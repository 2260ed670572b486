/**
 * Saved reports (issue 13; G-017, G-018; decision G-reports): a study's reports of the page's data space, seen by
 * everyone of the study who may see reports, changed or deleted by the person who made them; running one reads the
 * current data of the sites the caller may see (so two people may get different rows from one report). Each write
 * is audited.
 */
import { type Report, type ReportDefinition, ReportDefinitionSchema } from '@trialpath/contract';
import { chartCsv, chartCsvFileName, messageRef, pickText, translate } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { BinaryResponse } from '../../http/context';
import { requireStudy, visibleSites } from '../access/access.service';
import { fileHeaders } from '../files/files.service';
import { activityTitles } from './analytics.repository';
import {
  activityTotals,
  deleteReportRow,
  findReport,
  insertReport,
  type ReportScope,
  reportCount,
  reportParticipants,
  studyReports,
  updateReportRow,
} from './reports.repository';

type Row = NonNullable<Awaited<ReturnType<typeof findReport>>>;

const reportOf = (r: Row): Report => ({
  id: r.id,
  name: r.name,
  // saved through the schema; parsed again so a definition from an older shape gets today's defaults
  definition: ReportDefinitionSchema.parse(r.definition),
  createdBy: r.author || r.username || '',
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const notFound = () => fail('NOT_FOUND', undefined, { message: messageRef('reports.notFound') });

async function loadReport(ctx: ServiceCtx, studyId: string, reportId: string, lock = false) {
  const row = await findReport(ctx.db, studyId, ctx.env, reportId, lock);
  if (!row) throw notFound();
  return row;
}

export async function reportList(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudy(ctx, input.studyId);
  return { items: (await studyReports(ctx.db, input.studyId, ctx.env)).map(reportOf) };
}

export async function createStudyReport(
  ctx: ServiceCtx,
  input: { studyId: string; name: string; definition: ReportDefinition },
) {
  await requireStudy(ctx, input.studyId);
  const { id } = await insertReport(ctx.db, {
    studyId: input.studyId,
    environment: ctx.env,
    name: input.name,
    definition: input.definition,
    by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'report.create',
    entityType: 'report',
    entityId: id,
    after: { studyId: input.studyId, name: input.name, definition: input.definition },
  });
  return reportOf(await loadReport(ctx, input.studyId, id));
}

export async function readReport(ctx: ServiceCtx, input: { studyId: string; reportId: string }) {
  await requireStudy(ctx, input.studyId);
  return reportOf(await loadReport(ctx, input.studyId, input.reportId));
}

async function ownReport(ctx: ServiceCtx, studyId: string, reportId: string) {
  await requireStudy(ctx, studyId);
  const row = await loadReport(ctx, studyId, reportId, true);
  if (row.created_by !== ctx.staff().userId)
    throw fail('FORBIDDEN', undefined, { message: messageRef('reports.notYours') });
  return row;
}

export async function changeReport(
  ctx: ServiceCtx,
  input: { studyId: string; reportId: string; name: string; definition: ReportDefinition; expectedUpdatedAt: string },
) {
  const before = await ownReport(ctx, input.studyId, input.reportId);
  if (before.updated_at.toISOString() !== new Date(input.expectedUpdatedAt).toISOString())
    throw fail('CONFLICT', undefined, { message: messageRef('reports.changedSince') });
  await updateReportRow(ctx.db, before.id, input);
  ctx.audit({
    action: 'report.update',
    entityType: 'report',
    entityId: before.id,
    before: { name: before.name, definition: before.definition },
    after: { name: input.name, definition: input.definition },
  });
  return reportOf(await loadReport(ctx, input.studyId, before.id));
}

export async function removeReport(ctx: ServiceCtx, input: { studyId: string; reportId: string }) {
  const before = await ownReport(ctx, input.studyId, input.reportId);
  await deleteReportRow(ctx.db, before.id);
  ctx.audit({
    action: 'report.delete',
    entityType: 'report',
    entityId: before.id,
    before: { name: before.name, definition: before.definition },
  });
  return { deleted: true as const };
}

/** The report's participants for this caller: its filters within the sites the caller may see. */
async function scopeOf(ctx: ServiceCtx, studyId: string, report: Report) {
  const access = await requireStudy(ctx, studyId);
  const sites = await ctx.db
    .selectFrom('sites')
    .select(['id', 'site_sub_type', 'country_id'])
    .where('study_id', '=', studyId)
    .execute();
  const f = report.definition.filters;
  const countries = new Set(f.countryIds.map((c) => c.toUpperCase()));
  const siteIds = (access.global ? sites : visibleSites(ctx, access, sites))
    .filter((s) => (!countries.size || countries.has(s.country_id)) && (!f.siteIds.length || f.siteIds.includes(s.id)))
    .map((s) => s.id);
  const scope: ReportScope = {
    studyId,
    environment: ctx.env,
    siteIds,
    statuses: f.statuses,
    participantIds: f.participantsIds,
    fromDate: f.fromDate,
    toDate: f.toDate,
  };
  return scope;
}

async function columnsOf(ctx: ServiceCtx, report: Report) {
  const lang = ctx.request.language;
  const titles = new Map(
    (await activityTitles(ctx.db, report.definition.activityIds)).map((a) => [a.id, pickText(a.title, lang, 'en')]),
  );
  return [
    ...report.definition.fields.map((f) => ({ key: f, label: translate(`reports.field.${f}`, undefined, lang) })),
    ...report.definition.activityIds.map((id) => ({
      key: `activity:${id}`,
      label: translate(
        'reports.activityColumn',
        { title: titles.get(id) || translate('reports.visitPacket', undefined, lang) },
        lang,
      ),
    })),
  ];
}

type ParticipantRow = Awaited<ReturnType<typeof reportParticipants>>[number];

async function rowsOf(ctx: ServiceCtx, report: Report, people: ParticipantRow[]) {
  const totals = await activityTotals(
    ctx.db,
    people.map((p) => p.id),
    report.definition.activityIds,
  );
  const perActivity = new Map(totals.map((t) => [`${t.participant_id}|${t.target_id}`, t]));
  const value = (p: ParticipantRow, field: ReportDefinition['fields'][number]): string | number | null => {
    switch (field) {
      case 'participantId':
        return p.participant_code;
      case 'site':
        return p.site_name;
      case 'country':
        return p.country_name;
      case 'status':
        return p.status;
      case 'source':
        return p.source;
      case 'registrationDate':
        return p.registration_date ? p.registration_date.toISOString().slice(0, 10) : null;
      case 'consentState':
        return p.consent_state;
      case 'tasksCompleted':
        return p.completed ?? 0;
      case 'tasksTotal':
        return p.total ?? 0;
      case 'completion':
        return p.total ? Math.round(((p.completed ?? 0) * 100) / p.total) : null;
    }
  };
  return people.map((p) => [
    ...report.definition.fields.map((f) => value(p, f)),
    ...report.definition.activityIds.map((a) => {
      const t = perActivity.get(`${p.id}|${a}`);
      return t ? `${t.completed}/${t.total}` : null;
    }),
  ]);
}

export async function reportResult(
  ctx: ServiceCtx,
  input: { studyId: string; reportId: string; page: number; pageSize: number },
) {
  const report = reportOf(await loadReport(ctx, input.studyId, input.reportId));
  const scope = await scopeOf(ctx, input.studyId, report);
  const [total, people, columns] = await Promise.all([
    scope.siteIds.length ? reportCount(ctx.db, scope) : 0,
    scope.siteIds.length
      ? reportParticipants(ctx.db, scope, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize })
      : [],
    columnsOf(ctx, report),
  ]);
  return {
    columns,
    rows: await rowsOf(ctx, report, people),
    total,
    page: input.page,
    pageSize: input.pageSize,
    generatedAt: new Date().toISOString(),
  };
}

/** Every row of the report as CSV: the title and the time first, then the header and the rows (as a chart's). */
export async function reportCsv(ctx: ServiceCtx, input: { studyId: string; reportId: string }) {
  const report = reportOf(await loadReport(ctx, input.studyId, input.reportId));
  const scope = await scopeOf(ctx, input.studyId, report);
  const [people, columns] = await Promise.all([
    scope.siteIds.length ? reportParticipants(ctx.db, scope, { offset: 0, limit: null }) : [],
    columnsOf(ctx, report),
  ]);
  const now = new Date();
  const csv = chartCsv(
    report.name,
    now,
    columns.map((c) => c.label),
    await rowsOf(ctx, report, people),
  );
  const name = chartCsvFileName(report.name, now);
  // a byte-order mark: spreadsheet programs then read the file as UTF-8 (names with accents)
  return new BinaryResponse(
    'text/csv; charset=utf-8',
    Buffer.from(`\uFEFF${csv}`, 'utf8'),
    fileHeaders('text/csv', 'attachment', name),
  );
}

/**
 * A saved report's every row for an export job (H-006): its filters within the sites the export was asked for
 * (frozen when it was asked), in English. Null when the report no longer exists.
 */
export async function reportTableForExport(
  ctx: ServiceCtx,
  input: { studyId: string; reportId: string; siteIds: readonly string[] },
) {
  const row = await findReport(ctx.db, input.studyId, ctx.env, input.reportId);
  if (!row) return null;
  const report = reportOf(row);
  const f = report.definition.filters;
  const scope: ReportScope = {
    studyId: input.studyId,
    environment: ctx.env,
    siteIds: f.siteIds.length ? input.siteIds.filter((id) => f.siteIds.includes(id)) : input.siteIds,
    statuses: f.statuses,
    participantIds: f.participantsIds,
    fromDate: f.fromDate,
    toDate: f.toDate,
  };
  const people = scope.siteIds.length ? await reportParticipants(ctx.db, scope, { offset: 0, limit: null }) : [];
  const columns = await columnsOf(ctx, report);
  return { name: report.name, columns: columns.map((c) => c.label), rows: await rowsOf(ctx, report, people) };
}
