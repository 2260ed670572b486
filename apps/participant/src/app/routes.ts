/**
 * The participant portal's routes (hash router, under #/participants/web/{studyCode}/…) and the
 * pure decisions about them: where the root sends a visitor, which pages need a signed-in
 * participant, where a signed-in participant is sent from the sign-in pages.
 */
import { isLoggedIn, type ParticipantSession } from '../shared/session';

export const PORTAL_BASE = '/participants/web';
const DEMO_STUDY_CODE = 'DEMO';

export const PAGES = {
  language: 'language',
  login: 'login',
  forgotUsername: 'forgot-username',
  forgotPassword: 'forgot-password',
  resetPassword: 'reset-password',
  changePassword: 'change-password',
  home: 'home',
  privacy: 'privacy',
  terms: 'terms',
  /** Enrolment (decisions D-055…D-058): open enrolment, an invitation's `register/{token}`, the code, the e-mailed link. */
  join: 'join',
  register: 'register',
  verify: 'verify',
  verifyLink: 'verify-link',
  /** Every task by study day; `tasks/{taskId}` is one task (the page `task`). */
  tasks: 'tasks',
  task: 'task',
  /** Notification permission (D-040, decision D-092). */
  notifications: 'notifications',
  /** Consent: the cohort choice, then each consent read and signed, then the signed PDFs (D-034, D-035). */
  consent: 'consent',
  /** The study overview (D-036); the privacy policy and licence agreement (D-037): the version's documents. */
  overview: 'overview',
  documents: 'documents',
  /** The participant's site: its address, contact and whom to call (D-039, decision D-075). */
  site: 'site',
  /** Linking the study's data with other health records: the agreement and the details for it (decision D-138). */
  recordLinkage: 'record-linkage',
  /** Documents the study team sent to read and sign (decision E-participant-documents). */
  signing: 'signing',
  /** Messages from the study team (decision E-messages). */
  messages: 'messages',
  /** Linking the participant's health record with SMART on FHIR (decision H-epic-mychart). */
  healthRecord: 'health-record',
  /** The participant's visits with their study team (issue 15; decision F-appointments). */
  appointments: 'appointments',
} as const;
export type Page = (typeof PAGES)[keyof typeof PAGES];

/** Pages that need a signed-in participant of the route's study. */
const PROTECTED_PAGES: ReadonlySet<Page> = new Set<Page>([
  PAGES.home,
  PAGES.changePassword,
  PAGES.tasks,
  PAGES.task,
  PAGES.notifications,
  PAGES.consent,
  PAGES.site,
  PAGES.recordLinkage,
  PAGES.signing,
  PAGES.messages,
  PAGES.healthRecord,
  PAGES.appointments,
]);
/** Sign-in pages a signed-in participant has no business on: they go home instead. */
const SIGNED_OUT_ONLY_PAGES: ReadonlySet<Page> = new Set<Page>([PAGES.login, PAGES.join, PAGES.register]);

/** Router path (without '#') of a page of a study: studyPath('DEMO', 'login') → /participants/web/DEMO/login. */
export function studyPath(studyCode: string, page: Page, ...rest: string[]): string {
  const tail = rest.map((s) => `/${encodeURIComponent(s)}`).join('');
  return `${PORTAL_BASE}/${encodeURIComponent(studyCode)}/${page}${tail}`;
}

/** The same as an href for links outside the router (`#/participants/web/…`). */
export function studyHref(studyCode: string, page: Page, ...rest: string[]): string {
  return `#${studyPath(studyCode, page, ...rest)}`;
}

/** A study code as it may appear in a link: letters, digits, dash and underscore, 1–60 characters. */
function isPlausibleStudyCode(code: string | undefined): code is string {
  return typeof code === 'string' && /^[A-Za-z0-9_-]{1,60}$/.test(code);
}

/**
 * `#/participants/web/` (or `#/`) without a study code: in demo mode straight to the demo study's
 * language page; otherwise a page asking the person to open the link their study team sent.
 */
export type EntryDecision = { kind: 'redirect'; to: string } | { kind: 'openYourLink' };

export function decideEntry(
  client: { demoMode: boolean } | null,
  rememberedStudyCode: string | null = null,
): EntryDecision {
  // A returning person goes back to the study this device last opened (001 §9; decision D-133).
  if (rememberedStudyCode) return { kind: 'redirect', to: studyPath(rememberedStudyCode, PAGES.home) };
  if (client?.demoMode) return { kind: 'redirect', to: studyPath(DEMO_STUDY_CODE, PAGES.language) };
  return { kind: 'openYourLink' };
}

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * Navigation guard of a study page (spec 000 §2.7: without a session, participant paths go to the
 * participant login; spec 001 §4: logged in = a participant with non-empty pid is held).
 */
