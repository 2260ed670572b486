/**
 * The one service signature: `(ctx, input)`. A context holds the database (a transaction for
 * writes), the actor, the environment, the request facts and the audit sink. HTTP requests, jobs
 * and the command line all get theirs here, so every write runs in one transaction with its audit
 * entries, whoever starts it (DESIGN.md §3).
 */
import type { AppEnvironment, Language } from '@trialpath/domain';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import type { Actor, ParticipantActor, StaffActor, SystemJob } from './actor';
import { auditActorOf } from './actor';
import { type AuditEntry, type AuditRecord, type AuditWriter, toAuditRecord } from './audit';
import { fail, HttpError } from './errors';
import type { GroupCommits, GroupWork } from './group-commit';

/** What the rest of the process shares: made once by the composition root (app.ts). */
export interface Platform {
  db: Db;
  config: AppConfig;
  writeAudit: AuditWriter;
  /** The writers that commit many requests' writes of one kind together (group-commit.ts). */
  groups: GroupCommits;
}

export interface RequestFacts {
  ip: string | null;
  userAgent: string | null;
  /** The caller's language (Accept-Language among the catalogue's; `en` without one): texts the server writes itself. */
  language: Language;
}

export interface ServiceCtx {
  /** The request's transaction for a write, the database for a read. */
  readonly db: Db;
  readonly config: AppConfig;
  readonly actor: Actor | null;
  readonly env: AppEnvironment;
  readonly request: RequestFacts;
  /** The reason for change sent with the request (endpoints with reasonRequired), else null. */
  readonly reason: string | null;
  /** Record an audit entry; written in this context's transaction when the work commits. */
  audit(entry: AuditEntry): void;
  /**
   * The write found nothing to change (a save of what is already stored) and wrote nothing: it may end without an
   * audit entry. Only when nothing was written: the audit trail records changes, not visits.
   */
  unchanged(): void;
  /**
   * Run `effect` once the write has committed (told to browsers, a process woken): never for work that rolls back.
   * In a read it runs at once. An effect's failure is its own: it cannot undo the commit.
   */
  afterCommit(effect: () => void): void;
  /**
   * A grouped request (route option `grouped`): hand the prepared item to its kind's writer, which commits it
   * with the other requests' items of that kind; answers once it is committed. Anywhere else it throws.
   */
  commitGrouped<I, O, R>(work: GroupWork<I, O, R>, input: I): Promise<O>;
  /** The signed-in staff user (401 for anyone else). */
  staff(): StaffActor;
  /** The signed-in participant (401 for anyone else). */
  participant(): ParticipantActor;
}

/** What a data accessor needs of a context: its database (or transaction). */
export type DbCtx = Pick<ServiceCtx, 'db'>;

export interface Scope {
  actor: Actor | null;
  env: AppEnvironment;
  request: RequestFacts;
  reason?: string | null;
}

export interface WriteOptions {
  /** Refuse to commit work that recorded no audit entry (every write endpoint unless its contract says audit: false). */
  requireAudit: boolean;
  /** Names the work in the error when an audit entry is missing. */
  label: string;
}

/** A write that finished without the audit entry its contract promises: the work is rolled back. */
export class MissingAuditError extends Error {
  constructor(label: string) {
    super(`${label} changed data without recording an audit entry`);
    this.name = 'MissingAuditError';
  }
}

function actorAccessors(actor: Actor | null): Pick<ServiceCtx, 'staff' | 'participant'> {
  return {
    staff() {
      if (actor?.type !== 'staff') throw fail('UNAUTHENTICATED');
      return actor;
    },
    participant() {
      if (actor?.type !== 'participant') throw fail('UNAUTHENTICATED');
      return actor;
    },
  };
}

/** The sinks of writes that said they changed nothing (ctx.unchanged), until their work ends. */
const unchangedWrites = new WeakSet<AuditEntry[]>();

