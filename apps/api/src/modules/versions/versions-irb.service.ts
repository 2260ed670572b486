/**
 * IRB/EC documentation (C-100, C-101, C-102; decision 0035): a PDF of a published version — the study's
 * facts, the version, its content texts in every study language and ★ what changed since the version
 * published before it (the same diff as the diff screen and the publish audit entry). The PDF is a stored
 * file of the files module (kind 'irb'); irb_documents says what it documents. Generating, downloading and
 * e-mailing are audited.
 */
import type { IrbDocument } from '@trialpath/contract';
import {
  type DiffChange,
  diffVersions,
  pickText,
  sectionTitleKey,
  studyTextEntries,
  translate,
} from '@trialpath/domain';
import '@trialpath/domain/staff-messages';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireStudyBuilder } from '../access/access.service';
import { readStoredFile, storedFile, storeFile } from '../files/files.service';
import { queueEmail } from '../outbox/outbox.service';
import { studyDetails, studyTextLanguages } from '../studies/studies.service';
import { staffPeople } from '../users/users.service';
import { findIrbDocument, insertIrbDocument, type IrbDocumentRow, listIrbDocumentsOfStudy } from './irb.repository';
import { type PdfBlock, plainText, renderPdf } from '../../kernel/pdf';
import { findVersion, listVersionsOfStudy, type VersionRow } from './versions.repository';
import { contentOf, FIRST_PARTS, partsOf } from './versions.service';

const L = {
  en: {
    title: 'IRB/EC documentation',
    facts: 'Study',
    name: 'Name',
    code: 'Study code',
    sponsor: 'Sponsor',
    status: 'Status',
    languages: 'Languages',
    sites: 'Sites',
    version: 'Version',
    published: 'Published',
    notes: 'Notes',
    generated: 'Generated',
    texts: 'Content texts per language',
    changes: 'Changes since {from}',
    firstVersion: 'Changes compared with the default content (first published version)',
    noChanges: 'No changes.',
    none: 'none',
  },
  es: {
    title: 'Documentación para el CEI',
    facts: 'Estudio',
    name: 'Nombre',
    code: 'Código del estudio',
    sponsor: 'Promotor',
    status: 'Estado',
    languages: 'Idiomas',
    sites: 'Centros',
    version: 'Versión',
    published: 'Publicada',
    notes: 'Notas',
    generated: 'Generada',
    texts: 'Textos del contenido por idioma',
    changes: 'Cambios desde {from}',
    firstVersion: 'Cambios respecto al contenido predeterminado (primera versión publicada)',
    noChanges: 'Sin cambios.',
    none: 'ninguno',
  },
} as const;

function shown(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  return typeof v === 'string' ? plainText(v) : JSON.stringify(v);
}

function changeLine(c: DiffChange, lang: string, defaultLanguage: string): string {
  const item = c.item ? `${pickText(c.item.title, lang, defaultLanguage) || c.item.id} · ` : '';
  const where = `${item}${c.field || c.item?.list || ''}${c.language ? ` [${c.language}]` : ''}`;
  if (c.kind === 'moved') return `${c.kind.toUpperCase()} ${where}: ${String(c.before)} -> ${String(c.after)}`;
  return `${c.kind.toUpperCase()} ${where}: ${shown(c.before)} -> ${shown(c.after)}`;
}

/** The version published before this one (published or since archived), by number. */
function previousPublished(versions: VersionRow[], version: VersionRow): VersionRow | undefined {
  return versions
    .filter((v) => v.status !== 'DRAFT' && v.number < version.number && v.published_at)
    .sort((a, b) => b.number - a.number)[0];
}

async function toDocument(ctx: ServiceCtx, rows: IrbDocumentRow[]): Promise<IrbDocument[]> {
  const people = await staffPeople(
    ctx,
    rows.map((r) => r.created_by),
  );
  const out: IrbDocument[] = [];
  for (const r of rows) {
    const [version, compared, file] = await Promise.all([
      findVersion(ctx.db, r.version_id),
      r.compared_with_version_id ? findVersion(ctx.db, r.compared_with_version_id) : undefined,
      storedFile(ctx, r.file_id),
    ]);
    out.push({
      id: r.id,
      studyId: r.study_id,
      version: { id: version!.id, number: version!.number, name: version!.name },
      comparedWith: compared ? { id: compared.id, number: compared.number, name: compared.name } : null,
      language: r.language,
      fileName: file?.fileName ?? `${r.id}.pdf`,
      byteSize: file?.byteSize ?? 0,
      sha256: file?.sha256 ?? '',
      createdBy: (r.created_by && people.get(r.created_by)) || null,
      createdAt: r.created_at.toISOString(),
    });
  }
  return out;
}

export async function irbDocuments(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  return { items: await toDocument(ctx, await listIrbDocumentsOfStudy(ctx.db, input.studyId)) };
}

