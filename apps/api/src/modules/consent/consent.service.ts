/**
 * Consent configuration (000 §7.5, decision D-018). Consents and cohorts are two sections of the study's
 * draft version; every call here reads the draft, changes one consent, one part of it or one order, and
 * saves the section through the versions service, which checks the revision, the study's languages and
 * the draft's state, and audits the change item by item in the request's transaction.
 */
import {
  type Consent,
  type ConsentPart,
  consentWithoutLanguage,
  type SectionValue,
  type StudyContent,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { studyTextLanguages } from '../studies/studies.service';
import { readDraft, updateDraftSection } from '../versions/versions.service';
import { readVersion } from '../versions/versions-lifecycle.service';

type Version = Awaited<ReturnType<typeof readDraft>>;

function configurationOf(v: Version) {
  return {
    versionId: v.id,
    versionStatus: v.status,
    revision: v.sectionRevisions.consents,
    consents: v.content.consents.items,
    cohortsRevision: v.sectionRevisions.cohorts,
    cohorts: v.content.cohorts.items,
  };
}

/** The consents and cohorts of the draft, or of a named version of the study. */
export async function consentConfiguration(ctx: ServiceCtx, input: { studyId: string; versionId?: string }) {
  const version = input.versionId
    ? await readVersion(ctx, { studyId: input.studyId, versionId: input.versionId })
    : await readDraft(ctx, input);
  return configurationOf(version as Version);
}

type Consents = SectionValue<'consents'>['items'];

/** Saves the draft's consents and answers the whole configuration as it now stands. */
async function saveConsents(ctx: ServiceCtx, studyId: string, draft: Version, revision: number, items: Consents) {
  await updateDraftSection(ctx, { studyId, versionId: draft.id, section: 'consents', revision, value: { items } });
  return configurationOf(await readDraft(ctx, { studyId }));
}

async function saveCohorts(
  ctx: ServiceCtx,
  studyId: string,
  draft: Version,
  revision: number,
  items: SectionValue<'cohorts'>['items'],
) {
  await updateDraftSection(ctx, { studyId, versionId: draft.id, section: 'cohorts', revision, value: { items } });
  return configurationOf(await readDraft(ctx, { studyId }));
}

function indexOfConsent(content: StudyContent, consentId: string): number {
  const index = content.consents.items.findIndex((c) => c.id === consentId);
  if (index < 0) throw fail('NOT_FOUND', undefined, { message: { key: 'consent.notFound', params: { consentId } } });
  return index;
}

function replaced(items: Consents, index: number, next: Consent): Consents {
  return items.map((c, i) => (i === index ? next : c));
}

export async function createConsent(ctx: ServiceCtx, input: { studyId: string; revision: number; consent: Consent }) {
  const draft = await readDraft(ctx, input);
  const { items } = draft.content.consents;
  if (items.some((c) => c.id === input.consent.id)) {
    throw fieldProblem('CONFLICT', 'consent.id', 'consent.idTaken', { consentId: input.consent.id });
  }
  return saveConsents(ctx, input.studyId, draft, input.revision, [...items, input.consent]);
}

export async function updateConsent(
  ctx: ServiceCtx,
  input: { studyId: string; consentId: string; revision: number; consent: Consent },
) {
  const draft = await readDraft(ctx, input);
  const index = indexOfConsent(draft.content, input.consentId);
  // the id names the consent in the audit trail and in what participants signed: it does not change
  const next = { ...input.consent, id: input.consentId };
  return saveConsents(ctx, input.studyId, draft, input.revision, replaced(draft.content.consents.items, index, next));
}

export async function deleteConsent(ctx: ServiceCtx, input: { studyId: string; consentId: string; revision: number }) {
  const draft = await readDraft(ctx, input);
  indexOfConsent(draft.content, input.consentId);
  const user = draft.content.cohorts.items.find((c) => c.consentIds.includes(input.consentId));
  if (user) {
    const cohort = Object.values(user.name).find((n) => n.trim() !== '') ?? user.id;
    throw fail('CONFLICT', undefined, { message: { key: 'consent.usedByCohort', params: { cohort } } });
  }
  const items = draft.content.consents.items.filter((c) => c.id !== input.consentId);
  return saveConsents(ctx, input.studyId, draft, input.revision, items);
}

export async function updateConsentPart(
  ctx: ServiceCtx,
  input: { studyId: string; consentId: string; part: ConsentPart; revision: number; value: unknown },
) {
  const draft = await readDraft(ctx, input);
  const index = indexOfConsent(draft.content, input.consentId);
  const current = draft.content.consents.items[index]!;
  const next = { ...current, [input.part]: input.value } as Consent;
  return saveConsents(ctx, input.studyId, draft, input.revision, replaced(draft.content.consents.items, index, next));
}

export async function updateConsentFlags(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    consentId: string;
    revision: number;
    educationEnabled: boolean;
    comprehensionEnabled: boolean;
    documentAndSignatureEnabled: boolean;
    digitalSignatureEnabled: boolean;
  },
) {
  const draft = await readDraft(ctx, input);
  const index = indexOfConsent(draft.content, input.consentId);
  const { educationEnabled, comprehensionEnabled, documentAndSignatureEnabled, digitalSignatureEnabled } = input;
  const next = {
    ...draft.content.consents.items[index]!,
    educationEnabled,
    comprehensionEnabled,
    documentAndSignatureEnabled,
    digitalSignatureEnabled,
  };
  return saveConsents(ctx, input.studyId, draft, input.revision, replaced(draft.content.consents.items, index, next));
}

