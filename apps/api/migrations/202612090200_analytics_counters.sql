-- The study dashboard's numbers (issue 13, decision G-analytics-data): facts the database keeps in the write
-- transaction, so a chart never reads 500,000 tasks or 2,000,000 answers and is never staler than the last write.
--  1. On each participant: the state of their eConsent and quiz (kept from consent_signatures); beside each, how
--     many of their tasks are completed (kept from participant_tasks); every participant-based chart is then one
--     read of participants and their totals.
--  2. Tasks per site, activity, status and opening day, kept by triggers in key order, as the participant list's
--     counters are (migration 202612050100); each response's answer count, stored with it.

-- 1a. eConsent state: UNSIGNED (no signature), PARTICIPANT_SIGNED (a signature the investigator has not
--     countersigned yet), PI_AND_PARTICIPANT_SIGNED (every signature countersigned); and the comprehension quiz:
--     the consents signed after a quiz (quiz_passed) and the attempts it took (quiz_attempts, G-047).
alter table participants add column consent_state text not null default 'UNSIGNED'
  check (consent_state in ('UNSIGNED', 'PARTICIPANT_SIGNED', 'PI_AND_PARTICIPANT_SIGNED'));
alter table participants add column quiz_passed integer not null default 0;
alter table participants add column quiz_attempts integer not null default 0;

create function participant_consent_facts(pid uuid) returns table (state text, passed integer, attempts integer)
language sql stable as $$
  select case
    when count(*) = 0 then 'UNSIGNED'
    when count(*) filter (where countersigned_at is null) > 0 then 'PARTICIPANT_SIGNED'
    else 'PI_AND_PARTICIPANT_SIGNED' end,
    (count(*) filter (where quiz_attempts > 0))::integer, coalesce(sum(quiz_attempts), 0)::integer
  from consent_signatures where participant_id = pid;
$$;

update participants p set consent_state = f.state, quiz_passed = f.passed, quiz_attempts = f.attempts
  from (select c.participant_id, x.* from (select distinct participant_id from consent_signatures) c
        cross join lateral participant_consent_facts(c.participant_id) x) f
  where f.participant_id = p.id;

create function participants_consent_state() returns trigger language plpgsql as $$
declare pid uuid := case when tg_op = 'DELETE' then old.participant_id else new.participant_id end;
begin
  update participants p set consent_state = f.state, quiz_passed = f.passed, quiz_attempts = f.attempts
  from participant_consent_facts(pid) f
  where p.id = pid
    and (p.consent_state, p.quiz_passed, p.quiz_attempts) is distinct from (f.state, f.passed, f.attempts);
  return null;
end $$;
create trigger consent_signatures_consent_state after insert or delete or update of countersigned_at, quiz_attempts
  on consent_signatures for each row execute function participants_consent_state();

-- 1b. Task completion per participant: the tasks that count (every one but those withdrawn) and the completed ones.
--     In a table of its own, not on participants: a submission completes a task, and a change of a participants
--     row rewrites every one of its indexes and runs the list's counters.
create table participant_task_totals (
  participant_id uuid primary key references participants(id),
  total integer not null,
  completed integer not null
);
insert into participant_task_totals
  select participant_id, count(*) filter (where status <> 'WITHDRAWN'), count(*) filter (where status = 'COMPLETED')
  from participant_tasks group by 1;

-- 2a. Tasks per site, activity (or packet), status and the day they open: the activity completion charts.
create table activity_task_counts (
  study_id uuid not null,
  environment text not null,
  site_id uuid not null,
  target_id text not null,
  status text not null,
  day date not null,
  n bigint not null,
  primary key (study_id, environment, site_id, target_id, status, day)
);

insert into activity_task_counts
  select t.study_id, p.environment, p.site_id, t.target_id, t.status, (t.opens_at at time zone 'UTC')::date, count(*)
  from participant_tasks t join participants p on p.id = t.participant_id
  group by 1, 2, 3, 4, 5, 6;

