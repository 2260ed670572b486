/**
 * The participant portal's content calls (001 §7; decision D-069): strings, countries and languages, the
 * global elements, and the portal data with its signed addresses, then the files those addresses open. Public
 * calls read only what a study's participants see before signing in, from the version the data space runs or
 * a published one; the participant's own tasks come only with their own portal data.
 */
import {
  catalogueKeys,
  type MessageKey,
  messageRef,
  PORTAL_AGREEMENTS,
  type PortalFacts,
  type PortalFile,
  type PortalTaskRow,
  parsePortalFileName,
  planTaskRows,
  portalConsent,
  portalDocument,
  portalFileName,
  portalFiles,
  portalIconIds,
  portalImageIds,
  portalJson,
  portalStrings,
  scheduleWindows,
  type StudyContent,
  translate,
} from '@trialpath/domain';
import type { Environment } from '../../db/schema';
import { BinaryResponse } from '../../http/context';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { plainText, renderPdf, type PdfBlock } from '../../kernel/pdf';
import { fileHeaders, readStoredFile } from '../files/files.service';
import { participantSchedule } from '../participants/participants.service';
import { ownTaskList } from '../schedules/schedules.service';
import {
  platformCountriesAndLanguages,
  studyById,
  studyPortalCountriesAndLanguages,
  studyTextLanguages,
  studyVersionPointers,
} from '../studies/studies.service';
import { versionForPortal } from '../versions/versions.service';
import { PORTAL_LINK_TTL_MS, readPortalLink, signPortalLink } from './portal-links';

type Study = NonNullable<Awaited<ReturnType<typeof studyById>>>;
type Version = NonNullable<Awaited<ReturnType<typeof versionForPortal>>>;

const noVersion = () => fail('NOT_FOUND', undefined, { message: messageRef('portalContent.noVersion') });

async function studyOf(ctx: DbCtx, studyId: string): Promise<Study> {
  const study = await studyById(ctx, studyId);
  if (!study || study.status === 'DELETED') throw fail('NOT_FOUND');
  return study;
}

/** The version the data space runs: live runs the live version, test the version being built. */
async function runningVersion(ctx: DbCtx, study: Study, env: Environment): Promise<Version> {
  const pointers = await studyVersionPointers(ctx, study.id);
  const id = env === 'LIVE' ? pointers.liveVersionId : pointers.testVersionId;
  const version = id ? await versionForPortal(ctx, study.id, id) : undefined;
  if (!version) throw noVersion();
  return version;
}

/** A version named by the portal: a published one, or (in test) the version the test data space runs. */
async function openVersion(ctx: DbCtx, study: Study, env: Environment, named: string | number): Promise<Version> {
  const version = await versionForPortal(ctx, study.id, named);
  if (!version) throw fail('NOT_FOUND');
  if (version.status !== 'DRAFT') return version;
  const pointers = await studyVersionPointers(ctx, study.id);
  if (env === 'TEST' && pointers.testVersionId === version.id) return version;
  throw fail('NOT_FOUND');
}

// ── strings, countries and languages, global elements ─────────────────────────────────────────────

export function staticStrings(input: { languageId: string }) {
  return {
    data: catalogueKeys().map((key) => ({
      resourceKey: key,
      resourceValue: translate(key, undefined, input.languageId),
    })),
  };
}

export async function studyTranslations(ctx: ServiceCtx, input: { studyId: string; languageId: string }) {
  const study = await studyOf(ctx, input.studyId);
  const version = await runningVersion(ctx, study, ctx.env);
  const { defaultLanguage } = await studyTextLanguages(ctx, study.id);
  const { culture, strings } = portalStrings(version.content, input.languageId, defaultLanguage);
  return { data: { [culture]: strings } };
}

export async function studyCountriesAndLanguages(
  ctx: ServiceCtx,
  input: { studyId: string; version: string | number },
) {
  const study = await studyOf(ctx, input.studyId);
  await openVersion(ctx, study, ctx.env, input.version);
  return { data: await studyPortalCountriesAndLanguages(ctx, study, ctx.request.language) };
}

export async function platformCountries(ctx: ServiceCtx) {
  return { data: (await platformCountriesAndLanguages(ctx, ctx.request.language)).countries };
}

export async function platformLanguages(ctx: ServiceCtx) {
  return { data: (await platformCountriesAndLanguages(ctx, ctx.request.language)).languages };
}