export function decideStudyPage(page: Page, studyCode: string, session: ParticipantSession | null): GuardDecision {
  const signedIn = isLoggedIn(session, studyCode);
  if (PROTECTED_PAGES.has(page) && !signedIn) return { kind: 'redirect', to: studyPath(studyCode, PAGES.login) };
  if (SIGNED_OUT_ONLY_PAGES.has(page) && signedIn) return { kind: 'redirect', to: studyPath(studyCode, PAGES.home) };
  return { kind: 'allow' };
}

/** Where the bare study path `#/participants/web/{code}` goes: home when signed in, else the language page. */
export function studyIndexTarget(studyCode: string, session: ParticipantSession | null): string {
  return isLoggedIn(session, studyCode) ? studyPath(studyCode, PAGES.home) : studyPath(studyCode, PAGES.language);
}

/** What a route path shows. */
export type ResolvedRoute =
  | { kind: 'entry' }
  | { kind: 'studyIndex'; studyCode: string }
  | { kind: 'study'; studyCode: string; page: Page; params: Record<string, string> }
  | { kind: 'studyNotFound'; studyCode: string }
  /** 000 §2.1's e-mailed participant links (verify-participant…, participant-reset-password): read by their own page (D-025). */
  | { kind: 'link'; segments: string[] }
  | { kind: 'notFound' };

/** Pages that exist only with parameters in their address (a token, a task): read below, one by one. */
const PAGES_WITH_PARAMS: ReadonlySet<Page> = new Set<Page>([
  PAGES.resetPassword,
  PAGES.register,
  PAGES.verifyLink,
  PAGES.task,
]);

/** Every other page is a simple one: its address is the study's and its name, nothing more. */
const SIMPLE_PAGES: ReadonlySet<string> = new Set(Object.values(PAGES).filter((p) => !PAGES_WITH_PARAMS.has(p)));

/**
 * The route table: `/` and `/participants/web` → entry; `/participants/web/{code}` → the study's
 * start; `/participants/web/{code}/{page}` (and `reset-password/{token}`) → that page; anything
 * else → page not found (inside a study when the study code is plausible).
 */
export function resolveRoute(segments: readonly string[]): ResolvedRoute {
  const base = PORTAL_BASE.split('/').filter(Boolean);
  if (segments.length === 0) return { kind: 'entry' };
  if ((segments[0] === 'studies' || segments[0] === 'participant-reset-password') && segments.length >= 4)
    return { kind: 'link', segments: [...segments] };
  // E-003: the unsubscribe link of a participant's e-mails (no study code in it)
  if (segments[0] === 'participants' && segments.length === 3 && segments[2] === 'unsubscribeemail')
    return { kind: 'link', segments: [...segments] };
  const underBase = base.every((b, i) => segments[i] === b);
  if (!underBase) return { kind: 'notFound' };
  const rest = segments.slice(base.length);
  if (rest.length === 0) return { kind: 'entry' };
  const [studyCode, page, ...tail] = rest as [string, ...string[]];
  if (!isPlausibleStudyCode(studyCode)) return { kind: 'notFound' };
  if (page === undefined) return { kind: 'studyIndex', studyCode };
  if (tail.length === 0 && SIMPLE_PAGES.has(page)) return { kind: 'study', studyCode, page: page as Page, params: {} };
  if (page === PAGES.resetPassword && tail.length === 1 && tail[0]) {
    return { kind: 'study', studyCode, page: PAGES.resetPassword, params: { token: tail[0] } };
  }
  if (page === PAGES.register && tail.length === 1 && tail[0]) {
    return { kind: 'study', studyCode, page: PAGES.register, params: { token: tail[0] } };
  }
  if (page === PAGES.verifyLink && (tail.length === 2 || tail.length === 3) && tail.every(Boolean)) {
    const [token, email, participantId] = tail as [string, string, string?];
    return {
      kind: 'study',
      studyCode,
      page: PAGES.verifyLink,
      params: { token, email, participantId: participantId ?? '' },
    };
  }
  if (page === PAGES.tasks && tail.length === 1 && tail[0]) {
    return { kind: 'study', studyCode, page: PAGES.task, params: { taskId: tail[0] } };
  }
  return { kind: 'studyNotFound', studyCode };
}
