/** When a scheduled SFTP transfer is due next (decision H-sftp): DAILY at HH:mm UTC, WEEKLY on a day at HH:mm UTC. */
import { describe, expect, it } from 'vitest';
import { nextRunAfter } from '../src/modules/sftp/sftp.schedule';

// 2026-03-18 is a Wednesday
const at = (iso: string) => new Date(iso);

describe('the next run of an SFTP schedule', () => {
  it.each([
    ['none', { kind: 'NONE', time: null, day: null }, '2026-03-18T10:00:00Z', null],
    [
      'daily, later today',
      { kind: 'DAILY', time: '14:30', day: null },
      '2026-03-18T10:00:00Z',
      '2026-03-18T14:30:00.000Z',
    ],
    [
      'daily, passed today',
      { kind: 'DAILY', time: '02:00', day: null },
      '2026-03-18T10:00:00Z',
      '2026-03-19T02:00:00.000Z',
    ],
    [
      'daily, exactly now: the next day',
      { kind: 'DAILY', time: '10:00', day: null },
      '2026-03-18T10:00:00Z',
      '2026-03-19T10:00:00.000Z',
    ],
    [
      'daily across a month end',
      { kind: 'DAILY', time: '00:15', day: null },
      '2026-03-31T23:00:00Z',
      '2026-04-01T00:15:00.000Z',
    ],
    [
      'weekly, Friday this week',
      { kind: 'WEEKLY', time: '06:00', day: 5 },
      '2026-03-18T10:00:00Z',
      '2026-03-20T06:00:00.000Z',
    ],
    [
      'weekly, Monday next week',
      { kind: 'WEEKLY', time: '06:00', day: 1 },
      '2026-03-18T10:00:00Z',
      '2026-03-23T06:00:00.000Z',
    ],
    [
      'weekly, today but passed',
      { kind: 'WEEKLY', time: '09:00', day: 3 },
      '2026-03-18T10:00:00Z',
      '2026-03-25T09:00:00.000Z',
    ],
    [
      'weekly, today and still to come',
      { kind: 'WEEKLY', time: '11:00', day: 3 },
      '2026-03-18T10:00:00Z',
      '2026-03-18T11:00:00.000Z',
    ],
    ['weekly, Sunday', { kind: 'WEEKLY', time: '23:59', day: 7 }, '2026-03-18T10:00:00Z', '2026-03-22T23:59:00.000Z'],
  ] as const)('%s', (_label, schedule, after, expected) => {
    expect(nextRunAfter(schedule, at(after))?.toISOString() ?? null).toBe(expected);
  });
});