export async function globalElements(ctx: ServiceCtx, input: { studyId: string }) {
  const study = await studyOf(ctx, input.studyId);
  const version = await runningVersion(ctx, study, ctx.env).catch(() => null);
  const web = version?.content.webGlobal;
  return {
    data: {
      versionId: version?.id ?? null,
      siteTitle: web?.siteTitle ?? {},
      header: web?.header ?? {},
      footer: web?.footer ?? {},
      privacyPolicyUrl: web?.privacyPolicyUrl ?? null,
      termsUrl: web?.termsUrl ?? null,
      supportEmail: web?.supportEmail ?? null,
    },
  };
}

// ── the portal data ───────────────────────────────────────────────────────────────────────────

async function portalData(ctx: ServiceCtx, study: Study, version: Version, participantId: string | null) {
  const expiresAt = Date.now() + PORTAL_LINK_TTL_MS;
  const token = signPortalLink(
    { studyId: study.id, versionId: version.id, participantId, env: ctx.env, expiresAt },
    ctx.config.jwtSecret,
  );
  const { languages } = await studyTextLanguages(ctx, study.id);
  const files = portalFiles(version.content, languages);
  const url = (f: PortalFile) => {
    const name = portalFileName(f);
    return { name, url: `/api/v1/participant-web/content/${token}/${encodeURIComponent(name)}` };
  };
  const documents = (format: 'html' | 'pdf') =>
    files.filter((f) => f.kind === 'document' && f.format === format).map(url);
  return {
    versionId: version.id,
    expiresAt: new Date(expiresAt).toISOString(),
    listOfSignedHTMLURL: documents('html'),
    listOfSignedJSONURL: files
      .filter((f) => f.kind === 'json' || f.kind === 'consent' || f.kind === 'strings')
      .map(url),
    listOfSignedPDFURL: documents('pdf'),
    listOfSignedAgreementsURL: PORTAL_AGREEMENTS.map((document) => url({ kind: 'document', document, format: 'html' })),
    listOfImages: files.filter((f) => f.kind === 'image').map(url),
    icons: portalIconIds(version.content).map((id) => ({
      name: id,
      url: `/api/v1/icon-libraries/${encodeURIComponent(id)}`,
    })),
  };
}

/** D-080 without a participant: a published version named by its id. */
export async function publicPortalData(ctx: ServiceCtx, input: { studyId: string; versionId: string }) {
  const study = await studyOf(ctx, input.studyId);
  return portalData(ctx, study, await openVersion(ctx, study, ctx.env, input.versionId), null);
}

/** D-080 with the participant: their own version, their tasks and adherence in tasks_and_schedules. */
export async function myPortalData(ctx: ServiceCtx, input: { participantId?: string }) {
  const actor = ctx.participant();
  if (input.participantId && input.participantId !== actor.participantId) throw fail('FORBIDDEN');
  const me = await participantSchedule(ctx, actor.participantId);
  if (!me) throw fail('UNAUTHENTICATED');
  const study = await studyOf(ctx, me.study_id);
  const version = me.version_id ? await versionForPortal(ctx, study.id, me.version_id) : undefined;
  if (!version) throw noVersion();
  return portalData(ctx, study, version, me.id);
}

// ── the files ─────────────────────────────────────────────────────────────────────────────────

async function facts(ctx: DbCtx, study: Study, version: Version, activitiesOff: boolean): Promise<PortalFacts> {
  const { defaultLanguage, languages } = await studyTextLanguages(ctx, study.id);
  const { countries } = await studyPortalCountriesAndLanguages(
    { ...ctx, config: { publicUrl: '' } },
    study,
    defaultLanguage,
  );
  const closed = study.status === 'CLOSED' || study.status === 'ARCHIVED';
  return {
    studyId: study.id,
    studyCode: study.code,
    studyName: study.name,
    versionId: version.id,
    versionNumber: version.number,
    defaultLanguage,
    languages,
    countries: countries.map((c) => c.isoCode2),
    studyStartDate: study.launched_at ? study.launched_at.toISOString().slice(0, 10) : null,
    studyEndDate: closed ? study.updated_at.toISOString().slice(0, 10) : null,
    activityAllowed: (study.status === 'LIVE' || study.status === 'DESIGN') && !activitiesOff,
  };
}

