-- The study dashboard's numbers (issue 13, decision G-analytics-data): facts the database keeps in the write
-- transaction, so a chart never reads 500,000 tasks or 2,000,000 answers and is never staler than the last write.
--  1. On each participant: the state of their eConsent and how many of their tasks are completed, kept from
--     consent_signatures and participant_tasks; every participant-based chart is then one read of participants.
--  2. Tasks per site, activity, status and opening day; responses and answers per site, activity and day: kept by
--     statement triggers from the rows each statement changed (transition tables), in key order, as the
--     participant list's counters are (migration 202612050100).

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

-- 1b. Task completion: the tasks that count (every one but those withdrawn) and the completed ones.
alter table participants add column tasks_total integer not null default 0;
alter table participants add column tasks_completed integer not null default 0;

update participants p set tasks_total = t.total, tasks_completed = t.completed
  from (select participant_id, count(*) filter (where status <> 'WITHDRAWN') as total,
               count(*) filter (where status = 'COMPLETED') as completed
        from participant_tasks group by 1) t
  where t.participant_id = p.id;

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

-- The changes of one statement on participant_tasks, grouped (participant, study, activity, status, opening day,
-- +n added / -n removed), applied to the participants' task totals and to the counters.
create function participant_tasks_delta_apply(changes jsonb) returns void language sql as $$
  with d as (
    select (x->>'participant_id')::uuid as participant_id, (x->>'study_id')::uuid as study_id,
           x->>'target_id' as target_id, x->>'status' as status, (x->>'day')::date as day, (x->>'n')::int as n
    from jsonb_array_elements(changes) x
  ), totals as (
    update participants p set tasks_total = p.tasks_total + t.total, tasks_completed = p.tasks_completed + t.completed
    from (select participant_id, coalesce(sum(n) filter (where status <> 'WITHDRAWN'), 0) as total,
                 coalesce(sum(n) filter (where status = 'COMPLETED'), 0) as completed
          from d group by 1) t
    where p.id = t.participant_id and (t.total <> 0 or t.completed <> 0)
    returning 1
  )
  select activity_task_counts_apply(coalesce((
    select jsonb_agg(g) from (
      select d.study_id, p.environment, p.site_id, d.target_id, d.status, d.day, sum(d.n) as n
      from d join participants p on p.id = d.participant_id
      group by 1, 2, 3, 4, 5, 6 having sum(d.n) <> 0) g), '[]'));
$$;

create function participant_tasks_counters_insert() returns trigger language plpgsql as $$
begin
  perform participant_tasks_delta_apply(coalesce((
    select jsonb_agg(g) from (
      select participant_id, study_id, target_id, status, (opens_at at time zone 'UTC')::date as day, count(*) as n
      from new_rows group by 1, 2, 3, 4, 5) g), '[]'));
  return null;
end $$;

create function participant_tasks_counters_update() returns trigger language plpgsql as $$
begin
  perform participant_tasks_delta_apply(coalesce((
    select jsonb_agg(g) from (
      select participant_id, study_id, target_id, status, (opens_at at time zone 'UTC')::date as day, sum(d) as n
      from (select *, 1 as d from new_rows union all select *, -1 as d from old_rows) r
      group by 1, 2, 3, 4, 5 having sum(d) <> 0) g), '[]'));
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

create trigger participant_tasks_counters_insert after insert on participant_tasks
  referencing new table as new_rows for each statement execute function participant_tasks_counters_insert();
create trigger participant_tasks_counters_update after update on participant_tasks
  referencing old table as old_rows new table as new_rows for each statement execute function participant_tasks_counters_update();
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

-- 2b. Responses and their answers per site, activity and day of completion: data points and first data.
create table response_counts (
  study_id uuid not null,
  environment text not null,
  site_id uuid not null,
  activity_id uuid not null,
  day date not null,
  responses bigint not null,
  answers bigint not null,
  primary key (study_id, environment, site_id, activity_id, day)
);

create function answer_count(answers jsonb) returns bigint language sql immutable as $$
  select case when jsonb_typeof(answers) = 'object' then (select count(*) from jsonb_object_keys(answers)) else 0 end;
$$;

insert into response_counts
  select study_id, environment, site_id, activity_id, (completed_at at time zone 'UTC')::date, count(*),
         sum(answer_count(answers))
  from activity_responses group by 1, 2, 3, 4, 5;

create function response_counts_apply(changes jsonb) returns void language sql as $$
  insert into response_counts as c (study_id, environment, site_id, activity_id, day, responses, answers)
  select (x->>'study_id')::uuid, x->>'environment', (x->>'site_id')::uuid, (x->>'activity_id')::uuid,
         (x->>'day')::date, (x->>'responses')::bigint, (x->>'answers')::bigint
  from jsonb_array_elements(changes) x
  order by 1, 2, 3, 4, 5
  on conflict (study_id, environment, site_id, activity_id, day)
    do update set responses = c.responses + excluded.responses, answers = c.answers + excluded.answers;
$$;

create function response_counts_insert() returns trigger language plpgsql as $$
begin
  perform response_counts_apply(coalesce((
    select jsonb_agg(g) from (
      select study_id, environment, site_id, activity_id, (completed_at at time zone 'UTC')::date as day,
             count(*) as responses, sum(answer_count(answers)) as answers
      from new_rows group by 1, 2, 3, 4, 5) g), '[]'));
  return null;
end $$;

create function response_counts_delete() returns trigger language plpgsql as $$
begin
  perform response_counts_apply(coalesce((
    select jsonb_agg(g) from (
      select study_id, environment, site_id, activity_id, (completed_at at time zone 'UTC')::date as day,
             -count(*) as responses, -sum(answer_count(answers)) as answers
      from old_rows group by 1, 2, 3, 4, 5) g), '[]'));
  return null;
end $$;

create trigger activity_responses_counts_insert after insert on activity_responses
  referencing new table as new_rows for each statement execute function response_counts_insert();
create trigger activity_responses_counts_delete after delete on activity_responses
  referencing old table as old_rows for each statement execute function response_counts_delete();

-- The participant-based charts read participants by study and data space, with what they group by carried in
-- the index (read from the index alone); the first data of a site is its earliest response.
create index participants_analytics on participants (study_id, environment, site_id)
  include (status, consent_state, tasks_total, tasks_completed, quiz_passed, quiz_attempts, registration_date, created_at);
create index activity_responses_first_data on activity_responses (site_id, environment, completed_at) include (participant_id);

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