create function activity_task_counts_apply(changes jsonb) returns void language sql as $$
  insert into activity_task_counts as c (study_id, environment, site_id, target_id, status, day, n)
  select (x->>'study_id')::uuid, x->>'environment', (x->>'site_id')::uuid, x->>'target_id', x->>'status',
         (x->>'day')::date, (x->>'n')::bigint
  from jsonb_array_elements(changes) x
  order by 1, 2, 3, 4, 5, 6
  on conflict (study_id, environment, site_id, target_id, status, day) do update set n = c.n + excluded.n;
$$;

-- The changes of tasks, grouped (participant, study, activity, status, opening day, +n added / -n removed),
-- applied to the participants' totals and to the counters, each in key order (concurrent writers lock alike).
create function participant_tasks_delta_apply(changes jsonb) returns void language sql as $$
  with d as (
    select (x->>'participant_id')::uuid as participant_id, (x->>'study_id')::uuid as study_id,
           x->>'target_id' as target_id, x->>'status' as status, (x->>'day')::date as day, (x->>'n')::int as n
    from jsonb_array_elements(changes) x
  ), totals as (
    insert into participant_task_totals as t (participant_id, total, completed)
    select participant_id, coalesce(sum(n) filter (where status <> 'WITHDRAWN'), 0),
           coalesce(sum(n) filter (where status = 'COMPLETED'), 0)
    from d group by 1 order by 1
    on conflict (participant_id) do update set total = t.total + excluded.total, completed = t.completed + excluded.completed
    returning 1
  )
  select activity_task_counts_apply(coalesce((
    select jsonb_agg(g) from (
      select d.study_id, p.environment, p.site_id, d.target_id, d.status, d.day, sum(d.n) as n
      from d join participants p on p.id = d.participant_id
      group by 1, 2, 3, 4, 5, 6 having sum(d.n) <> 0) g), '[]'));
$$;

-- Many tasks are made or removed at once (a schedule job): a statement trigger per batch.
create function participant_tasks_counters_insert() returns trigger language plpgsql as $$
begin
  perform participant_tasks_delta_apply(coalesce((
    select jsonb_agg(g) from (
      select participant_id, study_id, target_id, status, (opens_at at time zone 'UTC')::date as day, count(*) as n
      from new_rows group by 1, 2, 3, 4, 5) g), '[]'));
  return null;
end $$;

create function participant_tasks_counters_delete() returns trigger language plpgsql as $$
begin
  perform participant_tasks_delta_apply(coalesce((
    select jsonb_agg(g) from (
      select participant_id, study_id, target_id, status, (opens_at at time zone 'UTC')::date as day, -count(*) as n
      from old_rows group by 1, 2, 3, 4, 5) g), '[]'));
  return null;
end $$;

-- A task changes one at a time (answered, expired, moved): a row trigger of plain statements (this runs with every
-- submission), only when what is counted changes (not for a reminder sent or a task read). The two counter rows are
-- changed in key order, as the statement triggers do, so two writers never wait on each other in a circle.
create function activity_task_count_add(study uuid, env text, site uuid, target text, st text, d date, k integer)
returns void language sql as $$
  insert into activity_task_counts as c (study_id, environment, site_id, target_id, status, day, n)
  values (study, env, site, target, st, d, k)
  on conflict (study_id, environment, site_id, target_id, status, day) do update set n = c.n + excluded.n;
$$;

create function participant_tasks_counters_update() returns trigger language plpgsql as $$
declare
  env text;
  site uuid;
  old_day date := (old.opens_at at time zone 'UTC')::date;
  new_day date := (new.opens_at at time zone 'UTC')::date;
