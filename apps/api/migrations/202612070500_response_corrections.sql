-- Corrections of participant-reported answers (issue 12, decision E-response-corrections): a stored result never
-- changes (21 CFR 11.10); when a query shows an answer was wrong, site staff record a correction of that one answer
-- with a reason. Each row keeps the answer it replaced, so the original and every later value stay readable in order.
create table response_corrections (
  id uuid primary key default gen_random_uuid(),
  response_id uuid not null references activity_responses(id),
  participant_id uuid not null references participants(id),
  study_id uuid not null,
  environment text not null check (environment in ('LIVE', 'TEST')),
  -- the question identifier
  item text not null,
  old_value jsonb not null,
  new_value jsonb not null,
  reason text not null,
  -- the data query the correction answers, when it came from one
  query_id uuid,
  corrected_by uuid not null references users(id),
  corrected_at timestamptz not null default now()
);
create index response_corrections_response on response_corrections (response_id, corrected_at);

create function response_corrections_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'response_corrections are kept as recorded: % refused', tg_op;
end;
$$;
create trigger response_corrections_no_change before update or delete on response_corrections
  for each row execute function response_corrections_refuse_change();
create trigger response_corrections_no_truncate before truncate on response_corrections
  for each statement execute function response_corrections_refuse_change();
