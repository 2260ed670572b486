/**
 * The participant list (E-004, E-005, E-064, E-067…E-070; decision E-participant-list): the statuses a
 * participant passes through, how they came in, and what the list may be sorted, filtered and paged by. The
 * server's query and the staff screen both read these.
 */

/** Every participant status (000 §3, 002 §3: E-031…E-045), in the order a participant meets them. */
export const PARTICIPANT_STATUSES = [
  'NOTINVITED',
  'INVITED',
  'REGISTERED',
  'VERIFIED',
  'PRESCREENED',
  'SCREENING',
  'SCREENPASSED',
  'SCREENFAILED',
  'ACTIVE',
  'ACTIVEWMODIFICATION',
  'ACTIVEWITHOUTAPP',
  'DISQUALIFIED',
  'WITHDRAWCONSENT',
  'WITHDRAWSTUDY',
  'DISCONTINUED',
] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

export const isParticipantStatus = (s: string): s is ParticipantStatus =>
  (PARTICIPANT_STATUSES as readonly string[]).includes(s);

/** How a participant came into the study (E-029): the app, the web portal (the default, E-027), or staff. */
export const ENROLMENT_SOURCES = ['APP', 'WEB', 'MANUAL'] as const;
export type EnrolmentSource = (typeof ENROLMENT_SOURCES)[number];

/** Whether the participant has signed a consent of the study (the list's consent filter). */
export const CONSENT_LIST_STATUSES = ['SIGNED', 'NOT_SIGNED'] as const;
export type ConsentListStatus = (typeof CONSENT_LIST_STATUSES)[number];

/** The columns the list sorts by (sortValue); ties are broken by the participant's id. */
export const PARTICIPANT_SORT_KEYS = [
  'participantId',
  'name',
  'email',
  'site',
  'status',
  'source',
  'version',
  'registrationDate',
  'createdAt',
] as const;
export type ParticipantSortKey = (typeof PARTICIPANT_SORT_KEYS)[number];

/** Sort keys that read the participant's identity: refused to a reader who may not identify participants. */
export const IDENTITY_SORT_KEYS: readonly ParticipantSortKey[] = ['name', 'email'];

/** The page sizes offered (E-005: pages of 10 to 100). */
export const PARTICIPANT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PARTICIPANT_PAGE_SIZE = 25;

/** The statuses the "withdrawn or failed" filter keeps (E-069 withdrawnOrFailedFilter). */
export const WITHDRAWN_OR_FAILED: readonly ParticipantStatus[] = [
  'SCREENFAILED',
  'DISQUALIFIED',
  'WITHDRAWCONSENT',
  'WITHDRAWSTUDY',
  'DISCONTINUED',
];

/**
 * Who can be called by video (E-070 isTelehealthSearch; decision E-participant-list): a participant joins a visit from the
 * portal, so they have a verified portal account and are still in the study. Not those added or invited who never
 * registered, not one active without the app, not one who left or failed screening.
 */
export const TELEHEALTH_REACHABLE_STATUSES: readonly ParticipantStatus[] = [
  'VERIFIED',
  'PRESCREENED',
  'SCREENING',
  'SCREENPASSED',
  'ACTIVE',
  'ACTIVEWMODIFICATION',
];

/** A label's colours (the palette staff pick from). */
export const LABEL_COLORS = ['blue', 'teal', 'green', 'yellow', 'orange', 'red', 'grape', 'gray'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];
export const LABEL_NAME_MAX = 40;
