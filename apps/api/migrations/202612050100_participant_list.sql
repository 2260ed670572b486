-- The participant list (issue 12, decision E-participant-list): the participant's name and how they came in
-- (E-027, E-029), labels that staff create per study and attach to participants (E-087, E-088), and the indexes
-- the list's search (a case-insensitive start of the id, e-mail, first or last name), filters and sorts use.
alter table participants add column first_name text;
alter table participants add column last_name text;
alter table participants add column source text not null default 'WEB' check (source in ('APP', 'WEB', 'MANUAL'));

create table participant_labels (
  id uuid primary key default gen_random_uuid(),
  study_id uuid not null references studies(id),
  name text not null,
  color text not null default 'blue',
  created_at timestamptz not null default now(),
  created_by uuid references users(id)
);
create unique index participant_labels_name on participant_labels (study_id, lower(name));

create table participant_label_links (
  participant_id uuid not null references participants(id),
  label_id uuid not null references participant_labels(id) on delete cascade,
  attached_at timestamptz not null default now(),
  primary key (participant_id, label_id)
);
create index participant_label_links_label on participant_label_links (label_id, participant_id);


-- Whether the participant has signed a consent of the study, kept by the database itself from consent_signatures
-- (the list filters and counts by it without reading the signatures of 100,000 participants).
alter table participants add column consent_signed boolean not null default false;
update participants p set consent_signed = true where exists (select 1 from consent_signatures c where c.participant_id = p.id);

create function participants_consent_signed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update participants set consent_signed = true where id = new.participant_id and not consent_signed;
    return new;
  end if;
  update participants set consent_signed = exists (select 1 from consent_signatures c where c.participant_id = old.participant_id)
  where id = old.participant_id;
  return old;
end $$;
create trigger consent_signatures_mark_participant after insert or delete on consent_signatures
  for each row execute function participants_consent_signed();

-- How many participants each site has in each status, source and consent state: the list's total for the usual
-- filters is a sum over these few rows instead of a count over every participant. Kept by statement triggers from
-- the rows each statement changed (transition tables), in key order, so concurrent writers lock counters alike.
create table participant_list_counts (
  study_id uuid not null,
  environment text not null,
  site_id uuid not null,
  status text not null,
  source text not null,
  consent_signed boolean not null,
  n bigint not null,
  primary key (study_id, environment, site_id, status, source, consent_signed)
);
insert into participant_list_counts
  select study_id, environment, site_id, status, source, consent_signed, count(*) from participants
  group by study_id, environment, site_id, status, source, consent_signed;

create function participant_list_counts_apply(changes jsonb) returns void language sql as $$
  insert into participant_list_counts as c (study_id, environment, site_id, status, source, consent_signed, n)
  select (x->>'study_id')::uuid, x->>'environment', (x->>'site_id')::uuid, x->>'status', x->>'source',
         (x->>'consent_signed')::boolean, (x->>'n')::bigint
  from jsonb_array_elements(changes) x
  order by 1, 2, 3, 4, 5, 6
  on conflict (study_id, environment, site_id, status, source, consent_signed) do update set n = c.n + excluded.n;
$$;

create function participant_list_counts_insert() returns trigger language plpgsql as $$
begin
  perform participant_list_counts_apply(coalesce((
    select jsonb_agg(g) from (
      select study_id, environment, site_id, status, source, consent_signed, count(*) as n
      from new_rows group by 1, 2, 3, 4, 5, 6) g), '[]'));
  return null;
end $$;

create function participant_list_counts_update() returns trigger language plpgsql as $$
begin
  perform participant_list_counts_apply(coalesce((
    select jsonb_agg(g) from (
      select study_id, environment, site_id, status, source, consent_signed, sum(d) as n
      from (select *, 1 as d from new_rows union all select *, -1 as d from old_rows) r
      group by 1, 2, 3, 4, 5, 6 having sum(d) <> 0) g), '[]'));
  return null;
end $$;

create function participant_list_counts_delete() returns trigger language plpgsql as $$
begin
  perform participant_list_counts_apply(coalesce((
    select jsonb_agg(g) from (
      select study_id, environment, site_id, status, source, consent_signed, -count(*) as n
      from old_rows group by 1, 2, 3, 4, 5, 6) g), '[]'));
  return null;
end $$;

create trigger participants_list_counts_insert after insert on participants
  referencing new table as new_rows for each statement execute function participant_list_counts_insert();
create trigger participants_list_counts_update after update on participants
  referencing old table as old_rows new table as new_rows for each statement execute function participant_list_counts_update();
create trigger participants_list_counts_delete after delete on participants
  referencing old table as old_rows for each statement execute function participant_list_counts_delete();

-- The list's indexes (decision E-participant-list). Each leads with the study and data space, orders by one sort
-- column then the participant code (unique there, so a page order is total), and carries the columns of the
-- visibility rule and the common filters, so a deep page and the count are read from the index alone. Text is
-- compared lower-cased in the C collation: one index serves both a prefix search (LIKE 'x%') and the sort; the
-- columns under an expression are carried too (PostgreSQL reads an index alone only when it holds them).
create index participants_list_code on participants (study_id, environment, participant_code) include (id, site_id, status, source, consent_signed, version_id);
create index participants_list_code_search on participants (study_id, environment, (lower(participant_code) collate "C")) include (id, site_id);
create index participants_list_name on participants (study_id, environment, (lower(last_name) collate "C"), (lower(first_name) collate "C"), participant_code) include (id, site_id, status, source, consent_signed, last_name, first_name);
create index participants_list_first_name on participants (study_id, environment, (lower(first_name) collate "C")) include (id, site_id);
create index participants_list_email on participants (study_id, environment, (lower(email) collate "C"), participant_code) include (id, site_id, status, source, consent_signed, email);
create index participants_list_status on participants (study_id, environment, status, participant_code) include (id, site_id, source, consent_signed);
create index participants_list_source on participants (study_id, environment, source, participant_code) include (id, site_id, status, consent_signed);
create index participants_list_site on participants (study_id, environment, site_id, participant_code) include (id, status, source, consent_signed);
create index participants_list_registered on participants (study_id, environment, registration_date, participant_code) include (id, site_id, status, source, consent_signed);
create index participants_list_created on participants (study_id, environment, created_at, participant_code) include (id, site_id, status, source, consent_signed);
drop index participants_site_idx; -- a prefix of participants_list_site
