/**
 * The intended change of a study's approvals (C-065; decision 0041), as review/approval hands it to
 * review/study-approval-confirm in the address: `?internal=record&irb=withdraw`. Only the flags to change
 * are named; the confirm screen reads the recorded approvals afresh and shows each flag's before → after.
 * Pure, so the parsing and the plan are tested without rendering.
 */
import { type Action, can, isStudyBuildable } from '@trialpath/domain';

export const APPROVAL_FLAGS = ['internal', 'irb'] as const;
export type ApprovalFlag = (typeof APPROVAL_FLAGS)[number];
export type ApprovalMove = 'record' | 'withdraw';
export type ApprovalChange = Partial<Record<ApprovalFlag, ApprovalMove>>;

/** The recorded approvals as the study record gives them. */
export interface ApprovalFlags {
  isInternalOrganizationalApproved: boolean;
  isIrbEcApproved: boolean;
}

const FIELD: Record<ApprovalFlag, keyof ApprovalFlags> = {
  internal: 'isInternalOrganizationalApproved',
  irb: 'isIrbEcApproved',
};

const MOVES: readonly string[] = ['record', 'withdraw'] satisfies ApprovalMove[];

/**
 * The change an address asks for, or null when it asks for none or for something unknown: no flag named,
 * a parameter other than the two flags, a flag named twice, or a value other than record / withdraw.
 */
export function parseApprovalChange(search: string | URLSearchParams): ApprovalChange | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const change: ApprovalChange = {};
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (!(APPROVAL_FLAGS as readonly string[]).includes(key) || seen.has(key) || !MOVES.includes(value)) return null;
    seen.add(key);
    change[key as ApprovalFlag] = value as ApprovalMove;
  }
  return seen.size === 0 ? null : change;
}

/** The address query of a change (flags in a fixed order), e.g. `internal=record`. */
export function approvalChangeQuery(change: ApprovalChange): string {
  const params = new URLSearchParams();
  for (const flag of APPROVAL_FLAGS) {
    const move = change[flag];
    if (move) params.set(flag, move);
  }
  return params.toString();
}

/** The change the approval page's ticks make to the recorded approvals: the flags whose tick differs. */
export function changeFromTicks(recorded: ApprovalFlags, ticks: Record<ApprovalFlag, boolean>): ApprovalChange {
  const change: ApprovalChange = {};
  for (const flag of APPROVAL_FLAGS) {
    if (ticks[flag] !== recorded[FIELD[flag]]) change[flag] = ticks[flag] ? 'record' : 'withdraw';
  }
  return change;
}

export interface ApprovalPlanRow {
  flag: ApprovalFlag;
  before: boolean;
  after: boolean;
}

export interface ApprovalPlan {
  rows: ApprovalPlanRow[];
  /** Some flag changes (a change already in place, e.g. recorded by someone else meanwhile, is none). */
  changed: boolean;
  /** Some flag is withdrawn: a reason is required (the server's rule, decision 0031). */
  withdraws: boolean;
  /** The body of setStudyApproval: both flags as they are after the change. */
  body: ApprovalFlags;
}

/** What confirming the change does to the approvals recorded now. */
export function planApproval(change: ApprovalChange, recorded: ApprovalFlags): ApprovalPlan {
  const rows = APPROVAL_FLAGS.map((flag) => {
    const before = recorded[FIELD[flag]];
    const move = change[flag];
    return { flag, before, after: move === undefined ? before : move === 'record' };
  });
  const after = (flag: ApprovalFlag) => rows.find((r) => r.flag === flag)!.after;
  return {
    rows,
    changed: rows.some((r) => r.before !== r.after),
    withdraws: rows.some((r) => r.before && !r.after),
    body: { isInternalOrganizationalApproved: after('internal'), isIrbEcApproved: after('irb') },
  };
}

/** The permission the approval call needs (packages/contract setStudyApproval). */
const APPROVAL_ACTION: Action = 'studies.design';

/**
 * Whether the person may record approvals, as the server decides it (requireEditableStudy): a role on the
 * page's token with the approval permission, an assignment that is not read-only, and a study whose build
 * may still change. The server checks again; this only decides whether the action is offered.
 */
export function mayRecordApprovals(authorities: readonly string[], readOnly: boolean, status: string): boolean {
  return !readOnly && isStudyBuildable(status) && authorities.some((a) => can(a, APPROVAL_ACTION));
}
