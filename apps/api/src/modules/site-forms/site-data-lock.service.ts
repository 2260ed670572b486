/**
 * A site's data lock (EDC; decision E-edc), in the request's data space: locking it locks every entry of the site's
 * participants and stops new entries there; unlocking it (with a reason) lifts the site lock and every entry's lock.
 * Each entry locked or unlocked is audited on the entry too, so its own trail shows it.
 */
import { lockSiteData } from '@trialpath/contract';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { mayCall, requireStudy } from '../access/access.service';
import { requireParticipantManager } from '../participants/participant-access.service';
import { siteOfStudy, visibleSiteIds } from '../sites/sites.service';
import { staffPeople } from '../users/users.service';
import {
  deleteSiteLock,
  insertSiteLock,
  lockSiteEntries,
  siteLockOf,
  unlockSiteEntries,
} from './site-forms.repository';
import { conflict } from './site-forms.service';

/** The site, if it is the study's and the caller sees it (a missing one looks forbidden to a non-admin). */
async function visibleSite(ctx: ServiceCtx, input: { studyId: string; siteId: string }, read = false) {
  const access = read ? await requireStudy(ctx, input.studyId) : await requireParticipantManager(ctx, input.studyId);
  const site = await siteOfStudy(ctx, input.studyId, input.siteId);
  const visible = await visibleSiteIds(ctx, access);
  if (!site || (visible !== null && !visible.includes(site.id)))
    throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  return site;
}

/** The site's lock as it stands, and whether the caller may lock or unlock it (data.lock, a writable assignment). */
export async function siteDataLock(ctx: ServiceCtx, input: { studyId: string; siteId: string }) {
  const site = await visibleSite(ctx, input, true);
  const access = await requireStudy(ctx, input.studyId);
  const lock = await siteLockOf(ctx.db, site.id, ctx.env);
  const people = lock ? await staffPeople(ctx, [lock.locked_by]) : new Map();
  return {
    siteId: site.id,
    siteLock: lock
      ? { lockedBy: people.get(lock.locked_by)?.name ?? '', lockedAt: lock.locked_at.toISOString() }
      : null,
    mayLock: !access.assignment?.readOnly && mayCall(ctx.staff(), lockSiteData, input.studyId),
  };
}

export async function lockSite(ctx: ServiceCtx, input: { studyId: string; siteId: string }) {
  const site = await visibleSite(ctx, input);
  if (await siteLockOf(ctx.db, site.id, ctx.env, true)) throw conflict('edc.siteAlreadyLocked');
  const by = ctx.staff().userId;
  const at = new Date();
  const lock = await insertSiteLock(ctx.db, {
    site_id: site.id,
    environment: ctx.env,
    study_id: input.studyId,
    locked_by: by,
    locked_at: at,
  });
  const ids = await lockSiteEntries(ctx.db, { studyId: input.studyId, siteId: site.id, env: ctx.env, by, at });
  ctx.audit({
    action: 'edc.site.lock',
    entityType: 'site',
    entityId: site.id,
    after: { entries: ids.length },
    items: [],
  });
  for (const id of ids)
    ctx.audit({
      action: 'edc.entry.lock',
      entityType: 'site_form_entry',
      entityId: id,
      after: { siteLock: true },
      items: [],
    });
  const people = await staffPeople(ctx, [by]);
  return {
    siteId: site.id,
    siteLock: { lockedBy: people.get(by)?.name ?? '', lockedAt: lock.locked_at.toISOString() },
    entries: ids.length,
  };
}

export async function unlockSite(ctx: ServiceCtx, input: { studyId: string; siteId: string }) {
  const site = await visibleSite(ctx, input);
  if (!(await siteLockOf(ctx.db, site.id, ctx.env, true))) throw conflict('edc.siteNotLocked');
  await deleteSiteLock(ctx.db, site.id, ctx.env);
  const ids = await unlockSiteEntries(ctx.db, { studyId: input.studyId, siteId: site.id, env: ctx.env });
  ctx.audit({
    action: 'edc.site.unlock',
    entityType: 'site',
    entityId: site.id,
    after: { entries: ids.length },
    items: [],
  });
  for (const id of ids)
    ctx.audit({
      action: 'edc.entry.unlock',
      entityType: 'site_form_entry',
      entityId: id,
      after: { siteLock: false },
      items: [],
    });
  return { siteId: site.id, siteLock: null, entries: ids.length };
}
