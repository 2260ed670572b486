-- Data queries (issue 12; E-144…E-146; decision E-queries): a question a monitor or data manager asks about one
-- answer — of a site-entered form (site_form_entries) or of a participant's submitted response (activity_responses) —
-- and its thread of messages. Status OPEN → RESPONDED → CLOSED, and back to OPEN when reopened.
-- Runs unchanged on PostgreSQL 15+ and on PGlite.
create table data_queries (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  -- the participant's site when the query was opened (the row check reads the participant's site now)
  site_id uuid not null references sites(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  participant_id uuid not null references participants(id),
  -- what the query points at: a site form entry or a participant response (two tables, so no foreign key), and the
  -- question identifier of the answer inside it
  target_kind text not null check (target_kind in ('siteForm', 'response')),
  target_id uuid not null,
  item text not null check (length(item) between 1 and 200),
  -- the activity of the target, its title and the question's text as they read when the query was opened (lists show
  -- them without reading every definition); unblinded_only: the question holds unblinding data (A-117), so blinded
  -- readers never receive the query
  activity_id text not null,
  activity_title jsonb not null,
  item_text jsonb not null,
  unblinded_only boolean not null default false,
  status text not null default 'OPEN' check (status in ('OPEN', 'RESPONDED', 'CLOSED')),
  opened_by uuid not null references users(id),
  opened_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_by uuid references users(id),
  closed_at timestamptz,
  -- a closed query says who closed it and when; any other says neither
  check ((status = 'CLOSED') = (closed_by is not null)),
  check ((closed_by is null) = (closed_at is null))
);
-- One query at a time on an answer until it is closed: two monitors raising the same point race to one row.
create unique index data_queries_one_active on data_queries (target_kind, target_id, item) where status <> 'CLOSED';
-- The counts per status of a study's data space (dashboard and analytics) and the study's list.
create index data_queries_study_status on data_queries (study_id, environment, status, updated_at);
-- The queries of one participant (profile) and of one target (badges next to the answers).
create index data_queries_participant on data_queries (participant_id, opened_at);
create index data_queries_target on data_queries (target_id);

-- The thread: every message in order, each with the status it left the query in. Kept as written (GCP): a message
-- is never changed or removed; a correction is a new message.
create table data_query_messages (
  id uuid primary key default gen_random_uuid(),
  -- the order of the thread (several messages may share one transaction's time)
  seq bigint generated always as identity,
  query_id uuid not null references data_queries(id),
  kind text not null check (kind in ('OPEN', 'RESPONSE', 'CLOSE', 'REOPEN', 'COMMENT')),
  -- empty only for a closing without a note
  text text not null check (length(text) <= 2000 and (kind = 'CLOSE' or length(text) > 0)),
  status_after text not null check (status_after in ('OPEN', 'RESPONDED', 'CLOSED')),
  author_id uuid not null references users(id),
  created_at timestamptz not null default now()
);
create index data_query_messages_thread on data_query_messages (query_id, seq);

create function data_query_messages_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'data_query_messages are kept as written: % refused', tg_op;
end;
$$;
create trigger data_query_messages_no_change before update or delete on data_query_messages
  for each row execute function data_query_messages_refuse_change();