/** A context on `db` (the pool for a read, a transaction for a write) recording audit entries into `sink`. */
export function makeCtx(
  platform: Platform,
  db: Db,
  scope: Scope,
  sink: AuditEntry[] | null,
  grouped = false,
  effects: (() => void)[] | null = null,
): ServiceCtx {
  return {
    db,
    config: platform.config,
    actor: scope.actor,
    env: scope.env,
    request: scope.request,
    reason: scope.reason ?? null,
    audit(entry) {
      if (!sink) throw new Error(`Audit entry ${entry.action} in a read`);
      sink.push(entry);
    },
    unchanged() {
      if (sink) unchangedWrites.add(sink);
    },
    afterCommit(effect) {
      if (effects) effects.push(effect);
      else runEffects([effect]);
    },
    commitGrouped(work, input) {
      if (!grouped) throw new Error(`Grouped write ${work.label} outside a grouped request`);
      return platform.groups.submit(platform, work, scope, input);
    },
    ...actorAccessors(scope.actor),
  };
}

/**
 * The same context acting as another actor for an access decision (e.g. a token refresh, whose
 * caller is known only from the refresh token). Audit entries still go to the original sink.
 */
export function asActor(ctx: ServiceCtx, actor: Actor): ServiceCtx {
  return { ...ctx, actor, ...actorAccessors(actor) };
}

export function recordsOf(entries: readonly AuditEntry[], scope: Scope): AuditRecord[] {
  const stamp = {
    actor: auditActorOf(scope.actor),
    ip: scope.request.ip,
    userAgent: scope.request.userAgent,
    environment: scope.env,
    reason: scope.reason ?? null,
  };
  return entries.map((e) => toAuditRecord(e, stamp));
}

function runEffects(effects: readonly (() => void)[]) {
  for (const effect of effects) {
    try {
      effect();
    } catch {
      // the commit stands; an effect (a message to a browser) that fails is lost, not the write
    }
  }
}

/** A read: no transaction, and recording an audit entry is a programming error. */
export function runRead<T>(platform: Platform, scope: Scope, work: (ctx: ServiceCtx) => Promise<T>): Promise<T> {
  return work(makeCtx(platform, platform.db, scope, null));
}

/**
 * A grouped write: the work reads and checks outside a transaction, then hands what it writes to a group writer
 * (ctx.commitGrouped), whose transaction holds it, its audit entries and other requests' items of the same kind.
 */
export function runGrouped<T>(platform: Platform, scope: Scope, work: (ctx: ServiceCtx) => Promise<T>): Promise<T> {
  return work(makeCtx(platform, platform.db, scope, null, true));
}

/**
 * A write: one transaction holding the work and its audit entries. An error rolls all of it back,
 * unless it is an HttpError marked keepChanges (a failed sign-in is still counted and audited):
 * then what was done and recorded is committed and the error is thrown after the commit.
 */
export async function runWrite<T>(
  platform: Platform,
  scope: Scope,
  work: (ctx: ServiceCtx) => Promise<T>,
  options: WriteOptions,
): Promise<T> {
  type Outcome = { ok: true; value: T } | { ok: false; error: HttpError };
  const effects: (() => void)[] = [];
  const outcome = await platform.db.transaction().execute(async (trx): Promise<Outcome> => {
    const entries: AuditEntry[] = [];
    try {
      const value = await work(makeCtx(platform, trx, scope, entries, false, effects));
      if (options.requireAudit && entries.length === 0 && !unchangedWrites.has(entries))
        throw new MissingAuditError(options.label);
      await platform.writeAudit(trx, recordsOf(entries, scope));
      return { ok: true, value };
    } catch (e) {
      if (e instanceof HttpError && e.keepChanges) {
        await platform.writeAudit(trx, recordsOf(entries, scope));
        return { ok: false, error: e };
      }
      throw e;
    }
  });
  runEffects(effects);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/**
 * The context of a job or a command-line action: the same transaction and audit as a request, with
 * the job named as the actor. Environment LIVE unless the work is about the test data space.
 */
export function withSystemContext<T>(
  platform: Platform,
  job: SystemJob,
  work: (ctx: ServiceCtx) => Promise<T>,
  options: { env?: AppEnvironment; reason?: string } = {},
): Promise<T> {
  const scope: Scope = {
    actor: { type: 'system', job },
    env: options.env ?? 'LIVE',
    request: { ip: null, userAgent: null, language: 'en' },
    reason: options.reason ?? null,
  };
  return runWrite(platform, scope, work, { requireAudit: false, label: `job ${job}` });
}
