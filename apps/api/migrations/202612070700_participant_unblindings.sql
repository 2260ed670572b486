-- Emergency unblinding (issue 12, decision E-blinding addendum): an investigator unblinds one participant for
-- themselves, with a reason — from then on they receive that participant's unblinding answers. Kept as recorded.
create table participant_unblindings (
  id uuid primary key default gen_random_uuid(),
  participant_id uuid not null references participants(id),
  study_id uuid not null references studies(id),
  environment text not null check (environment in ('LIVE', 'TEST')),
  user_id uuid not null references users(id),
  reason text not null,
  created_at timestamptz not null default now()
);
create index participant_unblindings_participant on participant_unblindings (participant_id, user_id);

create function participant_unblindings_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'participant_unblindings are kept as recorded: % refused', tg_op;
end;
$$;
create trigger participant_unblindings_no_change before update or delete on participant_unblindings
  for each row execute function participant_unblindings_refuse_change();
