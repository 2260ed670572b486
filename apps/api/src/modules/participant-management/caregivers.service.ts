/**
 * Caregiver search by e-mail list (E-086; decision E-participant-records, addendum). Until caregivers have accounts of
 * their own, a caregiver is known by the e-mail address on the record of the participant they look after. Staff
 * adding participants ask which of the addresses they hold are already on participants they may see in this data
 * space — identity, so only for who may identify participants.
 */
import { sql, type SqlBool } from 'kysely';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { participantsVisibleTo, requireStudy } from '../access/access.service';
import { mayIdentify } from '../participants/participant-list.service';

const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

export async function caregiverSearch(ctx: ServiceCtx, input: { studyId: string; emails: readonly string[] }) {
  const access = await requireStudy(ctx, input.studyId);
  if (!mayIdentify(ctx, input.studyId)) throw fail('FORBIDDEN');
  const emails = [...new Set(input.emails.map((e) => e.trim().toLowerCase()))];
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  const rows = await ctx.db
    .selectFrom('participants as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .select(['p.id', 'p.participant_code', 'p.first_name', 'p.last_name', 'p.status', 'p.email'])
    .where(visible)
    .where(sql<SqlBool>`lower(p.email) in (${sql.join(emails)})`)
    .orderBy('p.participant_code')
    .execute();
  return {
    items: emails.map((email) => ({
      email,
      participants: rows
        .filter((r) => r.email?.toLowerCase() === email)
        .map((r) => ({
          id: r.id,
          participantId: r.participant_code,
          name: nameOf(r.first_name, r.last_name),
          status: r.status,
        })),
    })),
  };
}
