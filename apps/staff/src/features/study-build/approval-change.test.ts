import { describe, expect, it } from 'vitest';
import {
  approvalChangeQuery,
  changeFromTicks,
  mayRecordApprovals,
  parseApprovalChange,
  planApproval,
} from './approval-change';

const NONE = { isInternalOrganizationalApproved: false, isIrbEcApproved: false };
const BOTH = { isInternalOrganizationalApproved: true, isIrbEcApproved: true };

describe('the intended approval change in the address (C-065)', () => {
  it.each([
    ['?internal=record', { internal: 'record' }],
    ['internal=withdraw', { internal: 'withdraw' }],
    ['?irb=record&internal=withdraw', { internal: 'withdraw', irb: 'record' }],
  ])('%s is the change %j', (search, change) => {
    expect(parseApprovalChange(search)).toEqual(change);
  });

  it.each([
    ['', 'no flag named'],
    ['?', 'an empty query'],
    ['?internal=yes', 'a value other than record or withdraw'],
    ['?internal=', 'an empty value'],
    ['?internal=record&internal=withdraw', 'a flag named twice'],
    ['?internal=record&internal=record', 'a flag named twice, even alike'],
    ['?internal=record&reason=because', 'another parameter (a reason is never carried in the address)'],
    ['?Internal=record', 'a flag in another case'],
  ])('%j asks for no valid change (%s)', (search) => {
    expect(parseApprovalChange(search)).toBeNull();
  });

  it('reads URLSearchParams as well as a string, and writes back what it reads', () => {
    expect(parseApprovalChange(new URLSearchParams({ irb: 'withdraw' }))).toEqual({ irb: 'withdraw' });
    for (const change of [
      { internal: 'record' },
      { irb: 'withdraw' },
      { internal: 'withdraw', irb: 'record' },
    ] as const) {
      expect(parseApprovalChange(approvalChangeQuery(change))).toEqual(change);
    }
    expect(approvalChangeQuery({ irb: 'record', internal: 'withdraw' })).toBe('internal=withdraw&irb=record');
  });
});

describe('the change the approval page ticks make', () => {
  it('names only the flags whose tick differs from the record', () => {
    expect(changeFromTicks(NONE, { internal: false, irb: false })).toEqual({});
    expect(changeFromTicks(NONE, { internal: true, irb: false })).toEqual({ internal: 'record' });
    expect(changeFromTicks(BOTH, { internal: true, irb: false })).toEqual({ irb: 'withdraw' });
    expect(changeFromTicks(BOTH, { internal: false, irb: false })).toEqual({ internal: 'withdraw', irb: 'withdraw' });
  });
});

describe('what confirming a change does to the recorded approvals', () => {
  it('recording one flag: before → after for both, the other unchanged, no reason needed', () => {
    expect(planApproval({ internal: 'record' }, NONE)).toEqual({
      rows: [
        { flag: 'internal', before: false, after: true },
        { flag: 'irb', before: false, after: false },
      ],
      changed: true,
      withdraws: false,
      body: { isInternalOrganizationalApproved: true, isIrbEcApproved: false },
    });
  });

  it('withdrawing needs a reason; the body keeps the other flag as recorded', () => {
    const plan = planApproval({ irb: 'withdraw' }, BOTH);
    expect(plan.withdraws).toBe(true);
    expect(plan.changed).toBe(true);
    expect(plan.body).toEqual({ isInternalOrganizationalApproved: true, isIrbEcApproved: false });
  });

  it('a change already in place (recorded by someone else meanwhile) changes nothing', () => {
    const plan = planApproval({ internal: 'record' }, BOTH);
    expect(plan.changed).toBe(false);
    expect(plan.withdraws).toBe(false);
    expect(plan.body).toEqual(BOTH);
    expect(planApproval({ internal: 'withdraw', irb: 'withdraw' }, NONE).changed).toBe(false);
  });
});

describe('who is offered the confirm button', () => {
  it('a role with the design permission, not read-only, in a study whose build may change', () => {
    expect(mayRecordApprovals(['StudyAdmin'], false, 'DESIGN')).toBe(true);
    expect(mayRecordApprovals(['acme:StudyManager'], false, 'LIVE')).toBe(true);
    expect(mayRecordApprovals(['Cra', 'Sponsor'], false, 'DESIGN')).toBe(false);
    expect(mayRecordApprovals(['StudyAdmin'], true, 'DESIGN')).toBe(false);
    expect(mayRecordApprovals(['StudyAdmin'], false, 'CLOSED')).toBe(false);
    expect(mayRecordApprovals([], false, 'DESIGN')).toBe(false);
  });
});
