/**
 * Group commit (decision B-group-commit): the writes of one kind that many requests make at the same time, in
 * one transaction. Each request hands its item over; the kind's writer takes what is waiting as a batch, reads
 * what the batch needs (outside a transaction, one statement per kind of fact for all items), then writes it in
 * one transaction — multi-row statements, one audit append, one WAL flush — and answers each request after the
 * commit, so nothing is acknowledged before it is durable. The batches form a two-stage pipeline: while one
 * writes, the next one gathers and reads; with nothing else waiting a batch is a single item and waits for
 * nothing.
 *
 * Every item keeps its own actor, request facts and audit entries (stamped as runWrite stamps them). A batch
 * that fails as a whole (a deadlock, a row the database refuses) is rolled back and its items are written
 * again one by one, each in its own transaction, so one bad item fails only its own request.
 */
import type { Db } from '../db/database';
import type { AuditEntry, AuditRecord } from './audit';
import { MissingAuditError, makeCtx, type Platform, recordsOf, type Scope, type ServiceCtx } from './context';

/**
 * One request's item in a batch, with its own context: its actor and request facts; in the read stage the
 * database (no audit), in the write stage the batch's transaction and the item's own audit sink.
 */
export interface GroupedItem<I> {
  readonly input: I;
  readonly ctx: ServiceCtx;
}

/** What became of one item: its answer, or the error its request gets. A refused item must leave no writes. */
export type ItemOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface GroupWork<I, O, R = undefined> {
  /** Names the work in an error (a missing audit entry). */
  readonly label: string;
  /** What the batch reads before its transaction (the previous batch may be writing meanwhile). */
  read(items: readonly GroupedItem<I>[]): Promise<R>;
  /** Write the items in the batch's transaction: an outcome per item, in their order. */
  write(items: readonly GroupedItem<I>[], trx: Db, read: R): Promise<ItemOutcome<O>[]>;
}

interface Waiting<I, O> {
  scope: Scope;
  input: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/** At most this many items in one transaction: a long batch would hold the audit chain's lock for long. */
export const MAX_BATCH = 64;

class GroupWriter<I, O, R> {
  private readonly waiting: Waiting<I, O>[] = [];
  /** A batch is gathered and read (the next one starts when this one goes on to write). */
  private reading = false;
  /** The write stage of the batch writing now: one transaction of this kind at a time. */
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly platform: Platform,
    private readonly work: GroupWork<I, O, R>,
  ) {}

  submit(scope: Scope, input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ scope, input, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.reading || this.waiting.length === 0) return;
    this.reading = true;
    // items handed over in the same turn of the event loop go in one batch together
    queueMicrotask(() => void this.run());
  }

  /**
   * One batch through both stages; never throws: every item is answered. The next batch is gathered from the
   * moment this one starts writing, and reads while it writes.
   */
  private async run(): Promise<void> {
    const batch = this.waiting.splice(0, MAX_BATCH);
    let read: { ok: true; value: R } | { ok: false; error: unknown };
    try {
      read = { ok: true, value: await this.work.read(this.itemsOf(batch, this.platform.db, null)) };
    } catch (error) {
      read = { ok: false, error };
    }
    await this.written;
    const writing = this.commit(batch, read);
    this.written = writing;
    this.reading = false;
    this.schedule();
    await writing;
  }

  private itemsOf(batch: readonly Waiting<I, O>[], db: Db, sinks: AuditEntry[][] | null): GroupedItem<I>[] {
    return batch.map((w, i) => ({ input: w.input, ctx: makeCtx(this.platform, db, w.scope, sinks?.[i] ?? null) }));
  }

  private async commit(batch: Waiting<I, O>[], read: { ok: true; value: R } | { ok: false; error: unknown }) {
    let outcomes: ItemOutcome<O>[];
    try {
      if (!read.ok) throw read.error;
      outcomes = await this.inTransaction(batch, read.value);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // each item again on its own, both stages
      for (const one of batch) {
        try {
          const value = await this.work.read(this.itemsOf([one], this.platform.db, null));
          await this.commit([one], { ok: true, value });
        } catch (e) {
          one.reject(e);
        }
      }
      return;
    }
    outcomes.forEach((o, i) => {
      if (o.ok) batch[i]!.resolve(o.value);
      else batch[i]!.reject(o.error);
    });
  }

  private inTransaction(batch: Waiting<I, O>[], read: R): Promise<ItemOutcome<O>[]> {
    return this.platform.db.transaction().execute(async (trx) => {
      const sinks = batch.map((): AuditEntry[] => []);
      const outcomes = await this.work.write(this.itemsOf(batch, trx, sinks), trx, read);
      if (outcomes.length !== batch.length) throw new Error(`${this.work.label} answered the wrong number of items`);
      const records: AuditRecord[] = [];
      outcomes.forEach((o, i) => {
        if (!o.ok) return;
        if (sinks[i]!.length === 0) throw new MissingAuditError(this.work.label);
        records.push(...recordsOf(sinks[i]!, batch[i]!.scope));
      });
      await this.platform.writeAudit(trx, records);
      return outcomes;
    });
  }
}

/** The writers of one platform (one per kind of work, made on first use). */
export class GroupCommits {
  // biome-ignore lint/suspicious/noExplicitAny: one writer per work, each typed by its work
  private readonly writers = new Map<GroupWork<any, any, any>, GroupWriter<any, any, any>>();

  submit<I, O, R>(platform: Platform, work: GroupWork<I, O, R>, scope: Scope, input: I): Promise<O> {
    let writer = this.writers.get(work) as GroupWriter<I, O, R> | undefined;
    if (!writer) {
      writer = new GroupWriter(platform, work);
      this.writers.set(work, writer);
    }
    return writer.submit(scope, input);
  }
}
