/**
 * Weekly availability of the telehealth team per site, and the free times it leaves (F-004; decision
 * F-appointments): saved whole, audited before/after; read in the member's time zone.
 */
import type { Availability, TelehealthMember } from '@trialpath/contract';
import {
  type AvailabilityWindow,
  epochDay,
  freeSlots,
  isKnownTimeZone,
  messageRef,
  overlappingWindows,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import {
  availabilityOf,
  type AvailabilityRow,
  findAvailability,
  hostAppointments,
  saveAvailability,
  userNames,
} from './telehealth.repository';

import {
  DAY_MS,
  MAX_SLOT_RANGE_DAYS,
  fullName,
  type Site,
  callerSites,
  siteOf,
  teamOf,
  requireMember,
} from './telehealth-team.service';

export const windowsOf = (row: AvailabilityRow | undefined): AvailabilityWindow[] =>
  (typeof row?.windows === 'string' ? JSON.parse(row.windows) : (row?.windows ?? [])) as AvailabilityWindow[];

const sortWindows = (windows: readonly AvailabilityWindow[]) =>
  [...windows]
    .map((w) => ({ weekday: w.weekday, start: w.start, end: w.end }))
    .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));

function availabilityView(
  site: Site,
  member: TelehealthMember,
  row: AvailabilityRow | undefined,
  names: Map<string, string>,
): Availability {
  return {
    siteId: site.id,
    siteName: site.name,
    member: { id: member.id, name: fullName(member.firstName, member.lastName) },
    timeZone: row?.time_zone ?? 'UTC',
    windows: windowsOf(row),
    updatedAt: row ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by ? { id: row.updated_by, name: names.get(row.updated_by) ?? '' } : null,
  };
}

async function nameMap(ctx: ServiceCtx, ids: readonly (string | null)[]) {
  const rows = await userNames(
    ctx.db,
    ids.filter((x): x is string => !!x),
  );
  return new Map(rows.map((r) => [r.id, fullName(r.first_name, r.last_name)]));
}

export async function telehealthAvailability(
  ctx: ServiceCtx,
  input: { studyId: string; siteId?: string; userId?: string },
): Promise<{ items: Availability[] }> {
  const { access, sites: all } = await callerSites(ctx, input.studyId);
  const sites = input.siteId ? [siteOf(access, all, input.siteId)] : all;
  const siteIds = sites.map((s) => s.id);
  const [team, rows] = await Promise.all([
    teamOf(ctx, input.studyId, siteIds),
    availabilityOf(ctx.db, input.studyId, siteIds),
  ]);
  const names = await nameMap(
    ctx,
    rows.map((r) => r.updated_by),
  );
  const stored = new Map(rows.map((r) => [`${r.site_id}|${r.user_id}`, r]));
  const items: Availability[] = [];
  for (const site of sites)
    for (const member of team)
      if (member.siteIds.includes(site.id) && (!input.userId || member.id === input.userId))
        items.push(availabilityView(site, member, stored.get(`${site.id}|${member.id}`), names));
  return { items };
}

export async function saveTelehealthAvailability(
  ctx: ServiceCtx,
  input: { studyId: string; siteId: string; userId: string; timeZone: string; windows: AvailabilityWindow[] },
): Promise<Availability> {
  const { access, sites } = await callerSites(ctx, input.studyId, true);
  const site = siteOf(access, sites, input.siteId);
  const member = await requireMember(ctx, input.studyId, site.id, input.userId, 'userId');
  if (!isKnownTimeZone(input.timeZone))
    throw fieldProblem('VALIDATION_FAILED', 'timeZone', 'telehealth.unknownTimeZone');
  const clashes = overlappingWindows(input.windows);
  if (clashes.length > 0) {
    const ref = messageRef('telehealth.windowsOverlap');
    throw fail('VALIDATION_FAILED', undefined, {
      message: ref,
      fields: Object.fromEntries(clashes.map((i) => [`windows.${i}`, [ref]])),
    });
  }
  const key = { studyId: input.studyId, siteId: site.id, userId: member.id };
  const before = await findAvailability(ctx.db, key, true);
  const windows = sortWindows(input.windows);
  const row = await saveAvailability(ctx.db, {
    study_id: input.studyId,
    site_id: site.id,
    user_id: member.id,
    time_zone: input.timeZone,
    windows: JSON.stringify(windows),
    updated_by: ctx.staff().userId,
    updated_at: new Date(),
  });
  ctx.audit({
    action: 'telehealth.availability.save',
    entityType: 'telehealth_availability',
    entityId: `${site.id}:${member.id}`,
    before: before
      ? { siteId: site.id, userId: member.id, timeZone: before.time_zone, windows: windowsOf(before) }
      : null,
    after: { siteId: site.id, userId: member.id, timeZone: input.timeZone, windows },
  });
  return availabilityView(site, member, row, await nameMap(ctx, [row.updated_by]));
}

// ── free times ──────────────────────────────────────────────────────────────────────────────────

export async function telehealthSlots(
  ctx: ServiceCtx,
  input: { studyId: string; siteId: string; hostId: string; from: string; to: string; minutes: number },
) {
  const { access, sites } = await callerSites(ctx, input.studyId);
  const site = siteOf(access, sites, input.siteId);
  await requireMember(ctx, input.studyId, site.id, input.hostId, 'hostId');
  const from = epochDay(input.from);
  const to = epochDay(input.to);
  if (from === null) throw fieldProblem('VALIDATION_FAILED', 'from', 'errors.invalidValue');
  if (to === null || to < from) throw fieldProblem('VALIDATION_FAILED', 'to', 'errors.invalidValue');
  if (to - from + 1 > MAX_SLOT_RANGE_DAYS) throw fieldProblem('VALIDATION_FAILED', 'to', 'telehealth.rangeTooLong');
  const row = await findAvailability(ctx.db, { studyId: input.studyId, siteId: site.id, userId: input.hostId });
  if (!row) return { timeZone: 'UTC', items: [] };
  // the dates are read in the availability's zone: a day either side covers every offset
  const booked = await hostAppointments(
    ctx.db,
    input.hostId,
    new Date((from - 1) * DAY_MS),
    new Date((to + 2) * DAY_MS),
  );
  const slots = freeSlots({
    windows: windowsOf(row),
    timeZone: row.time_zone,
    fromDate: input.from,
    toDate: input.to,
    minutes: input.minutes,
    booked: booked.map((b) => ({ startsAt: b.starts_at, endsAt: b.ends_at })),
    now: new Date(),
  });
  return {
    timeZone: row.time_zone,
    items: slots.map((s) => ({ startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() })),
  };
}

// ── days of study ───────────────────────────────────────────────────────────────────────────────
