// The large study of the benchmarks (issues 12, 13, 14, 17), made by SQL from fixed patterns so every run holds the
// same data: BENCH_PARTICIPANTS participants of DEMO (80 % at Boston, 20 % at Madrid; names, e-mails, statuses,
// sources, dates, versions spread; 20 labels on a third; a signed consent for 40 %), and on request their tasks,
// submitted responses of 20 answers each and data queries on those answers. Used by participant-list.ts (the list
// budget) and analytics-probe.ts (the dashboard's data, issue 13).
import pg from 'pg';

const FIRST = ['Ana', 'Ben', 'Carla', 'David', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jon', 'Kira', 'Luis'];
// 20 × 20 surnames, each about 1 in 400 participants (the commonest real surnames are 1–4 % of a population)
const LAST_START = 'Gar Mor San Lo Bra Jo Mil Da Ro Wil Fer Cas Her Ta Ne Pa Ki Ol Va Zu'.split(' ');
const LAST_END = 'cia eno chez pez own nes ler vis sa son nan tro rera lor lson rez ng sen lle ber'.split(' ');
const LAST = LAST_START.flatMap((a) => LAST_END.map((b) => a + b));

export interface LargeStudySize {
  participants: number;
  /** Tasks a participant (those with a version): 5 gives 500,000 for 100,000 participants. */
  tasksPerParticipant?: number;
  /** Submitted responses of 20 answers each (2,000,000 answers for 100,000). */
  responses?: number;
  /** Data queries on those responses' answers, a third open, a third answered, a third closed. */
  queries?: number;
}

export interface LargeStudy {
  study: string;
  boston: string;
  madrid: string;
  version: string;
  /** One of the 20 labels (Label 7). */
  label: string;
  seconds: number;
  counts: Record<'participants' | 'labelled' | 'signed' | 'tasks' | 'responses' | 'queries', number>;
}

/** Makes the study in the database at `url` (the demo data set must be there: DEMO, its sites, a published version). */
export async function makeLargeStudy(url: string, size: LargeStudySize): Promise<LargeStudy> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const one = async <T>(q: string, params: unknown[] = []) => (await c.query(q, params)).rows[0] as T;
    const { id: study } = await one<{ id: string }>(`select id from studies where code = 'DEMO'`);
    const { id: boston } = await one<{ id: string }>(`select id from sites where site_code = 'US-001'`);
    const { id: madrid } = await one<{ id: string }>(`select id from sites where site_code = 'ES-001'`);
    const { id: version } = await one<{ id: string }>(
      `select id from study_versions where study_id = $1 and status = 'PUBLISHED' order by number desc limit 1`,
      [study],
    );
    const started = performance.now();
    await c.query(
      `insert into participants (study_id, site_id, participant_code, first_name, last_name, email, status, source,
         environment, language, created_at, updated_at, registration_date, version_id)
       select $1, case when g % 5 = 0 then $3::uuid else $2::uuid end,
         'P' || lpad(g::text, 7, '0'),
         ($5::text[])[1 + g % array_length($5::text[], 1)],
         ($6::text[])[1 + (g * 7919) % array_length($6::text[], 1)],
         'p' || g || '@bench.example',
         (array['ACTIVE','ACTIVE','ACTIVE','ACTIVE','INVITED','NOTINVITED','REGISTERED','VERIFIED','SCREENING',
                'SCREENFAILED','WITHDRAWSTUDY','DISCONTINUED','ACTIVEWITHOUTAPP','PRESCREENED','DISQUALIFIED'])[1 + g % 15],
         (array['WEB','WEB','APP','MANUAL'])[1 + g % 4],
         'LIVE', 'en',
         timestamptz '2025-01-01' + (g * interval '7 minutes'),
         now(),
         case when g % 10 < 7 then timestamptz '2025-01-01' + (g * interval '7 minutes') + interval '1 day' end,
         case when g % 15 < 4 then $4::uuid end
       from generate_series(1, $7::int) g`,
      [study, boston, madrid, version, FIRST, LAST, size.participants],
    );
    await c.query(
      `insert into participant_labels (study_id, name, color)
       select $1, 'Label ' || g, (array['blue','teal','green','yellow','orange','red','grape','gray'])[1 + g % 8]
       from generate_series(1, 20) g`,
      [study],
    );
    await c.query(
      `insert into participant_label_links (participant_id, label_id)
       select p.id, l.id from participants p
       join participant_labels l on l.study_id = p.study_id
         and l.name = 'Label ' || (1 + abs(hashtext(p.participant_code)) % 20)
       where p.participant_code like 'P%' and abs(hashtext(p.participant_code)) % 3 = 0`,
    );
    await c.query(
      `insert into consent_signatures (participant_id, study_id, version_id, environment, consent_id, content_hash,
         request_id, local_offset, participant_name, meaning, language)
       select p.id, p.study_id, $1, 'LIVE', 'main', repeat('a', 64), gen_random_uuid(), '+00:00',
         p.first_name || ' ' || p.last_name, 'I agree', 'en'
       from participants p where p.participant_code like 'P%' and abs(hashtext(p.participant_code || 'c')) % 5 < 2`,
      [version],
    );
    await makeTasks(c, { study, version, perParticipant: size.tasksPerParticipant ?? 0 });
    await makeResponses(c, { study, version, count: size.responses ?? 0 });
    await makeQueries(c, { count: size.queries ?? 0 });
    // a database in steady state: autovacuum has set the visibility map (index-only scans) and the statistics
    await c.query('vacuum analyze');
    const seconds = (performance.now() - started) / 1000;
    const count = async (q: string) => Number((await one<{ n: string }>(q)).n);
    return {
      study,
      boston,
      madrid,
      version,
      label: (await one<{ id: string }>(`select id from participant_labels where name = 'Label 7'`)).id,
      seconds,
      counts: {
        participants: await count(`select count(*) as n from participants where participant_code like 'P%'`),
        labelled: await count(`select count(*) as n from participant_label_links`),
        signed: await count(`select count(*) as n from consent_signatures`),
        tasks: await count(`select count(*) as n from participant_tasks`),
        responses: await count(`select count(*) as n from activity_responses`),
        queries: await count(`select count(*) as n from data_queries`),
      },
    };
  } finally {
    await c.end();
  }
}

