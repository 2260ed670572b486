import { describe, expect, it } from 'vitest';
import {
  derivedFormStatus,
  FORM_STATUSES,
  formFacing,
  formStatusMoveProblem,
  milestoneDayOf,
  signoffBlockers,
} from './forms';

describe('form statuses (E-130…E-132, decision 0046)', () => {
  it('data capture forms face the site; surveys, ePROs and eDROs the participant', () => {
    expect(formFacing('dataCaptureForm')).toBe('site');
    expect(['survey', 'epro', 'edro'].map((k) => formFacing(k as 'survey'))).toEqual([
      'participant',
      'participant',
      'participant',
    ]);
  });

  it('the task implies COMPLETED when answered, NOT_STARTED otherwise', () => {
    expect(derivedFormStatus(true)).toBe('COMPLETED');
    expect(derivedFormStatus(false)).toBe('NOT_STARTED');
  });

  it('site forms run the workflow; a completed one can only be reopened', () => {
    expect(formStatusMoveProblem('site', 'NOT_STARTED', 'IN_PROGRESS')).toBeNull();
    expect(formStatusMoveProblem('site', 'IN_PROGRESS', 'COMPLETED')).toBeNull();
    expect(formStatusMoveProblem('site', 'COMPLETED', 'IN_PROGRESS')).toBeNull();
    expect(formStatusMoveProblem('site', 'NOT_DONE', 'NOT_STARTED')).toBeNull();
    expect(formStatusMoveProblem('site', 'COMPLETED', 'NOT_DONE')).toBe('forms.moveNotAllowed');
    expect(formStatusMoveProblem('site', 'NOT_STARTED', 'COMPLETED')).toBe('forms.moveNotAllowed');
    expect(formStatusMoveProblem('site', 'IN_PROGRESS', 'IN_PROGRESS')).toBe('forms.sameStatus');
  });

  it('staff can only mark a participant’s form not done, or undo that', () => {
    expect(formStatusMoveProblem('participant', 'NOT_STARTED', 'NOT_DONE')).toBeNull();
    expect(formStatusMoveProblem('participant', 'NOT_DONE', 'NOT_STARTED')).toBeNull();
    for (const to of ['COMPLETED', 'IN_PROGRESS'] as const)
      expect(formStatusMoveProblem('participant', 'NOT_STARTED', to)).toBe('forms.participantAnswers');
    expect(formStatusMoveProblem('participant', 'COMPLETED', 'NOT_DONE')).toBe('forms.participantAnswers');
    // every pair has an answer, never a throw
    for (const from of FORM_STATUSES)
      for (const to of FORM_STATUSES) expect(() => formStatusMoveProblem('participant', from, to)).not.toThrow();
  });

  it('a sign-off is blocked by site forms not settled, never by participant forms', () => {
    const forms = [
      { id: 1, facing: 'site', status: 'COMPLETED' },
      { id: 2, facing: 'site', status: 'NOT_DONE' },
      { id: 3, facing: 'site', status: 'IN_PROGRESS' },
      { id: 4, facing: 'site', status: 'NOT_STARTED' },
      { id: 5, facing: 'participant', status: 'NOT_STARTED' },
    ] as const;
    expect(signoffBlockers(forms).map((f) => f.id)).toEqual([3, 4]);
  });

  it('the milestone day counts from the milestone’s date; unreadable dates give null', () => {
    // day zero 2026-01-01, surgery on 2026-01-15 (study day 14): study day 16 is milestone day 2
    expect(milestoneDayOf(16, '2026-01-01', '2026-01-15')).toBe(2);
    expect(milestoneDayOf(14, '2026-01-01', '2026-01-15')).toBe(0);
    expect(milestoneDayOf(3, '2026-01-01', '2026-01-15')).toBe(-11);
    expect(milestoneDayOf(3, 'soon', '2026-01-15')).toBeNull();
    expect(milestoneDayOf(3, '2026-01-01', '2026-02-30')).toBeNull();
  });
});