export async function deleteConsentLanguage(
  ctx: ServiceCtx,
  input: { studyId: string; consentId: string; language: string; revision: number },
) {
  const draft = await readDraft(ctx, input);
  const index = indexOfConsent(draft.content, input.consentId);
  const { defaultLanguage } = await studyTextLanguages(ctx, input.studyId);
  if (defaultLanguage === input.language) {
    throw fail('VALIDATION_FAILED', undefined, {
      message: { key: 'consent.defaultLanguage', params: { language: input.language } },
    });
  }
  const next = consentWithoutLanguage(draft.content.consents.items[index]!, input.language);
  return saveConsents(ctx, input.studyId, draft, input.revision, replaced(draft.content.consents.items, index, next));
}

/** The list in the given order; refused unless every id of the list is given exactly once. */
function reordered<T extends { id: string }>(items: readonly T[], ids: readonly string[], field: string): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const distinct = new Set(ids);
  if (distinct.size !== ids.length || ids.length !== items.length || ids.some((id) => !byId.has(id))) {
    throw fieldProblem('VALIDATION_FAILED', field, 'consent.orderMismatch', {
      expected: items.length,
      given: ids.length,
    });
  }
  return ids.map((id) => byId.get(id)!);
}

export async function orderConsents(
  ctx: ServiceCtx,
  input: { studyId: string; revision: number; consentIds: string[] },
) {
  const draft = await readDraft(ctx, input);
  const items = reordered(draft.content.consents.items, input.consentIds, 'consentIds');
  return saveConsents(ctx, input.studyId, draft, input.revision, items);
}

export async function orderCohorts(ctx: ServiceCtx, input: { studyId: string; revision: number; cohortIds: string[] }) {
  const draft = await readDraft(ctx, input);
  const items = reordered(draft.content.cohorts.items, input.cohortIds, 'cohortIds');
  return saveCohorts(ctx, input.studyId, draft, input.revision, items);
}

export async function setCohortConsents(
  ctx: ServiceCtx,
  input: { studyId: string; cohortId: string; revision: number; consentIds: string[] },
) {
  const draft = await readDraft(ctx, input);
  const { items } = draft.content.cohorts;
  const index = items.findIndex((c) => c.id === input.cohortId);
  if (index < 0) {
    throw fail('NOT_FOUND', undefined, {
      message: { key: 'consent.cohortNotFound', params: { cohortId: input.cohortId } },
    });
  }
  const next = items.map((c, i) => (i === index ? { ...c, consentIds: input.consentIds } : c));
  return saveCohorts(ctx, input.studyId, draft, input.revision, next);
}
