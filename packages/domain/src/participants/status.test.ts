import { describe, expect, it } from 'vitest';
import { isParticipantStatus, PARTICIPANT_STATUSES, type ParticipantStatus } from './list';
import {
  FINAL_STATUSES,
  studyDayMoment,
  LEAVING_REASONS,
  mayChangeStatus,
  reasonCodesFor,
  SCREEN_FAILURE_REASONS,
  STAFF_STATUS_CHANGES,
} from './status';

describe('participant statuses and the changes staff may make (decision E-046)', () => {
  it('knows the fifteen statuses of the spec, and nothing else', () => {
    expect(PARTICIPANT_STATUSES).toHaveLength(15);
    expect(isParticipantStatus('NOTINVITED')).toBe(true);
    expect(isParticipantStatus('ARCHIVED')).toBe(false);
  });

  it('a change goes to another status, never to the same one, and the four ways out are final', () => {
    for (const from of PARTICIPANT_STATUSES) {
      expect(STAFF_STATUS_CHANGES[from]).not.toContain(from);
      for (const to of STAFF_STATUS_CHANGES[from]) expect(isParticipantStatus(to)).toBe(true);
    }
    for (const s of FINAL_STATUSES) expect(STAFF_STATUS_CHANGES[s]).toEqual([]);
    expect(mayChangeStatus('NOTINVITED', 'ACTIVE')).toBe(false);
    expect(mayChangeStatus('SCREENPASSED', 'ACTIVE')).toBe(true);
    expect(mayChangeStatus('WITHDRAWSTUDY', 'ACTIVE')).toBe(false);
  });

  it('every status can be reached from an imported participant (the platform’s flows make the first ones)', () => {
    const byFlows: Partial<Record<ParticipantStatus, ParticipantStatus[]>> = {
      NOTINVITED: ['INVITED'],
      INVITED: ['REGISTERED'],
      REGISTERED: ['VERIFIED'],
    };
    const reached = new Set<ParticipantStatus>(['NOTINVITED']);
    const queue: ParticipantStatus[] = ['NOTINVITED'];
    while (queue.length) {
      const from = queue.shift()!;
      for (const to of [...STAFF_STATUS_CHANGES[from], ...(byFlows[from] ?? [])])
        if (!reached.has(to)) {
          reached.add(to);
          queue.push(to);
        }
    }
    expect([...reached].sort()).toEqual([...PARTICIPANT_STATUSES].sort());
  });

  it('a screen failure asks a screen-failure reason, a way out a leaving reason, other changes none', () => {
    expect(reasonCodesFor('SCREENFAILED')).toBe(SCREEN_FAILURE_REASONS);
    for (const s of FINAL_STATUSES) expect(reasonCodesFor(s)).toBe(LEAVING_REASONS);
    expect(reasonCodesFor('SCREENING')).toEqual([]);
  });
});

describe('the study day of a participant who left (E-050)', () => {
  const left = new Date('2026-03-10T12:00:00Z');
  const now = new Date('2026-04-01T12:00:00Z');
  it.each(['WITHDRAWSTUDY', 'DISQUALIFIED', 'DISCONTINUED'])('%s: read at the moment they left', (status) => {
    expect(studyDayMoment(status, left, now)).toBe(left);
  });
  it.each(['ACTIVE', 'WITHDRAWCONSENT', 'SCREENFAILED'])('%s: read now', (status) => {
    expect(studyDayMoment(status, left, now)).toBe(now);
  });
  it('a frozen status without a known moment is read now', () => {
    expect(studyDayMoment('WITHDRAWSTUDY', null, now)).toBe(now);
  });
});
