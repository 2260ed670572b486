/**
 * The activity library's rules (issue 10, decision 0044): revision statuses and their moves (C-136, C-137),
 * tags and the identifier and name keys that make them unique per scope.
 */
import { z } from 'zod';

/**
 * DRAFT: being built, edited in place. ACTIVE: approved for use; frozen — studies take it, answers are
 * given against it. RETIRED: no longer offered to new study versions; versions and answers keep it.
 */
export const REVISION_STATUSES = ['DRAFT', 'ACTIVE', 'RETIRED'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

const MOVES: Record<RevisionStatus, readonly RevisionStatus[]> = {
  DRAFT: ['ACTIVE'],
  ACTIVE: ['RETIRED'],
  RETIRED: ['ACTIVE'],
};

/** Whether a revision may go from one status to another (a frozen revision never becomes DRAFT again). */
export function canMoveRevision(from: RevisionStatus, to: RevisionStatus): boolean {
  return MOVES[from].includes(to);
}

/** Only a DRAFT revision's definition may change; anything else makes a new revision. */
export const isRevisionEditable = (status: RevisionStatus): boolean => status === 'DRAFT';

/** Case, spacing and width folded: `PHQ 9`, `phq  9` and `ＰＨＱ 9` are the same identifier or name. */
export function foldedKey(value: string): string {
  return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export const MAX_TAGS = 20;
/** A tag as stored: trimmed, inner spaces collapsed, 1–40 characters. */
export const TagSchema = z
  .string()
  .transform((s) => s.normalize('NFKC').trim().replace(/\s+/g, ' '))
  .pipe(z.string().min(1).max(40));

/** A tag list without repeats (folded), in the order given. */
export const TagListSchema = z
  .array(TagSchema)
  .max(MAX_TAGS)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => {
      const k = foldedKey(t);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  });

/** An activity's identifier: what exports and data columns are named by; letters, digits, _ and -. */
export const ActivityIdentifierSchema = z
  .string()
  .trim()
  .refine((s) => /^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(s), { params: { messageKey: 'activityBuild.identifierFormat' } });