begin
  update participant_task_totals set
    total = total + (new.status <> 'WITHDRAWN')::int - (old.status <> 'WITHDRAWN')::int,
    completed = completed + (new.status = 'COMPLETED')::int - (old.status = 'COMPLETED')::int
  where participant_id = new.participant_id and (old.status is distinct from new.status);
  select p.environment, p.site_id into env, site from participants p where p.id = new.participant_id;
  if (old.target_id, old.status, old_day) < (new.target_id, new.status, new_day) then
    perform activity_task_count_add(old.study_id, env, site, old.target_id, old.status, old_day, -1);
    perform activity_task_count_add(new.study_id, env, site, new.target_id, new.status, new_day, 1);
  else
    perform activity_task_count_add(new.study_id, env, site, new.target_id, new.status, new_day, 1);
    perform activity_task_count_add(old.study_id, env, site, old.target_id, old.status, old_day, -1);
  end if;
  return null;
end $$;

create trigger participant_tasks_counters_insert after insert on participant_tasks
  referencing new table as new_rows for each statement execute function participant_tasks_counters_insert();
create trigger participant_tasks_counters_update after update of status, opens_at, target_id on participant_tasks
  for each row when ((old.status, old.opens_at, old.target_id) is distinct from (new.status, new.opens_at, new.target_id))
  execute function participant_tasks_counters_update();
create trigger participant_tasks_counters_delete after delete on participant_tasks
  referencing old table as old_rows for each statement execute function participant_tasks_counters_delete();

-- A participant moving to another site (a transfer) or data space takes their tasks' counts along (a row trigger:
-- it runs only for the rare row that moves).
create function participants_move_task_counts() returns trigger language plpgsql as $$
begin
  perform activity_task_counts_apply(coalesce((
    select jsonb_agg(g) from (
      select t.study_id, m.environment, m.site_id, t.target_id, t.status,
             (t.opens_at at time zone 'UTC')::date as day, sum(m.d) as n
      from (values (old.environment, old.site_id, -1), (new.environment, new.site_id, 1)) m(environment, site_id, d)
      cross join participant_tasks t
      where t.participant_id = new.id
      group by 1, 2, 3, 4, 5, 6 having sum(m.d) <> 0) g), '[]'));
  return null;
end $$;
create trigger participants_move_task_counts after update of site_id, environment on participants for each row
  when (old.site_id is distinct from new.site_id or old.environment is distinct from new.environment)
  execute function participants_move_task_counts();

-- 2b. Responses: how many answers each holds, computed once when it is stored (responses are never changed);
--     the data points per site are then read from an index alone, with no trigger on a submission.
create function answer_count(answers jsonb) returns integer language sql immutable as $$
  select case when jsonb_typeof(answers) = 'object' then (select count(*)::integer from jsonb_object_keys(answers)) else 0 end;
$$;
alter table activity_responses add column answer_count integer generated always as (answer_count(answers)) stored;
create index activity_responses_datapoints on activity_responses (study_id, environment, site_id, completed_at)
  include (answer_count, participant_id);

-- The participant-based charts read participants by study and data space, with what they group by carried in
-- the index (read from the index alone); a site's data points and first data are read from the responses' index.
create index participants_analytics on participants (study_id, environment, site_id)
  include (id, status, consent_state, quiz_passed, quiz_attempts, registration_date, created_at);

-- The day a site started recruiting in each data space (the site date record's activeDate, G-044): the first day its
-- status was ACTIVE there, kept by the database; sites already active count from the day they were made.
alter table sites add column live_active_date date;
alter table sites add column test_active_date date;
update sites set live_active_date = (created_at at time zone 'UTC')::date where live_status = 'ACTIVE';
update sites set test_active_date = (created_at at time zone 'UTC')::date where test_status = 'ACTIVE';

create function sites_active_date() returns trigger language plpgsql as $$
begin
  if new.live_status = 'ACTIVE' and new.live_active_date is null then
    new.live_active_date := (now() at time zone 'UTC')::date;
  end if;
  if new.test_status = 'ACTIVE' and new.test_active_date is null then
    new.test_active_date := (now() at time zone 'UTC')::date;
  end if;
  return new;
end $$;
create trigger sites_active_date before insert or update of live_status, test_status on sites
  for each row execute function sites_active_date();