/** Five activities of the study (by fixed ids: tasks and responses carry no foreign key to them). */
const ACTIVITY_IDS = [1, 2, 3, 4, 5].map((i) => `00000000-0000-4000-8000-00000000000${i}`);

/** Tasks a day apart from the participant's registration; those opened in the past answered 3 times in 4. */
async function makeTasks(c: pg.Client, o: { study: string; version: string; perParticipant: number }) {
  if (o.perParticipant <= 0) return;
  await c.query(
    `insert into participant_tasks (participant_id, study_id, version_id, schedule_id, task_key, target_kind,
       target_id, start_day, end_day, opens_at, closes_at, delivery, status, answered_at)
     select p.id, $1, $2, 'bench-' || d, 'bench-' || d, 'activity', ($4::text[])[1 + d % 5], d, d,
       p.created_at + d * interval '1 day', p.created_at + (d + 1) * interval '1 day', 'scheduled',
       case when p.created_at + (d + 1) * interval '1 day' < now()
         then case when abs(hashtext(p.id::text || d)) % 4 < 3 then 'COMPLETED' else 'EXPIRED' end
         else 'SCHEDULED' end,
       case when p.created_at + (d + 1) * interval '1 day' < now() and abs(hashtext(p.id::text || d)) % 4 < 3
         then p.created_at + d * interval '1 day' + interval '2 hours' end
     from participants p cross join generate_series(0, $3::int - 1) d
     where p.participant_code like 'P%'`,
    [o.study, o.version, o.perParticipant, ACTIVITY_IDS],
  );
}

/** Responses of 20 numeric answers, the first `count` completed tasks in task order. */
async function makeResponses(c: pg.Client, o: { study: string; version: string; count: number }) {
  if (o.count <= 0) return;
  await c.query(
    `insert into activity_responses (participant_id, study_id, version_id, site_id, environment, activity_id,
       revision_id, task_id, client_uuid, device_id, language, answers, completed_at, completed_local, completed_offset)
     select t.participant_id, $1, $2, p.site_id, 'LIVE', t.target_id::uuid, t.target_id::uuid, t.id,
       'bench-' || t.id, 'bench-device', 'en',
       (select jsonb_object_agg('q' || q, jsonb_build_object('answer', (abs(hashtext(t.id::text || q)) % 100)::text))
          from generate_series(1, 20) q),
       t.answered_at, to_char(t.answered_at, 'YYYY-MM-DD"T"HH24:MI:SS'), '+00:00'
     from (select * from participant_tasks where status = 'COMPLETED' order by id limit $3) t
     join participants p on p.id = t.participant_id`,
    [o.study, o.version, o.count],
  );
}

/** Queries on one answer of a response each (the first `count` responses), opened by the monitor. */
async function makeQueries(c: pg.Client, o: { count: number }) {
  if (o.count <= 0) return;
  await c.query(
    `insert into data_queries (study_id, site_id, environment, participant_id, target_kind, target_id, item,
       activity_id, activity_title, item_text, status, opened_by, opened_at, updated_at, closed_by, closed_at)
     select r.study_id, r.site_id, 'LIVE', r.participant_id, 'response', r.id, 'q' || (1 + n % 20), r.activity_id::text,
       '{"en":"Bench activity"}', '{"en":"Bench question"}',
       (array['OPEN','RESPONDED','CLOSED'])[1 + n % 3], u.id, r.completed_at + interval '1 day', now(),
       case when n % 3 = 2 then u.id end, case when n % 3 = 2 then r.completed_at + interval '3 days' end
     from (select *, row_number() over (order by id) as n from activity_responses order by id limit $1) r
     cross join (select id from users where username = 'cra.demo') u`,
    [o.count],
  );
}
