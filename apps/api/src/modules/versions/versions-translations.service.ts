/**
 * Translations of a version's texts (C-172, C-174; decision 0035): the missing-translations report, the
 * XLIFF 2.0 export (source = the study's first language) and the import of a translated file into the
 * draft — the whole file is checked first (XLIFF 2.0, the study's source language, a target language of
 * the study, every unit id a text of the draft, every section still valid under the study's rules) and
 * applied all or nothing, with unsafe markup removed; audited with one item per changed text.
 */
import {
  applyTranslations,
  contentAuditItems,
  isVersionEditable,
  issueFieldRefs,
  type MessageRef,
  messageRef,
  missingTranslations,
  sectionTitleKey,
  studyContentSectionSchema,
  studyTextEntries,
  translate,
} from '@trialpath/domain';
import '@trialpath/domain/staff-messages';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { requireEditableStudy, requireStudyBuilder } from '../access/access.service';
import { studyTextLanguages } from '../studies/studies.service';
import { findVersion, lockVersion, saveContent, type VersionRow } from './versions.repository';
import { contentOf, json } from './versions.service';
import { readXliff, writeXliff } from './xliff';

type VersionInput = { studyId: string; versionId: string };

async function versionOfStudy(ctx: ServiceCtx, input: VersionInput, lock = false): Promise<VersionRow> {
  const row = lock ? await lockVersion(ctx.db, input.versionId) : await findVersion(ctx.db, input.versionId);
  if (!row || row.study_id !== input.studyId) throw fail('NOT_FOUND');
  return row;
}

/** ★ Which texts of the version lack which study language. */
export async function translationReport(ctx: ServiceCtx, input: VersionInput) {
  await requireStudyBuilder(ctx, input.studyId);
  const row = await versionOfStudy(ctx, input);
  const languages = await studyTextLanguages(ctx, input.studyId);
  return { versionId: row.id, ...missingTranslations(contentOf(row), languages) };
}

/** The version's texts as XLIFF 2.0 from the study's source language into `language`. */
export async function translationExport(ctx: ServiceCtx, input: VersionInput & { language: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const row = await versionOfStudy(ctx, input);
  const { defaultLanguage, languages } = await studyTextLanguages(ctx, input.studyId);
  if (input.language === defaultLanguage || !languages.includes(input.language)) {
    throw fail('VALIDATION_FAILED', undefined, {
      fields: { language: [messageRef('translations.wrongTarget', { language: input.language })] },
    });
  }
  const units = studyTextEntries(contentOf(row))
    .filter((e) => (e.text[defaultLanguage] ?? '').trim() !== '')
    .map((e) => ({
      id: e.id,
      note: translate(sectionTitleKey(e.section)),
      source: e.text[defaultLanguage] ?? '',
      target: e.text[input.language],
    }));
  const fileId = `v${row.number}`;
  return {
    fileName: `study-${input.studyId.slice(0, 8)}-v${row.number}-${defaultLanguage}-${input.language}.xlf`,
    sourceLanguage: defaultLanguage,
    targetLanguage: input.language,
    unitCount: units.length,
    xliff: writeXliff({ fileId, sourceLanguage: defaultLanguage, targetLanguage: input.language, units }),
  };
}

/** A refused file: 400 on the `xliff` field with every problem, nothing applied. */
function refused(refs: MessageRef[], problems: { id: string | null; messageKey: string; params?: object }[]) {
  return fail('VALIDATION_FAILED', undefined, {
    message: messageRef('translations.notImported', { count: problems.length }),
    fields: { xliff: refs },
    details: { problems },
  });
}

/** Import a translated XLIFF 2.0 file into the draft: all or nothing. */
export async function translationImport(ctx: ServiceCtx, input: VersionInput & { xliff: string }) {
  await requireEditableStudy(ctx, input.studyId);
  const row = await versionOfStudy(ctx, input, true);
  if (!isVersionEditable(row.status)) {
    throw fail('VERSION_IMMUTABLE', undefined, { details: { versionId: row.id, status: row.status } });
  }
  const file = readXliff(input.xliff);
  if (!file.ok) {
    throw refused([messageRef('translations.notXliff')], [{ id: null, messageKey: 'translations.notXliff' }]);
  }
  const rules = await studyTextLanguages(ctx, input.studyId);
  if (file.sourceLanguage !== rules.defaultLanguage) {
    const params = { found: file.sourceLanguage, expected: rules.defaultLanguage };
    throw refused(
      [messageRef('translations.wrongSource', params)],
      [{ id: null, messageKey: 'translations.wrongSource', params }],
    );
  }
  const language = file.targetLanguage;
  if (language === rules.defaultLanguage || !rules.languages.includes(language)) {
    const params = { language: language || '—' };
    throw refused(
      [messageRef('translations.wrongTarget', params)],
      [{ id: null, messageKey: 'translations.wrongTarget', params }],
    );
  }
  const before = contentOf(row);
  const outcome = applyTranslations(
    before,
    language,
    file.units.map((u) => ({ id: u.id, target: u.target })),
  );
  const problems: { id: string | null; messageKey: string; params?: object }[] = outcome.problems.map((p) => ({
    id: p.id,
    messageKey: p.messageKey,
    params: { id: p.id },
  }));
  // Every changed section must still satisfy the study's rules (lengths, languages).
  for (const section of outcome.sections) {
    const checked = studyContentSectionSchema(section, rules).safeParse(outcome.content[section]);
    if (!checked.success) {
      const refs = issueFieldRefs(checked.error.issues, { value: outcome.content[section] });
      for (const [field, list] of Object.entries(refs)) {
        for (const ref of list) problems.push({ id: `${section}.${field}`, messageKey: ref.key, params: ref.params });
      }
    }
  }
  if (problems.length > 0) {
    throw refused(
      problems.map((p) => messageRef(p.messageKey as never, p.params as never)),
      problems,
    );
  }
  if (outcome.changed.length > 0) {
    const stored = json<Record<string, number> | null>(row.section_revisions) ?? {};
    const revisions = { ...stored };
    for (const s of outcome.sections) revisions[s] = Number(stored[s] ?? 0) + 1;
    await saveContent(ctx.db, {
      id: row.id,
      content: outcome.content,
      sectionRevisions: revisions,
      updatedBy: ctx.staff().userId,
    });
  }
  ctx.audit({
    action: 'study.translations.import',
    entityType: 'study_version',
    entityId: row.id,
    before: { language, sections: Object.fromEntries(outcome.sections.map((s) => [s, before[s]])) },
    after: {
      language,
      unitCount: file.units.length,
      changed: outcome.changed,
      sanitised: outcome.sanitised,
      sections: Object.fromEntries(outcome.sections.map((s) => [s, outcome.content[s]])),
    },
    items: outcome.sections.flatMap((s) => contentAuditItems(s, before[s], outcome.content[s])),
  });
  return { language, unitCount: file.units.length, changed: outcome.changed, sanitised: outcome.sanitised };
}
