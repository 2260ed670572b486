/**
 * Test-only Kysely dialect (decision 0017): every statement runs on ONE held database connection
 * inside a transaction that the tests open and roll back, so nothing a test writes outlives it.
 *
 * - `openScope()` starts the outer transaction (`begin`) or, inside one, a savepoint; `rollbackTo()`
 *   undoes everything since. createTestApp opens one per test file, the per-test hook one per test.
 * - The app's own transactions (runWrite, withSystemContext, the outbox claim) become savepoints:
 *   Kysely's commit releases it, its rollback rolls back to it — the same outcome the test observes.
 * - A statement outside an app transaction runs in its own savepoint, as if in autocommit: a failing
 *   one (a refused UPDATE, a bad cast) fails alone and does not abort the test's transaction.
 * - One connection, handed out one caller at a time (like the embedded database in production): two
 *   concurrent requests queue. Tests that need real concurrency use createIsolatedTestApp.
 *
 * SQL `now()` is the outer transaction's start time; decision 0017 says what that means for tests.
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from '../../src/db/pglite-dialect';

/** Runs one compiled statement on the held connection (a Kysely bound to it by `db.connection()`). */
export type RunOnHeldConnection = (query: CompiledQuery) => Promise<QueryResult<unknown>>;

const APP_TRANSACTION = 'app_transaction';
const AUTOCOMMIT = 'autocommit_statement';

export class HeldTransaction {
  private readonly mutex = new Mutex();
  /** Open scopes, outermost first; scope i > 0 is savepoint `scope_i`. */
  private depth = 0;
  /** True between an app transaction's begin and its commit or rollback. */
  inAppTransaction = false;

  constructor(private readonly run: RunOnHeldConnection) {}

  get openScopes(): number {
    return this.depth;
  }

  /** Waits for the connection (the same queue the app's statements use). */
  lock(): Promise<() => void> {
    return this.mutex.lock();
  }

  /** Starts a scope that `rollbackTo(returned value)` undoes; returns its level. */
  async openScope(): Promise<number> {
    const release = await this.lock();
    try {
      await this.raw(this.depth === 0 ? 'begin' : `savepoint scope_${this.depth}`);
      return this.depth++;
    } finally {
      release();
    }
  }

  /** Undoes everything written since scope `level` was opened, and closes it and any inside it. */
  async rollbackTo(level: number): Promise<void> {
    if (level >= this.depth) return;
    const release = await this.lock();
    try {
      if (level === 0) await this.raw('rollback');
      else await this.raw(`rollback to savepoint scope_${level}`, `release savepoint scope_${level}`);
      this.depth = level;
      this.inAppTransaction = false;
    } finally {
      release();
    }
  }

  /** A statement of the app or the test; caller holds the lock. */
  async execute<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.requireScope();
    if (this.inAppTransaction) return (await this.run(query)) as QueryResult<R>;
    await this.raw(`savepoint ${AUTOCOMMIT}`);
    try {
      const result = (await this.run(query)) as QueryResult<R>;
      await this.raw(`release savepoint ${AUTOCOMMIT}`);
      return result;
    } catch (e) {
      await this.raw(`rollback to savepoint ${AUTOCOMMIT}`, `release savepoint ${AUTOCOMMIT}`);
      throw e;
    }
  }

  requireScope(): void {
    if (this.depth === 0) {
      throw new Error('The test database was used outside a test app: after close(), or before createTestApp().');
    }
  }

  /** Statements without parameters, one after the other. */
  async raw(...statements: string[]): Promise<void> {
    for (const statement of statements) await this.run(CompiledQuery.raw(statement));
  }
}

class HeldConnection implements DatabaseConnection {
  constructor(private readonly held: HeldTransaction) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.held.execute<R>(query);
  }

  // biome-ignore lint/correctness/useYield: the embedded database's dialect does not stream either
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The rolled-back test dialect does not stream queries');
  }
}

class RolledBackDriver implements Driver {
  private release: (() => void) | null = null;
  private readonly connection: HeldConnection;

  constructor(private readonly held: HeldTransaction) {
    this.connection = new HeldConnection(held);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.held.lock();
    return this.connection;
  }

  async beginTransaction(_conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // One connection runs one transaction at a time, so every isolation level behaves alike here;
    // a read-only transaction cannot be had as a savepoint, so it is refused rather than ignored.
    if (settings.accessMode === 'read only') {
      throw new Error('A read-only transaction cannot run in the shared test database: use createIsolatedTestApp');
    }
    this.held.requireScope();
    // The test clock (test-clock.ts): now() is this transaction's start, as it would be in production.
    await this.held.raw(
      `savepoint ${APP_TRANSACTION}`,
      "select set_config('test_clock.transaction_start', statement_timestamp()::text, false)",
    );
    this.held.inAppTransaction = true;
  }

  async commitTransaction(): Promise<void> {
    this.held.inAppTransaction = false;
    await this.held.raw(
      `release savepoint ${APP_TRANSACTION}`,
      "select set_config('test_clock.transaction_start', '', false)",
    );
  }

  async rollbackTransaction(): Promise<void> {
    this.held.inAppTransaction = false;
    // Rolling back to the savepoint also undoes the clock setting made after it.
    await this.held.raw(`rollback to savepoint ${APP_TRANSACTION}`, `release savepoint ${APP_TRANSACTION}`);
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  /** The held connection belongs to the worker's shared database, not to one app. */
  async destroy(): Promise<void> {}
}

export class RolledBackDialect implements Dialect {
  constructor(private readonly held: HeldTransaction) {}
  createDriver(): Driver {
    return new RolledBackDriver(this.held);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
