/**
 * The demo data set's telehealth part (decision F-appointments): weekday availability, 09:00–17:00 New York time,
 * for the DEMO study's telehealth team at each of their sites. No appointments (other tests count participants'
 * records).
 */
import { sql } from 'kysely';
import type { DbCtx } from '../../kernel/context';
import { isTelehealthRole } from './telehealth-team.service';

const DEMO_TELEHEALTH_ZONE = 'America/New_York';
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

export async function seedTelehealth(ctx: DbCtx, studyId: string): Promise<void> {
  const staff = await ctx.db
    .selectFrom('users as u')
    .innerJoin('study_assignments as sa', 'sa.user_id', 'u.id')
    .innerJoin('site_assignments as a', 'a.user_id', 'u.id')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select(['u.id', 'u.realm', 'sa.role', 'a.site_id'])
    .where('sa.study_id', '=', studyId)
    .where('s.study_id', '=', studyId)
    .where('u.status', '=', 'ACTIVE')
    .where('u.username', 'in', ['pi.demo', 'crc.demo'])
    .execute();
  const rows = staff
    .filter((m) => isTelehealthRole(m.realm, m.role))
    .map((m) => ({
      study_id: studyId,
      site_id: m.site_id,
      user_id: m.id,
      time_zone: DEMO_TELEHEALTH_ZONE,
      windows: JSON.stringify(WEEKDAYS),
      updated_by: null,
      updated_at: sql<Date>`now()`,
    }));
  if (rows.length > 0) await ctx.db.insertInto('telehealth_availability').values(rows).execute();
}
