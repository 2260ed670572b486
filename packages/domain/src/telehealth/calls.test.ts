import { describe, expect, it } from 'vitest';
import { appointmentStateAfterCall, isUnanswered, membersToAdd, NO_PARTICIPANT_END_MS } from './calls';

describe('an unscheduled call nobody answers (F-067)', () => {
  const startedAt = new Date('2026-12-03T10:00:00Z');
  const call = { kind: 'UNSCHEDULED' as const, state: 'INITIATED' as const, startedAt, participantJoinedAt: null };
  const at = (ms: number) => new Date(startedAt.getTime() + ms);

  it('ends five minutes after its start, not a moment before', () => {
    expect(isUnanswered(call, at(NO_PARTICIPANT_END_MS - 1))).toBe(false);
    expect(isUnanswered(call, at(NO_PARTICIPANT_END_MS))).toBe(true);
  });

  it('never when scheduled, connected or once the participant joined', () => {
    const late = at(NO_PARTICIPANT_END_MS * 2);
    expect(isUnanswered({ ...call, kind: 'SCHEDULED' }, late)).toBe(false);
    expect(isUnanswered({ ...call, state: 'CONNECTED' }, late)).toBe(false);
    expect(isUnanswered({ ...call, participantJoinedAt: at(1000) }, late)).toBe(false);
  });
});

describe('adding colleagues to a running call (F-043)', () => {
  it('keeps only those not in the call yet, once each', () => {
    expect(membersToAdd(['a', 'b', 'b', 'c'], ['a'])).toEqual(['b', 'c']);
    expect(membersToAdd(['a'], ['a', 'x'])).toEqual([]);
    expect(membersToAdd([], [])).toEqual([]);
  });
});

describe('the appointment when its call ends', () => {
  it('is complete once the participant joined, else a no-show, or left without being seen when declined', () => {
    expect(appointmentStateAfterCall(true, 'HANG_UP')).toBe('COMPLETE');
    expect(appointmentStateAfterCall(true, 'LAST_STREAM_GONE')).toBe('COMPLETE');
    expect(appointmentStateAfterCall(false, 'NO_PARTICIPANT')).toBe('NO_SHOW');
    expect(appointmentStateAfterCall(false, 'DECLINED')).toBe('LWBS');
  });
});
