/**
 * The participant portal's content files (001 §7; decision D-069): what a published study version hands the
 * portal through signed addresses — the JSON files config, study, study_eligibility, tasks_and_schedules,
 * cohort, datavant_consent, consent_configuration, one per consent and one of strings per culture — and
 * the documents agreement, study_overview, licenseAgreement and privacy_policy. Pure: the API signs the
 * addresses and serves the bytes; the same names are read by the portal.
 */
import { consentLanguages, type Consent } from './content-consent';
import type { StudyContent } from './content';
import { pickText, type StudyText } from './localized';
import { studyTextEntries } from './translations';

export const PORTAL_JSON_FILES = [
  'config',
  'study',
  'study_eligibility',
  'tasks_and_schedules',
  'cohort',
  'datavant_consent',
  'consent_configuration',
] as const;
export type PortalJsonFile = (typeof PORTAL_JSON_FILES)[number];

export const PORTAL_DOCUMENTS = ['agreement', 'study_overview', 'licenseAgreement', 'privacy_policy'] as const;
export type PortalDocument = (typeof PORTAL_DOCUMENTS)[number];
/** The documents a participant agrees to (listOfSignedAgreementsURL); all four are also HTML and PDF. */
export const PORTAL_AGREEMENTS: readonly PortalDocument[] = ['agreement', 'licenseAgreement'];

/** One file a signed address names; `null` from parsePortalFileName: no such file. */
export type PortalFile =
  | { kind: 'json'; file: PortalJsonFile }
  | { kind: 'consent'; consentId: string }
  | { kind: 'strings'; culture: string }
  | { kind: 'document'; document: PortalDocument; format: 'html' | 'pdf' }
  | { kind: 'image'; fileId: string };

const CONSENT_PREFIX = 'consent_';
const STRINGS_SUFFIX = '-strings';
const IMAGE_PREFIX = 'image_';
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const CULTURE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The file name of a content file as it appears in a signed address. */
export function portalFileName(file: PortalFile): string {
  switch (file.kind) {
    case 'json':
      return `${file.file}.json`;
    case 'consent':
      return `${CONSENT_PREFIX}${file.consentId}.json`;
    case 'strings':
      return `${file.culture}${STRINGS_SUFFIX}.json`;
    case 'document':
      return `${file.document}.${file.format}`;
    case 'image':
      return `${IMAGE_PREFIX}${file.fileId}`;
  }
}

/** The file a name stands for, or null: a name the portal never gets is no file. */
export function parsePortalFileName(name: string): PortalFile | null {
  if (name.startsWith(IMAGE_PREFIX)) {
    const fileId = name.slice(IMAGE_PREFIX.length);
    return UUID.test(fileId) ? { kind: 'image', fileId } : null;
  }
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const base = name.slice(0, dot);
  const ext = name.slice(dot + 1);
  if (ext === 'html' || ext === 'pdf') {
    const document = PORTAL_DOCUMENTS.find((d) => d === base);
    return document ? { kind: 'document', document, format: ext } : null;
  }
  if (ext !== 'json') return null;
  const json = PORTAL_JSON_FILES.find((f) => f === base);
  if (json) return { kind: 'json', file: json };
  if (base.startsWith(CONSENT_PREFIX)) {
    const consentId = base.slice(CONSENT_PREFIX.length);
    return ID.test(consentId) ? { kind: 'consent', consentId } : null;
  }
  if (base.endsWith(STRINGS_SUFFIX)) {
    const culture = base.slice(0, -STRINGS_SUFFIX.length);
    return CULTURE.test(culture) ? { kind: 'strings', culture } : null;
  }
  return null;
}

/** Every file a version offers (the portal data's lists are made from this). */
export function portalFiles(content: StudyContent, languages: readonly string[]): PortalFile[] {
  return [
    ...PORTAL_JSON_FILES.map((file) => ({ kind: 'json' as const, file })),
    ...content.consents.items.map((c) => ({ kind: 'consent' as const, consentId: c.id })),
    ...languages.map((culture) => ({ kind: 'strings' as const, culture })),
    ...PORTAL_DOCUMENTS.flatMap((document) => [
      { kind: 'document' as const, document, format: 'html' as const },
      { kind: 'document' as const, document, format: 'pdf' as const },
    ]),
    ...portalImageIds(content).map((fileId) => ({ kind: 'image' as const, fileId })),
  ];
}