/** C-100: generate the PDF of a published version (default: the newest published). */
export async function generateIrb(
  ctx: ServiceCtx,
  input: { studyId: string; versionId?: string; language: 'en' | 'es' },
) {
  await requireStudyBuilder(ctx, input.studyId);
  const study = await studyDetails(ctx, { studyId: input.studyId });
  const versions = await listVersionsOfStudy(ctx.db, input.studyId);
  const published = versions.filter((v) => v.status !== 'DRAFT').sort((a, b) => b.number - a.number);
  const version = input.versionId ? published.find((v) => v.id === input.versionId) : published[0];
  if (!version) {
    if (input.versionId && versions.some((v) => v.id === input.versionId)) {
      throw fieldProblem('CONFLICT', 'versionId', 'irb.noPublished');
    }
    if (input.versionId) throw fail('NOT_FOUND');
    throw fail('CONFLICT', undefined, { message: { key: 'irb.noPublished' } });
  }
  const previous = previousPublished(versions, version);
  const { defaultLanguage, languages } = await studyTextLanguages(ctx, input.studyId);
  const content = contentOf(version);
  const diff = diffVersions(previous ? await partsOf(ctx, previous) : FIRST_PARTS(), await partsOf(ctx, version));
  const t = L[input.language];
  const lang = input.language;
  const now = new Date().toISOString();
  const blocks: PdfBlock[] = [
    { kind: 'title', text: `${t.title}: ${study.name}` },
    { kind: 'heading', text: t.facts },
    { kind: 'fact', label: t.name, value: study.name },
    { kind: 'fact', label: t.code, value: study.code },
    { kind: 'fact', label: t.sponsor, value: study.sponsorName ?? '—' },
    { kind: 'fact', label: t.status, value: study.status },
    { kind: 'fact', label: t.languages, value: languages.join(', ') },
    {
      kind: 'fact',
      label: t.sites,
      value: study.sites.map((s) => `${s.siteId} ${s.name} (${s.countryId})`).join('; ') || t.none,
    },
    { kind: 'heading', text: t.version },
    { kind: 'fact', label: t.version, value: `${version.name} (#${version.number}, ${version.status})` },
    { kind: 'fact', label: t.published, value: version.published_at?.toISOString() ?? '—' },
    { kind: 'fact', label: t.notes, value: version.notes || '—' },
    { kind: 'fact', label: t.generated, value: now },
    { kind: 'heading', text: previous ? t.changes.replace('{from}', previous.name) : t.firstVersion },
  ];
  if (diff.groups.length === 0) blocks.push({ kind: 'text', text: t.noChanges });
  for (const g of diff.groups) {
    blocks.push({ kind: 'subheading', text: translate(g.titleKey as never, {}, lang) });
    for (const c of g.changes) blocks.push({ kind: 'text', text: changeLine(c, lang, defaultLanguage) });
  }
  blocks.push({ kind: 'heading', text: t.texts });
  let section = '';
  for (const e of studyTextEntries(content)) {
    if (!Object.values(e.text).some((x) => x.trim() !== '')) continue;
    if (e.section !== section) {
      section = e.section;
      blocks.push({ kind: 'subheading', text: translate(sectionTitleKey(e.section), {}, lang) });
    }
    blocks.push({ kind: 'text', text: e.id, muted: true });
    for (const l of languages) blocks.push({ kind: 'text', text: `[${l}] ${shown(e.text[l])}` });
  }
  const bytes = await renderPdf({ title: `${t.title}: ${study.code} ${version.name}`, subject: study.name }, blocks);
  const fileName = `irb-${study.code}-${version.name}.pdf`.replace(/[^A-Za-z0-9._-]+/g, '_');
  const file = await storeFile(ctx, {
    clientId: ctx.staff().clientId,
    studyId: input.studyId,
    kind: 'irb',
    contentType: 'application/pdf',
    data: bytes,
    fileName,
  });
  const row = await insertIrbDocument(ctx.db, {
    study_id: input.studyId,
    version_id: version.id,
    compared_with_version_id: previous?.id ?? null,
    file_id: file.id,
    language: lang,
    created_by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'study.irb.generate',
    entityType: 'irb_document',
    entityId: row.id,
    after: {
      studyId: input.studyId,
      version: version.number,
      comparedWith: previous?.number ?? null,
      fileId: file.id,
      sha256: file.sha256,
      changeCount: diff.changeCount,
      language: lang,
    },
  });
  return (await toDocument(ctx, [row]))[0]!;
}

async function documentOfStudy(ctx: ServiceCtx, input: { studyId: string; documentId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const row = await findIrbDocument(ctx.db, input.documentId);
  if (!row || row.study_id !== input.studyId) throw fail('NOT_FOUND');
  return row;
}

/** C-101: the PDF, audited. */
export async function downloadIrb(ctx: ServiceCtx, input: { studyId: string; documentId: string }) {
  const row = await documentOfStudy(ctx, input);
  const stored = await readStoredFile(ctx, row.file_id);
  if (!stored) throw fail('NOT_FOUND', undefined, { message: { key: 'irb.notGenerated' } });
  ctx.audit({
    action: 'study.irb.download',
    entityType: 'irb_document',
    entityId: row.id,
    after: { fileId: row.file_id, sha256: stored.file.sha256 },
  });
  return {
    fileName: stored.file.fileName ?? `${row.id}.pdf`,
    contentType: 'application/pdf' as const,
    base64: Buffer.from(stored.data).toString('base64'),
  };
}

/** C-102: an e-mail about the document through the outbox (the link opens it in the staff portal). */
export async function emailIrb(
  ctx: ServiceCtx,
  input: { studyId: string; documentId: string; to: string; message: string },
) {
  const row = await documentOfStudy(ctx, input);
  const [doc] = await toDocument(ctx, [row]);
  const study = await studyDetails(ctx, { studyId: input.studyId });
  const sender = (await staffPeople(ctx, [ctx.staff().userId])).get(ctx.staff().userId)?.name ?? 'Trialpath';
  await queueEmail(ctx, {
    to: input.to,
    template: 'irbDocumentation',
    language: row.language === 'es' ? 'es' : 'en',
    params: {
      study: study.name,
      version: doc!.version.name,
      sha256: doc!.sha256,
      sender,
      link: `${ctx.config.publicUrl}/#/studies/${input.studyId}/review/documentation`,
      message: input.message,
    },
  });
  ctx.audit({
    action: 'study.irb.email',
    entityType: 'irb_document',
    entityId: row.id,
    after: { to: input.to, message: input.message || null },
  });
  return { ok: true as const, to: input.to };
}
