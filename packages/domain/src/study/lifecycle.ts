/**
 * Study and study-version lifecycles (002 §4; 000 §4; decision 0020, C-097 and C-166). A study moves
 * DESIGN → LIVE (launch) ⇄ PAUSED → CLOSED → ARCHIVED; a study never launched may be DELETED. Every move
 * but the launch is a GCP-relevant change and needs a reason. A version is a DRAFT (editable, at most one
 * per study) until published, when it is frozen; a published version can later be ARCHIVED; only a
 * draft may be deleted. The display rule of version names (C-171) is `shortenVersionName` (format.ts).
 */
import { foldedKey } from '../activity/library';
import { z } from 'zod';

export const STUDY_STATUSES = ['DESIGN', 'LIVE', 'PAUSED', 'CLOSED', 'ARCHIVED', 'DELETED'] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];
export const StudyStatusSchema = z.enum(STUDY_STATUSES);

interface Transition {
  to: StudyStatus;
  reasonRequired: boolean;
}

const STUDY_TRANSITIONS: Record<StudyStatus, readonly Transition[]> = {
  // Launch is checked for readiness instead; deleting a study that never ran is still recorded with why.
  DESIGN: [
    { to: 'LIVE', reasonRequired: false },
    { to: 'DELETED', reasonRequired: true },
  ],
  LIVE: [
    { to: 'PAUSED', reasonRequired: true },
    { to: 'CLOSED', reasonRequired: true },
  ],
  PAUSED: [
    { to: 'LIVE', reasonRequired: true },
    { to: 'CLOSED', reasonRequired: true },
  ],
  // Reopening a closed study (e.g. to resolve late data) is allowed with a reason; archiving is final.
  CLOSED: [
    { to: 'LIVE', reasonRequired: true },
    { to: 'ARCHIVED', reasonRequired: true },
  ],
  ARCHIVED: [],
  DELETED: [],
};

/** The statuses a study may move to from `from`. */
export function nextStudyStatuses(from: StudyStatus): StudyStatus[] {
  return STUDY_TRANSITIONS[from].map((t) => t.to);
}

/** Whether a study may move from one status to another, and whether that move needs a reason. */
export function studyTransition(from: StudyStatus, to: StudyStatus): { allowed: boolean; reasonRequired: boolean } {
  const t = STUDY_TRANSITIONS[from].find((x) => x.to === to);
  return t ? { allowed: true, reasonRequired: t.reasonRequired } : { allowed: false, reasonRequired: false };
}

/**
 * Statuses in which a study's build (content, versions, sites) may change: a running or paused study
 * is amended through a new version; a closed, archived or deleted one is read-only.
 */
const BUILDABLE_STATUSES: readonly StudyStatus[] = ['DESIGN', 'LIVE', 'PAUSED'];

export function isStudyBuildable(status: StudyStatus | string): boolean {
  return (BUILDABLE_STATUSES as readonly string[]).includes(status);
}

export const VERSION_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];
export const VersionStatusSchema = z.enum(VERSION_STATUSES);

const VERSION_TRANSITIONS: Record<VersionStatus, readonly { to: VersionStatus; reasonRequired: boolean }[]> = {
  // Publishing records the version's own notes; archiving a version sites may still use needs a reason.
  DRAFT: [{ to: 'PUBLISHED', reasonRequired: false }],
  PUBLISHED: [{ to: 'ARCHIVED', reasonRequired: true }],
  ARCHIVED: [],
};

export function versionTransition(
  from: VersionStatus,
  to: VersionStatus,
): { allowed: boolean; reasonRequired: boolean } {
  const t = VERSION_TRANSITIONS[from].find((x) => x.to === to);
  return t ? { allowed: true, reasonRequired: t.reasonRequired } : { allowed: false, reasonRequired: false };
}

/** Only a draft's content changes; a published version is frozen (21 CFR 11.10: what was approved stays). */
export function isVersionEditable(status: VersionStatus | string): boolean {
  return status === 'DRAFT';
}

/** Only a draft may be deleted (C-165); a published version is archived instead. */
export function isVersionDeletable(status: VersionStatus | string): boolean {
  return status === 'DRAFT';
}

export const VERSION_NAME_MAX = 50;

/** A version name: 1–50 characters once trimmed, on one line. */
export const VersionNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(VERSION_NAME_MAX)
  .regex(/^[^\p{Cc}]*$/u);

/**
 * The form of a name that must be unique in its study: `V1`, ` v1 ` and `ｖ1` name the same version
 * (compatibility forms folded, spaces collapsed, case ignored).
 */
export function versionNameKey(name: string): string {
  return foldedKey(name);
}

/** The name a new version gets when the person gives none: `v1`, `v2`, … by its number. */
export function defaultVersionName(number: number): string {
  return `v${number}`;
}
