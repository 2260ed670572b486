import { describe, expect, it } from 'vitest';
import { dayAndTime, minutesBetween, otherDay, timeOnly, weekdayName } from './time';

describe('telehealth times in a named zone', () => {
  const at = '2026-12-07T16:00:00Z'; // 10:00 in Chicago, 17:00 in Madrid
  it('writes one instant in each zone', () => {
    expect(timeOnly(at, 'en', 'America/Chicago')).toBe('10:00');
    expect(timeOnly(at, 'en', 'Europe/Madrid')).toBe('17:00');
    expect(dayAndTime(at, 'en-GB', 'Europe/Madrid')).toBe('Mon 7 Dec, 17:00');
  });
  it('tells when the other zone is on another day', () => {
    expect(otherDay('2026-12-07T23:30:00Z', 'America/Chicago', 'Europe/Madrid')).toBe(true);
    expect(otherDay(at, 'America/Chicago', 'Europe/Madrid')).toBe(false);
  });
  it('names ISO weekdays from Monday', () => {
    expect(weekdayName(1, 'en')).toBe('Monday');
    expect(weekdayName(7, 'es')).toBe('domingo');
    expect(minutesBetween('2026-12-07T16:00:00Z', '2026-12-07T16:45:00Z')).toBe(45);
  });
});
