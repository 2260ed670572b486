/**
 * Data queries (E-144…E-146; decision E-queries): a question raised about one answer — site-entered or
 * participant-reported — and its thread. The statuses are the dashboard's (002: queryOpen, queryResponded,
 * queryClosed); a reopened query is OPEN again. One rule for the server (refuses) and the screens (offer).
 */
import type { MessageKey } from '../messages/catalogue';
import { type Action, can } from '../permissions';
import { type RoleName, SITE_LEVEL_ROLES } from '../roles';

export const QUERY_STATUSES = ['OPEN', 'RESPONDED', 'CLOSED'] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

/** What a query points at: an entry of a site's data capture form, or a participant's submitted response. */
export const QUERY_TARGET_KINDS = ['siteForm', 'response'] as const;
export type QueryTargetKind = (typeof QUERY_TARGET_KINDS)[number];

/** The messages of a thread: how the query was opened, answered, closed, reopened, or a note on the way. */
export const QUERY_MESSAGE_KINDS = ['OPEN', 'RESPONSE', 'CLOSE', 'REOPEN', 'COMMENT'] as const;
export type QueryMessageKind = (typeof QUERY_MESSAGE_KINDS)[number];

export const QUERY_TEXT_MAX = 2000;

/** The three query permissions (packages/domain/src/permissions.ts). */
export type QueryAction = Extract<Action, 'queries.raise' | 'queries.respond' | 'queries.close'>;
export const QUERY_ACTIONS_OF_ROLE: readonly QueryAction[] = ['queries.raise', 'queries.respond', 'queries.close'];

interface Transition {
  from: QueryStatus;
  to: QueryStatus;
  /** The message the change writes into the thread. */
  kind: Exclude<QueryMessageKind, 'OPEN' | 'COMMENT'>;
  /** Any one of these permissions allows it. */
  by: readonly QueryAction[];
  /** The change needs a text (a response, the reason to reopen); a closing note is optional. */
  textRequired: boolean;
}

/**
 * Every status change a query allows. Site staff answer an open query; the monitor side (who raises or closes)
 * closes it — answered or not, e.g. raised in error — or sends an answer back (reopen) with the reason.
 */
export const QUERY_TRANSITIONS: readonly Transition[] = [
  { from: 'OPEN', to: 'RESPONDED', kind: 'RESPONSE', by: ['queries.respond'], textRequired: true },
  { from: 'OPEN', to: 'CLOSED', kind: 'CLOSE', by: ['queries.close'], textRequired: false },
  { from: 'RESPONDED', to: 'CLOSED', kind: 'CLOSE', by: ['queries.close'], textRequired: false },
  { from: 'RESPONDED', to: 'OPEN', kind: 'REOPEN', by: ['queries.raise', 'queries.close'], textRequired: true },
  { from: 'CLOSED', to: 'OPEN', kind: 'REOPEN', by: ['queries.raise', 'queries.close'], textRequired: true },
];

/** The change from one status to another, or undefined when the statuses allow none. */
export function queryTransition(from: QueryStatus, to: QueryStatus): Transition | undefined {
  return QUERY_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/** Why a status change is refused (a catalogue key), or null when the holder of `actions` may make it. */
export function statusChangeProblem(
  from: QueryStatus,
  to: QueryStatus,
  actions: ReadonlySet<Action> | readonly Action[],
): { kind: 'transition' | 'permission'; key: MessageKey } | null {
  const t = queryTransition(from, to);
  if (!t) return { kind: 'transition', key: from === to ? 'queries.status.unchanged' : 'queries.status.notAllowed' };
  const held = actions instanceof Set ? actions : new Set(actions as readonly Action[]);
  if (!t.by.some((a) => held.has(a))) return { kind: 'permission', key: `queries.status.mayNot.${t.kind}` };
  return null;
}

/** The statuses the holder of `actions` may move a query to from `from` (what a screen offers). */
export function allowedQueryStatuses(from: QueryStatus, actions: ReadonlySet<Action> | readonly Action[]) {
  return QUERY_STATUSES.filter((to) => statusChangeProblem(from, to, actions) === null);
}

/** Anyone who takes part in queries (raises, responds or closes) may add a note to a query that is not closed. */
export function mayCommentOnQuery(status: QueryStatus, actions: ReadonlySet<Action> | readonly Action[]): boolean {
  const held = actions instanceof Set ? actions : new Set(actions as readonly Action[]);
  return status !== 'CLOSED' && QUERY_ACTIONS_OF_ROLE.some((a) => held.has(a));
}

/** The message key of a text that cannot be kept (trimmed; `required`: it must say something), or null. */
export function queryTextProblem(text: string | undefined | null, required: boolean): MessageKey | null {
  const value = (text ?? '').trim();
  if (required && value === '') return 'queries.text.required';
  if (value.length > QUERY_TEXT_MAX) return 'queries.text.tooLong';
  return null;
}

/** Counts per status, every status present (zero when none). */
export type QueryCounts = Record<QueryStatus, number>;
export function queryCounts(rows: readonly { status: string; n: number | string }[]): QueryCounts {
  const out: QueryCounts = { OPEN: 0, RESPONDED: 0, CLOSED: 0 };
  for (const r of rows)
    if ((QUERY_STATUSES as readonly string[]).includes(r.status)) out[r.status as QueryStatus] += Number(r.n);
  return out;
}

/**
 * The roles a query may be assigned to (decision E-queries, addendum): the participant's site team roles that answer
 * queries. Unassigned, the whole site team answers it.
 */
export const QUERY_ASSIGNABLE_ROLES: readonly RoleName[] = SITE_LEVEL_ROLES.filter((r) => can(r, 'queries.respond'));
export const isQueryAssignableRole = (role: string): role is RoleName =>
  (QUERY_ASSIGNABLE_ROLES as readonly string[]).includes(role);
