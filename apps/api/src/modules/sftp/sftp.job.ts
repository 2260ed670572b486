/**
 * The SFTP worker (decision H-sftp), on the outbox's pattern (outbox.job.ts). A pass first queues the transfers of
 * due schedules, then sends queued transfers one by one: each is claimed in a short transaction (locked, one
 * attempt counted, leased), sent with no transaction open — so on the embedded database nobody waits for the SFTP
 * server — and its outcome recorded and audited in a second transaction. Progress extends the lease; a worker
 * that dies mid-transfer leaves it RUNNING under a lease that ends, and the next pass sends it again from the
 * first byte (to `<name>.part`, renamed only when complete). After MAX_TRANSFER_ATTEMPTS claims it is failed.
 */
import type { Readable } from 'node:stream';
import { translate } from '@trialpath/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Environment } from '../../db/schema/columns';
import { type Platform, withSystemContext } from '../../kernel/context';
import { streamStoredFile } from '../files/files.service';
import { openSession, SftpFailure, type SftpSession, uploadFile } from './sftp.client';
import { credentialsOf } from './sftp.credentials';
import {
  claimDueSchedule,
  claimDueTransfer,
  type DestinationRow,
  destinationById,
  pinHostKey,
  recordOutcome,
  recordProgress,
  type TransferRow,
} from './sftp.repository';
import { queueScheduledTransfer } from './sftp-transfers.service';

/** Claims of one transfer at the most (a worker that stopped mid-transfer used one). */
export const MAX_TRANSFER_ATTEMPTS = 3;
/** A claim's lease; each progress write extends it, so only a transfer nobody is sending runs out. */
const TRANSFER_LEASE_MS = 2 * 60_000;
const PROGRESS_EVERY_MS = 1000;

export interface SftpPassOptions {
  now?: () => Date;
  /** Transfers sent in one pass at the most. */
  limit?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Wraps the exported file's byte stream on its way out (tests: a stream that breaks halfway). */
  wrapSource?: (source: Readable) => Readable;
}

export interface SftpPassReport {
  scheduled: number;
  succeeded: number;
  failed: number;
}

function errorText(err: unknown): string {
  const text = err instanceof SftpFailure ? err.reasonIn('en') : err instanceof Error ? err.message : String(err);
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text;
}

type Sent =
  | { ok: true; bytes: number; hostKey: { fingerprint: string; type: string } }
  | { ok: false; bytes: number; error: string };

/** Send one claimed transfer (no transaction open). */
async function send(
  platform: Platform,
  transfer: TransferRow,
  destination: DestinationRow,
  options: SftpPassOptions,
): Promise<Sent> {
  let bytes = 0;
  if (destination.status === 'DISCONNECTED')
    return { ok: false, bytes, error: translate('sftp.cancelledByDisconnect', undefined, 'en') };
  const creds = credentialsOf(platform.config, destination);
  if (!creds) return { ok: false, bytes, error: translate('sftp.credentialsUnreadable', undefined, 'en') };
  const file = await streamStoredFile(platform, transfer.file_id);
  if (!file) return { ok: false, bytes, error: translate('sftp.exportGone', undefined, 'en') };
  const source = options.wrapSource ? options.wrapSource(file.stream) : file.stream;
  let session: SftpSession | null = null;
  let progress: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    const lease = new Date(Date.now() + TRANSFER_LEASE_MS);
    progress = progress
      .then(() => recordProgress(platform.db, transfer.id, transfer.attempts, bytes, lease))
      .catch((err) => options.log?.warn({ err, transferId: transfer.id }, 'sftp progress not recorded'));
  }, PROGRESS_EVERY_MS);
  try {
    session = await openSession(creds);
    await uploadFile(
      session,
      source,
      { folder: destination.remote_folder, fileName: transfer.file_name, byteSize: transfer.byte_size },
      (n) => {
        bytes = n;
      },
    );
    return { ok: true, bytes, hostKey: { fingerprint: session.hostKeyFingerprint, type: session.hostKeyType } };
  } catch (err) {
    return { ok: false, bytes, error: errorText(err) };
  } finally {
    clearInterval(timer);
    source.destroy();
    file.stream.destroy();
    session?.end();
    await progress;
  }
}

