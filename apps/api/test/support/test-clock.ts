/**
 * The test databases' clock (decision 0017). Each test file runs inside one long transaction, and
 * PostgreSQL's `now()` is the start of the transaction: left alone, every row a file writes would carry
 * the same `created_at`, and "the newest first" would be decided by a random uuid. So the template
 * gets `test_clock.now()`, found before `pg_catalog.now()` on the search path (column defaults bind
 * to it when the migrations create them), which answers what production's `now()` would:
 * - inside an app transaction on the held connection: the moment that transaction began;
 * - a statement of its own on the held connection: the moment the statement began;
 * - anywhere else (isolated copies, the seed): `pg_catalog.now()` itself.
 * The held connection sets the two settings it reads (rolled-back-dialect.ts).
 */

export const TEST_CLOCK_SEARCH_PATH = '"$user", public, test_clock, pg_catalog';

/** Run on the template before the migrations, in the session that runs them. */
export const INSTALL_TEST_CLOCK = `
create schema test_clock;
create function test_clock.now() returns timestamptz language sql stable as $$
  select coalesce(
    nullif(current_setting('test_clock.transaction_start', true), '')::timestamptz,
    case when current_setting('test_clock.held', true) = 'on' then statement_timestamp() else pg_catalog.now() end)
$$;
set search_path = ${TEST_CLOCK_SEARCH_PATH};
`;

/** The session of a copy: `now()` in queries resolves to the test clock too. */
export const USE_TEST_CLOCK = `set search_path = ${TEST_CLOCK_SEARCH_PATH}`;
