/**
 * Finished submissions on their way to the server (spec 001: nothing is lost; decision B-091: the
 * submit call is idempotent by uuidFromMobile). A result goes into the outbox before it is sent and
 * leaves it only when the server has answered 2xx (stored, or a duplicate of one it already has). A
 * final refusal (a 4xx that a retry cannot change) keeps it as failed with the server's answer, to be
 * shown; no answer, a 5xx, an ended session or a rate limit keep it pending for the next try. The item
 * is never given a new uuid: a retry after an unknown outcome is the same submission.
 */
import type { ApiError } from '@trialpath/contract';
import type { ActivityResultPayload, LocalizedText } from '@trialpath/domain';
import { OUTBOX, type TasksDb } from './db';
import { endRun } from './drafts';

export interface OutboxItem {
  /** uuidFromMobile of the payload: the item's key. */
  uuid: string;
  pid: string;
  taskId: string;
  /** The activity of the submit call's path. */
  activityId: string;
  /** The task's title, to name it while it waits. */
  title: LocalizedText;
  payload: ActivityResultPayload;
  state: 'pending' | 'failed';
  /** The final refusal of a failed item: its status and the server's error body. */
  refusal: { status: number; body: ApiError | null } | null;
  queuedAt: string;
  attempts: number;
  lastTriedAt: string | null;
}

/** Sends one item's payload; resolves on 2xx, rejects with the client's error (status 0 = no answer). */
export type Send = (item: OutboxItem) => Promise<unknown>;

export type SendResult =
  | { kind: 'sent'; response: unknown }
  | { kind: 'kept'; status: number }
  | { kind: 'failed'; status: number; body: ApiError | null };

/** 4xx that mean "not now" rather than "never": session over (401, 419), timeout (408), rate limit (429). */
const TRANSIENT_4XX: ReadonlySet<number> = new Set([401, 408, 419, 429]);

/** Whether a failed send's status is a final refusal (kept as failed) rather than worth another try. */
export function isFinalRefusal(status: number): boolean {
  return status >= 400 && status < 500 && !TRANSIENT_4XX.has(status);
}

/** Status and error body of whatever a send rejected with (anything without a status counts as no answer). */
function failureOf(error: unknown): { status: number; body: ApiError | null } {
  if (typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number') {
    const e = error as { status: number; body?: ApiError | null };
    return { status: e.status, body: e.body ?? null };
  }
  return { status: 0, body: null };
}

// ── change notices (this tab, and other tabs of the portal) ────────────────────────────────────
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('trialpath-outbox') : null;
if (channel) {
  channel.onmessage = () => notifyLocal();
  // Node (tests) would otherwise keep the process alive for it.
  (channel as { unref?: () => void }).unref?.();
}
function notifyLocal(): void {
  for (const l of listeners) l();
}
function changed(): void {
  notifyLocal();
  channel?.postMessage('changed');
}
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ── the outbox ────────────────────────────────────────────────────────────────────────────────
export function newOutboxItem(
  fields: Pick<OutboxItem, 'pid' | 'taskId' | 'activityId' | 'title' | 'payload'>,
  now: Date = new Date(),
): OutboxItem {
  return {
    ...fields,
    uuid: fields.payload.uuidFromMobile,
    state: 'pending',
    refusal: null,
    queuedAt: now.toISOString(),
    attempts: 0,
    lastTriedAt: null,
  };
}

/** Keep a submission (the same uuid replaces the earlier one, e.g. answers corrected after a refusal). */
export async function enqueue(db: TasksDb, item: OutboxItem): Promise<void> {
  await db.put(OUTBOX, item);
  changed();
}

/** The participant's items, oldest first. */
export async function listOutbox(db: TasksDb, pid: string): Promise<OutboxItem[]> {
  const all = await db.all<OutboxItem>(OUTBOX);
  return all.filter((i) => i.pid === pid).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/**
 * Send one item and record the outcome: 2xx → removed (and its run's answers with it); final refusal →
 * kept as failed with the answer; anything else → kept pending. An item removed meanwhile (sent by
 * another tab or flush) is not brought back.
 */
export async function sendItem(
  db: TasksDb,
  item: OutboxItem,
  send: Send,
  now: () => Date = () => new Date(),
): Promise<SendResult> {
  let result: SendResult;
  try {
    const response = await send(item);
    await db.delete(OUTBOX, item.uuid);
    await endRun(db, item.pid, item.taskId, item.uuid);
    result = { kind: 'sent', response };
  } catch (error) {
    const { status, body } = failureOf(error);
    const final = isFinalRefusal(status);
    const at = now().toISOString();
    await db.update<OutboxItem>(OUTBOX, item.uuid, (current) =>
      current
        ? {
            ...current,
            state: final ? 'failed' : current.state,
            refusal: final ? { status, body } : current.refusal,
            attempts: current.attempts + 1,
            lastTriedAt: at,
          }
        : undefined,
    );
    result = final ? { kind: 'failed', status, body } : { kind: 'kept', status };
  }
  changed();
  return result;
}

export interface FlushReport {
  sent: OutboxItem[];
  failed: OutboxItem[];
  kept: OutboxItem[];
}

/**
 * Send the participant's pending items, oldest first. Failed items wait for the participant (they are
 * corrected and sent again from the task page). No answer at all stops the round: the rest would fare
 * the same, and the next 'online' or start tries again.
 */
export async function flushOutbox(db: TasksDb, pid: string, send: Send): Promise<FlushReport> {
  const report: FlushReport = { sent: [], failed: [], kept: [] };
  const pending = (await listOutbox(db, pid)).filter((i) => i.state === 'pending');
  for (const [i, item] of pending.entries()) {
    const r = await sendItem(db, item, send);
    if (r.kind === 'sent') report.sent.push(item);
    else if (r.kind === 'failed') report.failed.push(item);
    else {
      report.kept.push(item);
      if (r.status <= 0) {
        report.kept.push(...pending.slice(i + 1));
        break;
      }
    }
  }
  return report;
}