/** The uploaded images the version's participant pages show (logo, icon, hero, welcome and info screens). */
export function portalImageIds(content: StudyContent): string[] {
  const ids = [
    content.branding.logoFileId,
    content.branding.iconFileId,
    content.webHomepage.heroImageFileId,
    ...content.welcomeScreens.screens.map((s) => s.imageFileId),
    ...content.infoScreens.screens.map((s) => s.imageFileId),
  ];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/** The library icons the version's content names (learn-more, welcome, info screens, consent sections). */
export function portalIconIds(content: StudyContent): string[] {
  const ids: (string | null)[] = [
    ...content.learnMore.sections.map((s) => s.icon),
    ...content.welcomeScreens.screens.map((s) => s.icon),
    ...content.infoScreens.screens.map((s) => s.icon),
    ...content.consents.items.flatMap((c) => c.sections.map((s) => s.icon)),
  ];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

// ── the JSON files ─────────────────────────────────────────────────────────────────────────────

/** What the server knows beside the content: the study, its version, and the participant when there is one. */
export interface PortalFacts {
  studyId: string;
  studyCode: string;
  studyName: string;
  versionId: string;
  versionNumber: number;
  defaultLanguage: string;
  languages: readonly string[];
  countries: readonly string[];
  /** When the study was launched (its first live day); null before. */
  studyStartDate: string | null;
  /** When the study was closed; null while it runs. */
  studyEndDate: string | null;
  /** Whether activities may be answered now (the version runs, and staff did not turn them off for this participant). */
  activityAllowed: boolean;
}

/**
 * One occurrence of a schedule (D-049): `taskId` is the schedule (the task the study plans), `instanceId` the
 * participant's task of that day; a version's plan without a participant has one row per schedule.
 */
export interface PortalTaskRow {
  taskId: string;
  instanceId: string | null;
  activityId: string | null;
  /** The schedule's first and last study day. */
  startDay: number;
  endDay: number | null;
  /** The calendar day the occurrence opens (the participant's zone); null for a version's plan. */
  scheduledDate: string | null;
  /** The study days this occurrence is open. */
  taskStartDay: number;
  taskEndDay: number | null;
  completed: boolean;
}

const verificationMethodOf = (content: StudyContent) =>
  content.registration.verificationMethod === 'sms' ? 'phone' : 'email';

function config(content: StudyContent, facts: PortalFacts) {
  return {
    studyId: facts.studyId,
    studyCode: facts.studyCode,
    studyName: facts.studyName,
    versionId: facts.versionId,
    versionNumber: facts.versionNumber,
    defaultLanguage: facts.defaultLanguage,
    languages: facts.languages,
    openStudy: content.registration.openEnrolment,
    verificationMethod: verificationMethodOf(content),
    branding: {
      primaryColor: content.branding.primaryColor,
      secondaryColor: content.branding.secondaryColor,
      logoFileId: content.branding.logoFileId,
    },
    onboardingSteps: content.onboarding.steps,
  };
}

/** 001 §3 Study (D-043). */
function study(content: StudyContent, facts: PortalFacts) {
  return {
    id: facts.studyId,
    countryList: facts.countries,
    languages: facts.languages,
    studyStartDate: facts.studyStartDate,
    studyEndDate: facts.studyEndDate,
    // Invited participants start when the study team starts them; open enrolment starts on verification.
    isManualStudyStart: !content.registration.openEnrolment,
    activityAllowed: facts.activityAllowed,
    verificationMethod: verificationMethodOf(content),
  };
}

/** The screening questions without the answers that qualify (the server decides eligibility, D-097). */
function eligibility(content: StudyContent) {
  const web = content.webEligibilityScreening;
  const hasText = (t: StudyText) => Object.values(t).some((v) => v.trim() !== '');
  return {
    heading: web.heading,
    introduction: hasText(web.introduction) ? web.introduction : content.eligibility.introduction,
    questions: content.eligibility.questions.map((q) => ({ id: q.id, text: q.text })),
    ineligibleMessage: hasText(web.ineligibleMessage) ? web.ineligibleMessage : content.eligibility.ineligibleMessage,
  };
}

/** D-049 schedule and D-050 adherence (completed occurrences per task), with the activities the tasks are of. */
function tasksAndSchedules(content: StudyContent, rows: readonly PortalTaskRow[]) {
  const completed = new Map<string, number>();
  for (const r of rows) completed.set(r.taskId, (completed.get(r.taskId) ?? 0) + (r.completed ? 1 : 0));
  return {
    activities: content.studyActivities.items
      .filter((a) => !a.disabled)
      .map((a) => ({ activityId: a.id, revisionId: a.revisionId })),
    schedules: rows.map(({ completed: _, ...r }) => r),
    adherence: [...completed].map(([taskId, completedCount]) => ({ taskId, completedCount })),
  };
}

/** The schedule window (first and last study day) of each schedule of a version's plan. */
export function scheduleWindows(content: StudyContent): Map<string, { startDay: number; endDay: number | null }> {
  return new Map(content.schedule.schedules.map((s) => [s.id, { startDay: s.startDay, endDay: s.endDay ?? null }]));
}

/** A version's plan as rows: one per schedule, open for its window (no participant, no dates). */
export function planTaskRows(content: StudyContent): PortalTaskRow[] {
  return content.schedule.schedules.map((s) => ({
    taskId: s.id,
    instanceId: null,
    activityId: s.target.kind === 'activity' ? s.target.activityId : null,
    startDay: s.startDay,
    endDay: s.endDay ?? null,
    scheduledDate: null,
    taskStartDay: s.startDay,
    taskEndDay: s.endDay ?? null,
    completed: false,
  }));
}

function cohort(content: StudyContent) {
  const items = content.cohorts.items;
  return {
    cohorts: items.map((c) => ({ cohortId: c.id, name: c.name, description: c.description, consentIds: c.consentIds })),
    cohortSort: items.map((c) => c.id),
  };
}

function datavantConsent(content: StudyContent) {
  return {
    enabled: content.registration.recordLinkage,
    statement: content.registration.recordLinkageStatement,
  };
}

function consentConfiguration(content: StudyContent, languages: readonly string[]) {
  return {
    consentConfiguration: content.consents.items.map((c, order) => ({
      consentId: c.id,
      name: c.name,
      order,
      languages: consentLanguages(c, languages),
      educationEnabled: c.educationEnabled,
      comprehensionEnabled: c.comprehensionEnabled,
      documentAndSignatureEnabled: c.documentAndSignatureEnabled,
      digitalSignatureEnabled: c.digitalSignatureEnabled,
    })),
  };
}

/** 001 §3 Consent (D-051): consentId, sections, quiz, listOfDisclaimer — and the rest of the consent. */
export function portalConsent(c: Consent) {
  return {
    consentId: c.id,
    name: c.name,
    sections: c.sections,
    quiz: c.quiz,
    listOfDisclaimer: c.disclaimers,
    documents: c.documents.map(({ fileId: _, ...d }) => d),
    privacyPolicy: c.privacyPolicy,
    license: c.license,
    optionalConsents: c.optionalConsents,
    signatureMeaning: c.signatureMeaning,
  };
}

/** `{culture}-strings`: every study text in that culture (falling back as the portal shows it), keyed by its id. */
export function portalStrings(content: StudyContent, culture: string, defaultLanguage: string) {
  const strings: Record<string, { v: string }> = {};
  for (const entry of studyTextEntries(content))
    strings[entry.id] = { v: pickText(entry.text, culture, defaultLanguage) };
  return { culture, strings };
}

/** One JSON file of the version (the participant's tasks when there is a participant, else the plan). */
export function portalJson(
  file: PortalJsonFile,
  content: StudyContent,
  facts: PortalFacts,
  tasks: readonly PortalTaskRow[],
): unknown {
  switch (file) {
    case 'config':
      return config(content, facts);
    case 'study':
      return study(content, facts);
    case 'study_eligibility':
      return eligibility(content);
    case 'tasks_and_schedules':
      return tasksAndSchedules(content, tasks);
    case 'cohort':
      return cohort(content);
    case 'datavant_consent':
      return datavantConsent(content);
    case 'consent_configuration':
      return consentConfiguration(content, facts.languages);
  }
}

// ── the documents ──────────────────────────────────────────────────────────────────────────────

/** A document as parts, each rich text (sanitised HTML) under an optional heading, in one language. */
export interface PortalDocumentParts {
  title: string;
  parts: { heading: string; html: string }[];
}

const blank = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

/**
 * One document in `language` (C-173 fallback), or null when the version wrote nothing for it — the portal
 * then shows its data-sync message (001 §8) rather than an empty page.
 */
export function portalDocument(
  document: PortalDocument,
  content: StudyContent,
  language: string,
  defaultLanguage: string,
  defaultTitle: string,
): PortalDocumentParts | null {
  const pick = (t: StudyText) => pickText(t, language, defaultLanguage);
  const fromConsents = (text: (c: Consent) => StudyText) =>
    content.consents.items.map((c) => ({ heading: pick(c.name), html: pick(text(c)) }));
  let title = defaultTitle;
  let parts: { heading: string; html: string }[];
  switch (document) {
    case 'agreement':
      title = pick(content.webAgreement.heading) || defaultTitle;
      parts = [{ heading: '', html: pick(content.webAgreement.body) }];
      break;
    case 'study_overview':
      title = pick(content.appDescription.title) || defaultTitle;
      parts = [
        { heading: '', html: pick(content.appDescription.description) },
        ...content.learnMore.sections.map((s) => ({ heading: pick(s.title), html: pick(s.body) })),
      ];
      break;
    case 'licenseAgreement':
      parts = fromConsents((c) => c.license);
      break;
    case 'privacy_policy':
      parts = fromConsents((c) => c.privacyPolicy);
      break;
  }
  parts = parts.filter((p) => !blank(p.html));
  if (parts.length === 0) return null;
  // One consent's text needs no heading of its own: the document's title says what it is.
  if (parts.length === 1 && (document === 'licenseAgreement' || document === 'privacy_policy')) parts[0]!.heading = '';
  return { title, parts };
}