/** Record a claimed transfer's outcome and audit it, in the destination's data space. */
async function record(platform: Platform, transfer: TransferRow, destination: DestinationRow, sent: Sent, at: Date) {
  const status = sent.ok ? 'SUCCEEDED' : 'FAILED';
  await withSystemContext(
    platform,
    'sftp',
    async (ctx) => {
      const error = sent.ok ? null : sent.error;
      const recorded = await recordOutcome(ctx.db, transfer.id, transfer.attempts, {
        status,
        bytes: sent.bytes,
        error,
        at,
      });
      if (!recorded) return;
      // a destination never tested is pinned by its first successful transfer (trust on first use)
      if (sent.ok && !destination.host_key_fingerprint) await pinHostKey(ctx.db, destination.id, sent.hostKey);
      ctx.audit({
        action: sent.ok ? 'sftp.transfer.succeeded' : 'sftp.transfer.failed',
        entityType: 'sftp_transfer',
        entityId: transfer.id,
        before: { status: 'RUNNING', attempts: transfer.attempts },
        after: {
          status,
          remotePath: transfer.remote_path,
          bytesSent: sent.bytes,
          ...(error === null ? {} : { error }),
        },
      });
    },
    { env: destination.environment },
  );
  return status;
}

/** Queue the transfers of every due schedule, in each data space. */
async function queueDueSchedules(platform: Platform, at: Date, limit: number): Promise<number> {
  let queued = 0;
  for (const env of ['LIVE', 'TEST'] as Environment[]) {
    for (let i = 0; i < limit; i++) {
      const done = await withSystemContext(
        platform,
        'sftp',
        async (ctx) => {
          const destination = await claimDueSchedule(ctx.db, env, at);
          if (!destination) return false;
          if (await queueScheduledTransfer(ctx, destination, at)) queued++;
          return true;
        },
        { env },
      );
      if (!done) break;
    }
  }
  return queued;
}

/** One pass: due schedules queued, then every due transfer sent, oldest first. */
export async function runSftpPass(platform: Platform, options: SftpPassOptions = {}): Promise<SftpPassReport> {
  const now = options.now ?? (() => new Date());
  const limit = options.limit ?? 20;
  const report: SftpPassReport = {
    scheduled: await queueDueSchedules(platform, now(), limit),
    succeeded: 0,
    failed: 0,
  };
  for (let handled = 0; handled < limit; handled++) {
    const claimedAt = now();
    const claimed = await platform.db
      .transaction()
      .execute((trx) => claimDueTransfer(trx, claimedAt, new Date(claimedAt.getTime() + TRANSFER_LEASE_MS)));
    if (!claimed) break;
    const transfer = claimed.row;
    const destination = await destinationById(platform.db, transfer.destination_id);
    if (!destination) break;
    const sent: Sent =
      claimed.wasRunning && transfer.attempts > MAX_TRANSFER_ATTEMPTS
        ? { ok: false, bytes: 0, error: translate('sftp.interrupted', undefined, 'en') }
        : await send(platform, transfer, destination, options);
    if (!sent.ok) options.log?.warn({ transferId: transfer.id, error: sent.error }, 'sftp transfer failed');
    const status = await record(platform, transfer, destination, sent, now());
    if (status === 'SUCCEEDED') report.succeeded++;
    else report.failed++;
  }
  return report;
}

/** Runs a pass every `intervalMs` in this process (one at a time); `stop` waits for a pass under way. */
export function startSftpWorker(
  platform: Platform,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = runSftpPass(platform, { log })
      .catch((err) => log.error({ err }, 'sftp pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
