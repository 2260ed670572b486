/**
 * The outbox bound to the portal: the submit call through the portal's client (tokens, refresh) and
 * the flush of the signed-in participant's waiting results. Loaded on demand (never in the first chunk).
 */
import { submitActivityResult } from '@trialpath/contract';
import { api, session } from '../../shared/portal';
import { refreshTaskReads, tasksDb } from './local-db';
import { forgetDrafts } from './drafts';
import { flushOutbox, type OutboxItem, type SendResult, sendItem } from './outbox';

export { tasksDb } from './local-db';

/** The submit call of one outbox item (decision B-091). */
export function sendSubmission(item: OutboxItem): Promise<unknown> {
  return api.call(submitActivityResult, { params: { activityId: item.activityId }, body: item.payload });
}

/** Send one item now. */
export async function sendNow(item: OutboxItem): Promise<SendResult> {
  const result = await sendItem(await tasksDb(), item, sendSubmission);
  if (result.kind === 'sent') refreshTaskReads();
  return result;
}

let flushing: Promise<void> | null = null;

/** Send the signed-in participant's waiting results (on start and when the connection returns). */
export function flushNow(): Promise<void> {
  flushing ??= (async () => {
    const pid = session.get()?.pid;
    if (!pid || !navigator.onLine) return;
    const report = await flushOutbox(await tasksDb(), pid, sendSubmission);
    if (report.sent.length > 0) refreshTaskReads();
  })()
    .catch(() => undefined)
    .finally(() => {
      flushing = null;
    });
  return flushing;
}

/** At sign-out: the participant's answers in progress leave the device (decision D-139). */
export async function forgetParticipantDrafts(pid: string): Promise<void> {
  await forgetDrafts(await tasksDb(), pid);
}