/** The participant's occurrences of each schedule, with its window from the plan. */
async function participantRows(ctx: DbCtx, content: StudyContent, participantId: string): Promise<PortalTaskRow[]> {
  const me = await participantSchedule(ctx, participantId);
  if (!me) return [];
  const windows = scheduleWindows(content);
  const tasks = await ownTaskList(ctx, { id: me.id, time_zone: me.time_zone }, 'all');
  return tasks.map((t) => {
    const window = windows.get(t.schedule_id);
    return {
      taskId: t.schedule_id,
      instanceId: t.id,
      activityId: t.target_kind === 'activity' ? t.target_id : null,
      startDay: window?.startDay ?? t.start_day,
      endDay: window ? window.endDay : t.end_day,
      scheduledDate: new Intl.DateTimeFormat('en-CA', { timeZone: me.time_zone }).format(t.opens_at),
      taskStartDay: t.start_day,
      taskEndDay: t.end_day,
      completed: t.status === 'COMPLETED',
    };
  });
}

const DOCUMENT_TITLES: Record<string, MessageKey> = {
  agreement: 'portalContent.agreement',
  study_overview: 'portalContent.studyOverview',
  licenseAgreement: 'portalContent.licenseAgreement',
  privacy_policy: 'portalContent.privacyPolicy',
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A document's page: the sanitised rich texts under their headings, in a page that runs nothing. */
function documentHtml(language: string, doc: { title: string; parts: { heading: string; html: string }[] }) {
  const body = doc.parts
    .map((p) => `${p.heading ? `<h2>${escapeHtml(p.heading)}</h2>\n` : ''}<section>${p.html}</section>`)
    .join('\n');
  return `<!doctype html>\n<html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(doc.title)}</title></head>\n<body><h1>${escapeHtml(doc.title)}</h1>\n${body}\n</body></html>\n`;
}

const NO_SCRIPT = { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:" };

function json(value: unknown): BinaryResponse {
  return new BinaryResponse('application/json; charset=utf-8', Buffer.from(JSON.stringify(value)), {
    'cache-control': 'private, max-age=300',
  });
}

/** D-093, D-094: one file of a signed address; anything it does not open is a 404 (the portal's data-sync error). */
export async function portalFile(ctx: ServiceCtx, input: { token: string; name: string }): Promise<BinaryResponse> {
  const link = readPortalLink(input.token, ctx.config.jwtSecret, Date.now());
  const file = parsePortalFileName(input.name);
  if (!link || !file) throw fail('NOT_FOUND');
  const study = await studyOf(ctx, link.studyId);
  const version = await versionForPortal(ctx, study.id, link.versionId);
  if (!version) throw fail('NOT_FOUND');
  const content = version.content;
  const language = ctx.request.language;
  const { defaultLanguage, languages } = await studyTextLanguages(ctx, study.id);
  switch (file.kind) {
    case 'json': {
      const me = link.participantId ? await participantSchedule(ctx, link.participantId) : undefined;
      const rows = me ? await participantRows(ctx, content, me.id) : planTaskRows(content);
      return json(
        portalJson(file.file, content, await facts(ctx, study, version, me?.activities_disabled ?? false), rows),
      );
    }
    case 'consent': {
      const consent = content.consents.items.find((c) => c.id === file.consentId);
      if (!consent) throw fail('NOT_FOUND');
      return json(portalConsent(consent));
    }
    case 'strings':
      if (!languages.includes(file.culture)) throw fail('NOT_FOUND');
      return json(portalStrings(content, file.culture, defaultLanguage));
    case 'document': {
      const title = translate(DOCUMENT_TITLES[file.document]!, undefined, language);
      const doc = portalDocument(file.document, content, language, defaultLanguage, title);
      if (!doc) throw fail('NOT_FOUND');
      if (file.format === 'html')
        return new BinaryResponse('text/html; charset=utf-8', Buffer.from(documentHtml(language, doc)), NO_SCRIPT);
      const blocks: PdfBlock[] = [{ kind: 'title', text: doc.title }];
      for (const p of doc.parts) {
        if (p.heading) blocks.push({ kind: 'heading', text: p.heading });
        blocks.push({ kind: 'text', text: plainText(p.html) });
      }
      const pdf = await renderPdf({ title: doc.title, subject: study.name }, blocks);
      return new BinaryResponse(
        'application/pdf',
        pdf,
        fileHeaders('application/pdf', 'inline', `${file.document}.pdf`),
      );
    }
    case 'image': {
      if (!portalImageIds(content).includes(file.fileId)) throw fail('NOT_FOUND');
      const found = await readStoredFile(ctx, file.fileId);
      if (!found) throw fail('NOT_FOUND');
      return new BinaryResponse(found.file.contentType, found.data, fileHeaders(found.file.contentType, 'inline'));
    }
  }
}
