/**
 * The participant's side of a video call (001 §7 start video call: F-029; decision F-calls): the incoming call,
 * answering it with the device's time-zone offset (the session is the answer), declining it.
 */
import type { CallSession } from '@trialpath/contract';
import { messageRef, recipientLanguage, translate } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { callById, runningCallOf, updateCall } from './calls.repository';
import { callViews, finishCall, iceServersFor } from './calls.service';
import { updateAppointment, userNames } from './telehealth.repository';
import { fullName } from './telehealth-team.service';
import { signVideoToken } from './video-token';

export async function myCall(ctx: ServiceCtx) {
  const me = ctx.participant();
  const row = await runningCallOf(ctx.db, me.participantId);
  if (!row) return { call: null };
  const [caller] = await userNames(ctx.db, [row.started_by]);
  const language = await ctx.db
    .selectFrom('participants')
    .select('language')
    .where('id', '=', me.participantId)
    .executeTakeFirst();
  return {
    call: {
      id: row.id,
      appointmentId: row.appointment_id,
      state: row.state,
      startedAt: row.started_at.toISOString(),
      caller: fullName(caller?.first_name, caller?.last_name),
      message: translate(
        'telehealth.callingYou',
        undefined,
        recipientLanguage(language?.language, ctx.request.language),
      ),
    },
  };
}

/** The participant's own running call, locked for the change (another person's call looks like none). */
async function myRunningCall(ctx: ServiceCtx, callId: string) {
  const me = ctx.participant();
  const row = await callById(ctx.db, callId, true);
  if (!row || row.participant_id !== me.participantId) throw fail('NOT_FOUND');
  if (row.state === 'ENDED') throw fail('CONFLICT', undefined, { message: messageRef('telehealth.callOver') });
  return row;
}

export async function joinMyCall(
  ctx: ServiceCtx,
  input: { callId: string; offset: number },
): Promise<{ data: CallSession }> {
  const row = await myRunningCall(ctx, input.callId);
  await updateCall(ctx.db, row.id, { participant_offset: input.offset });
  if (row.participant_joined_at === null)
    await updateAppointment(ctx.db, row.appointment_id, { state: 'ARRIVED', updated_at: new Date() });
  ctx.audit({
    action: 'telehealth.call.answer',
    entityType: 'telehealth_call',
    entityId: row.id,
    after: { offset: input.offset },
  });
  const videoToken = await signVideoToken(
    { callId: row.id, peerId: row.participant_id, kind: 'participant', name: row.participant_code },
    ctx.config.jwtSecret,
  );
  const [call] = await callViews(ctx, [row]);
  return { data: { call: call!, videoToken, iceServers: iceServersFor(ctx.config.calls, row.participant_id) } };
}

export async function declineMyCall(ctx: ServiceCtx, input: { callId: string }) {
  const row = await myRunningCall(ctx, input.callId);
  await finishCall(ctx, row, 'DECLINED', null);
  return { ok: true as const };
}
