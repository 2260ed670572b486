/** When a destination's scheduled transfer is due next (decision H-sftp): DAILY at HH:mm UTC, WEEKLY on a day at it. */

export interface SftpSchedule {
  kind: 'NONE' | 'DAILY' | 'WEEKLY';
  /** HH:mm UTC. */
  time: string | null;
  /** 1 = Monday … 7 = Sunday. */
  day: number | null;
}

/** The first run strictly after `after`; null when there is no schedule. */
export function nextRunAfter(schedule: SftpSchedule, after: Date): Date | null {
  if (schedule.kind === 'NONE' || !schedule.time) return null;
  const [hours, minutes] = schedule.time.split(':').map(Number) as [number, number];
  const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), hours, minutes, 0, 0));
  if (schedule.kind === 'WEEKLY') {
    const isoDay = ((at.getUTCDay() + 6) % 7) + 1;
    at.setUTCDate(at.getUTCDate() + (((schedule.day ?? 1) - isoDay + 7) % 7));
  }
  if (at.getTime() <= after.getTime()) at.setUTCDate(at.getUTCDate() + (schedule.kind === 'WEEKLY' ? 7 : 1));
  return at;
}
