/**
 * The activity library and each study's activities (issue 10, decision 0044; C-027…C-033, C-132, C-136,
 * C-137): revisions edited while DRAFT and frozen once ACTIVE, tags, groups, archive, JSON and FHIR in and
 * out; every refusal names its field; every write audited.
 */
import {
  archiveActivity,
  createActivity,
  createActivityGroup,
  createActivityRevision,
  DRAFT_SECTION_ENDPOINTS,
  exportStudyUsdm,
  deleteActivityGroup,
  exportActivityRevision,
  getActivity,
  getActivityRevision,
  importActivity,
  importStudyUsdm,
  listActivities,
  listActivityGroups,
  listActivityTags,
  publishStudyVersion,
  renameActivityTag,
  saveActivityRevision,
  setActivityRevisionStatus,
  updateActivity,
} from '@trialpath/contract';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, draftVersionId, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  for (const u of ['studyadmin', 'cra.demo', 'admin']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const as = (user = 'studyadmin') => tokens[user];
const create = (body: Record<string, unknown>, user = 'studyadmin') =>
  call(t.app, createActivity, { token: as(user), body: { kind: 'survey', title: { en: 'Pain diary' }, ...body } });
const audit = (entityId: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after', 'reason'])
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();

const question = (identifier: string, extra: Record<string, unknown> = {}) => ({
  id: identifier,
  identifier,
  type: 'Boolean',
  body: { en: `Question ${identifier}`, es: `Pregunta ${identifier}` },
  options: [
    { id: 'yes', body: { en: 'Yes' }, score: 1 },
    { id: 'no', body: { en: 'No' }, score: 0 },
  ],
  ...extra,
});

async function withQuestions(identifier: string, questions: unknown[], more: Record<string, unknown> = {}) {
  const a = (await create({ identifier })).json;
  const r = a.latest;
  const def = (await call(t.app, getActivityRevision, { token: as(), params: { activityId: a.id, revisionId: r.id } }))
    .json;
  const saved = await call(t.app, saveActivityRevision, {
    token: as(),
    params: { activityId: a.id, revisionId: r.id },
    body: { lockVersion: def.lockVersion, definition: { ...def.definition, questions, ...more } },
  });
  return { activity: a, saved };
}

describe('the library (C-027, C-031, C-132)', () => {
  it('creates an activity with an empty DRAFT revision 1, lists and opens it; audited', async () => {
    const r = await create({ identifier: 'PAIN-1', tags: ['Pain', ' pain ', 'Daily'] });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      studyId: null,
      kind: 'survey',
      identifier: 'PAIN-1',
      tags: ['Pain', 'Daily'],
      archived: false,
      latest: { number: 1, status: 'DRAFT', questionCount: 0 },
    });
    const list = await call(t.app, listActivities, { token: as(), query: { search: 'pain' } });
    expect(list.json.items.map((i: { identifier: string }) => i.identifier)).toContain('PAIN-1');
    const opened = await call(t.app, getActivity, { token: as(), params: { activityId: r.json.id } });
    expect(opened.json.revisions).toHaveLength(1);
    expect(await audit(r.json.id)).toMatchObject([{ action: 'activity.create', after: { identifier: 'PAIN-1' } }]);
  });

  it('refuses a taken identifier (case and spacing folded) and a malformed one, on the field', async () => {
    await create({ identifier: 'PHQ-9' });
    const taken = await create({ identifier: 'phq-9' });
    expect(taken.status).toBe(409);
    expect(taken.json.fieldErrors.identifier[0]).toMatch(/already uses the identifier phq-9/);
    const bad = await create({ identifier: '9 lives' });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.identifier[0]).toMatch(/starting with a letter/);
  });

  it('is the client’s: a monitor without design rights is refused', async () => {
    expect((await create({ identifier: 'X1' }, 'cra.demo')).status).toBe(403);
    expect((await call(t.app, listActivities, { token: as('cra.demo') })).status).toBe(403);
  });
});

describe('the form builder’s saves (C-031)', () => {
  it('saves questions, a branching rule, a data edit check and a score; the title follows the revision', async () => {
    const { activity, saved } = await withQuestions(
      'BUILD-1',
      [
        question('Q1', { branching: { rules: [{ operator: 'eq', value: 'yes', skipTo: 'Q3' }] } }),
        question('Q2'),
        question('Q3', {
          type: 'Integer',
          options: [],
          dataEditChecks: [{ id: 'd1', check: 'HARD', type: 'LESS_THAN', value: 100 }],
        }),
      ],
      {
        title: { en: 'Built', es: 'Construida' },
        canScoreResponses: true,
        scoringVariables: [{ id: 's', name: 'total', expression: 'Q1 + Q2' }],
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ number: 1, status: 'DRAFT', questionCount: 3, lockVersion: 2 });
    expect(saved.json.definition).toMatchObject({
      id: activity.id,
      identifier: 'BUILD-1',
      revisionId: '1',
      type: 'survey',
    });
    const again = await call(t.app, getActivity, { token: as(), params: { activityId: activity.id } });
    expect(again.json.title).toEqual({ en: 'Built', es: 'Construida' });
    expect((await audit(saved.json.id)).map((e) => e.action)).toEqual(['activity.revision.save']);
  });

  it.each([
    [
      'backwards',
      [question('Q1'), question('Q2', { branching: { rules: [{ operator: 'eq', value: 'yes', skipTo: 'Q1' }] } })],
      'definition.questions.1.branching.rules.0.skipTo',
      /only skip forward: Q1 comes before/,
    ],
    [
      'to itself',
      [question('Q1', { branching: { rules: [{ operator: 'eq', value: 'yes', skipTo: 'Q1' }] } })],
      'definition.questions.0.branching.rules.0.skipTo',
      /cannot skip to its own question/,
    ],
  ])('refuses a branching rule that points %s, naming the rule', async (_, questions, field, message) => {
    const { saved } = await withQuestions(`BR-${field.length}-${questions.length}`, questions);
    expect(saved.status).toBe(400);
    expect(saved.json.fieldErrors[field][0]).toMatch(message);
  });

  it('strips script from question texts and options before storing them (sanitised content endpoint, A-166)', async () => {
    const { activity, saved } = await withQuestions('SANITISED-1', [
      question('Q1', {
        body: { en: 'How are you?<script>alert(1)</script>', es: '<img src=x onerror="alert(1)">¿Cómo está?' },
        options: [
          { id: 'yes', body: { en: '<a href="javascript:alert(1)">Yes</a>' }, score: 1 },
          { id: 'no', body: { en: 'No' }, score: 0 },
        ],
      }),
    ]);
    expect(saved.status).toBe(200);
    const stored = await call(t.app, getActivityRevision, {
      token: as(),
      params: { activityId: activity.id, revisionId: saved.json.id },
    });
    const q = stored.json.definition.questions[0];
    expect(q.body.en).toBe('How are you?');
    expect(q.body.es).toContain('¿Cómo está?');
    expect(q.body.es).not.toMatch(/onerror/i);
    expect(q.options[0].body.en).toContain('Yes');
    expect(q.options[0].body.en).not.toMatch(/javascript:/i);
  });

  it('refuses a formula with an unknown variable and one that cannot be read, naming the formula', async () => {
    const { saved } = await withQuestions('F-1', [question('Q1')], {
      scoringVariables: [
        { id: 'a', name: 'a', expression: 'Q1 + Q9' },
        { id: 'b', name: 'b', expression: 'Q1 +' },
      ],
    });
    expect(saved.status).toBe(400);
    expect(saved.json.fieldErrors['definition.scoringVariables.0.expression'][0]).toMatch(/uses Q9, which is neither/);
    expect(saved.json.fieldErrors['definition.scoringVariables.1.expression'][0]).toMatch(/cannot be read/);
  });

  it('refuses a save over a newer one (409), losing nothing of the other person’s', async () => {
    const { activity, saved } = await withQuestions('LOCK-1', [question('Q1')]);
    const stale = await call(t.app, saveActivityRevision, {
      token: as(),
      params: { activityId: activity.id, revisionId: saved.json.id },
      body: { lockVersion: 1, definition: { ...saved.json.definition, questions: [] } },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toMatch(/Someone else saved this revision/);
    const now = await call(t.app, getActivityRevision, {
      token: as(),
      params: { activityId: activity.id, revisionId: saved.json.id },
    });
    expect(now.json.questionCount).toBe(1);
  });
});

describe('revisions and their status (C-136, C-137)', () => {
  it('an ACTIVE revision is frozen; a change makes revision 2 and revision 1 stays as it was', async () => {
    const { activity, saved } = await withQuestions('REV-1', [question('Q1')]);
    const ids = { activityId: activity.id, revisionId: saved.json.id };
    const noReason = await call(t.app, setActivityRevisionStatus, {
      token: as(),
      params: ids,
      body: { status: 'ACTIVE' },
    });
    expect(noReason.status).toBe(400);
    const active = await call(t.app, setActivityRevisionStatus, {
      token: as(),
      params: ids,
      body: { status: 'ACTIVE', reason: 'Reviewed' },
    });
    expect(active.json.status).toBe('ACTIVE');
    const frozen = await call(t.app, saveActivityRevision, {
      token: as(),
      params: ids,
      body: { lockVersion: active.json.lockVersion, definition: { ...saved.json.definition, questions: [] } },
    });
    expect(frozen.status).toBe(409);
    expect(frozen.json.message).toMatch(/Revision 1 is ACTIVE and can no longer change/);

    const second = await call(t.app, createActivityRevision, { token: as(), params: { activityId: activity.id } });
    expect(second.json).toMatchObject({
      number: 2,
      status: 'DRAFT',
      questionCount: 1,
      definition: { revisionId: '2' },
    });
    const twice = await call(t.app, createActivityRevision, { token: as(), params: { activityId: activity.id } });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toMatch(/Revision 2 is already being edited/);
    await call(t.app, saveActivityRevision, {
      token: as(),
      params: { activityId: activity.id, revisionId: second.json.id },
      body: {
        lockVersion: second.json.lockVersion,
        definition: { ...second.json.definition, questions: [question('Q1'), question('Q2')] },
      },
    });
    const first = await call(t.app, getActivityRevision, { token: as(), params: ids });
    expect(first.json.questionCount).toBe(1);
    expect(
      (await call(t.app, getActivity, { token: as(), params: { activityId: activity.id } })).json.revisions.map(
        (r: { number: number; status: string }) => `${r.number}:${r.status}`,
      ),
    ).toEqual(['2:DRAFT', '1:ACTIVE']);
    expect(await audit(saved.json.id)).toMatchObject([
      { action: 'activity.revision.save' },
      {
        action: 'activity.revision.status',
        before: { status: 'DRAFT' },
        after: { status: 'ACTIVE' },
        reason: 'Reviewed',
      },
    ]);
  });

  it('moves only DRAFT → ACTIVE → RETIRED → ACTIVE', async () => {
    const a = (await create({ identifier: 'MOVE-1' })).json;
    const ids = { activityId: a.id, revisionId: a.latest.id };
    const move = (status: string) =>
      call(t.app, setActivityRevisionStatus, { token: as(), params: ids, body: { status, reason: 'r' } });
    expect((await move('RETIRED')).status).toBe(409);
    expect((await move('ACTIVE')).status).toBe(200);
    const back = await move('DRAFT');
    expect(back.status).toBe(409);
    expect(back.json.fieldErrors.status[0]).toMatch(/cannot go from ACTIVE to DRAFT/);
    expect((await move('RETIRED')).status).toBe(200);
    expect((await move('ACTIVE')).status).toBe(200);
  });
});

describe('tags, groups and the archive (C-028, C-029, C-030)', () => {
  it('lists tags with counts, renames one across activities and removes another', async () => {
    await create({ identifier: 'T1', tags: ['Mood', 'Weekly'] });
    await create({ identifier: 'T2', tags: ['mood'] });
    const tags = await call(t.app, listActivityTags, { token: as() });
    expect(tags.json.items).toEqual(
      expect.arrayContaining([
        { name: 'Mood', count: 1 },
        { name: 'mood', count: 1 },
      ]),
    );
    const renamed = await call(t.app, renameActivityTag, { token: as(), body: { from: 'mood', to: 'Mood' } });
    expect(renamed.json.changed).toBe(1);
    expect(renamed.json.items).toEqual(expect.arrayContaining([{ name: 'Mood', count: 2 }]));
    const removed = await call(t.app, renameActivityTag, { token: as(), body: { from: 'Weekly', to: null } });
    expect(removed.json.items.map((i: { name: string }) => i.name)).not.toContain('Weekly');
    const filtered = await call(t.app, listActivities, { token: as(), query: { tag: 'Mood' } });
    expect(filtered.json.items.map((i: { identifier: string }) => i.identifier).sort()).toEqual(['T1', 'T2']);
  });

  it('groups: unique names, activities filed in one, a group with activities cannot be deleted', async () => {
    const g = await call(t.app, createActivityGroup, { token: as(), body: { name: 'Quality of life' } });
    expect(g.status).toBe(200);
    const dup = await call(t.app, createActivityGroup, { token: as(), body: { name: ' quality  OF life ' } });
    expect(dup.status).toBe(409);
    expect(dup.json.fieldErrors.name[0]).toMatch(/already exists/);
    const a = (await create({ identifier: 'G1', groupId: g.json.id })).json;
    expect(a.group).toEqual({ id: g.json.id, name: 'Quality of life' });
    const groups = await call(t.app, listActivityGroups, { token: as() });
    expect(groups.json.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Quality of life', activityCount: 1 })]),
    );
    const inUse = await call(t.app, deleteActivityGroup, { token: as(), params: { groupId: g.json.id } });
    expect(inUse.status).toBe(409);
    await call(t.app, updateActivity, {
      token: as(),
      params: { activityId: a.id },
      body: { revision: a.revision, identifier: 'G1', tags: [], groupId: null },
    });
    expect((await call(t.app, deleteActivityGroup, { token: as(), params: { groupId: g.json.id } })).status).toBe(200);
  });

  it('archiving takes an activity out of the list, into the archive, read-only until restored', async () => {
    const a = (await create({ identifier: 'ARCH-1' })).json;
    const archived = await call(t.app, archiveActivity, {
      token: as(),
      params: { activityId: a.id },
      body: { archived: true, reason: 'Replaced' },
    });
    expect(archived.json.archived).toBe(true);
    const live = await call(t.app, listActivities, { token: as(), query: { search: 'ARCH-1' } });
    expect(live.json.total).toBe(0);
    const archive = await call(t.app, listActivities, { token: as(), query: { search: 'ARCH-1', archived: 'true' } });
    expect(archive.json.total).toBe(1);
    const edit = await call(t.app, createActivityRevision, { token: as(), params: { activityId: a.id } });
    expect(edit.status).toBe(409);
    expect(edit.json.message).toMatch(/archived/);
    const restored = await call(t.app, archiveActivity, {
      token: as(),
      params: { activityId: a.id },
      body: { archived: false, reason: 'Needed' },
    });
    expect(restored.json.archived).toBe(false);
  });
});

describe('study activities and data capture forms (C-032, C-033)', () => {
  it('a study builder adds one to the study, or copies one from the library; the study list holds only the study’s', async () => {
    const lib = await withQuestions('LIB-COPY', [question('Q1'), question('Q2')]);
    const copied = await create({ studyId: demo, identifier: 'STUDY-PAIN', copyFrom: lib.activity.id });
    expect(copied.status).toBe(200);
    expect(copied.json).toMatchObject({
      studyId: demo,
      copiedFrom: { identifier: 'LIB-COPY' },
      latest: { questionCount: 2, number: 1 },
    });
    const form = await create({
      studyId: demo,
      identifier: 'VITALS',
      kind: 'dataCaptureForm',
      title: { en: 'Vitals' },
    });
    expect(form.status).toBe(200);
    const forms = await call(t.app, listActivities, { token: as(), query: { studyId: demo, kind: 'dataCaptureForm' } });
    expect(forms.json.items.map((i: { identifier: string }) => i.identifier)).toEqual(['VITALS']);
    const library = await call(t.app, listActivities, { token: as(), query: { search: 'STUDY-PAIN' } });
    expect(library.json.total).toBe(0);
    // the same identifier may exist once in the library and once in a study
    expect((await create({ studyId: demo, identifier: 'LIB-COPY' })).status).toBe(200);
    expect((await create({ studyId: demo, identifier: 'X' }, 'cra.demo')).status).toBe(403);
  });
});

describe('JSON and FHIR in and out (C-031 export)', () => {
  it('exports a revision as our JSON and as a FHIR Questionnaire, and imports both back as new activities', async () => {
    const { activity, saved } = await withQuestions('EXP-1', [question('Q1'), question('Q2')]);
    const ids = { activityId: activity.id, revisionId: saved.json.id };
    const json = await call(t.app, exportActivityRevision, { token: as(), params: ids, query: { format: 'json' } });
    expect(json.json.fileName).toBe('EXP-1_r1.json');
    const fhir = await call(t.app, exportActivityRevision, {
      token: as(),
      params: ids,
      query: { format: 'fhir', language: 'es' },
    });
    expect(fhir.json.document).toMatchObject({ resourceType: 'Questionnaire', language: 'es' });
    const back = await call(t.app, importActivity, {
      token: as(),
      body: { format: 'json', document: json.json.document, identifier: 'EXP-2' },
    });
    expect(back.status).toBe(200);
    expect(back.json.activity.latest.questionCount).toBe(2);
    const viaFhir = await call(t.app, importActivity, {
      token: as(),
      body: { format: 'fhir', document: fhir.json.document, identifier: 'EXP-3' },
    });
    expect(viaFhir.json).toMatchObject({
      unmapped: [],
      activity: { identifier: 'EXP-3', latest: { questionCount: 2 } },
    });
  });

  it('maps a Questionnaire from another system and lists what it could not; refuses what is not one', async () => {
    const foreign = {
      resourceType: 'Questionnaire',
      title: 'Sleep',
      item: [
        { linkId: 'q1', text: 'Hours slept', type: 'integer', required: true },
        { linkId: 'q2', text: 'Photo of your bed', type: 'attachment' },
      ],
    };
    const r = await call(t.app, importActivity, {
      token: as(),
      body: { format: 'fhir', document: foreign, identifier: 'SLEEP' },
    });
    expect(r.status).toBe(200);
    expect(r.json.activity).toMatchObject({
      identifier: 'SLEEP',
      title: { en: 'Sleep' },
      latest: { questionCount: 1 },
    });
    expect(r.json.unmapped).toEqual([expect.objectContaining({ path: expect.stringContaining('item[1]') })]);
    const bad = await call(t.app, importActivity, {
      token: as(),
      body: { format: 'fhir', document: { resourceType: 'Patient' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.document[0]).toMatch(/not an activity or a FHIR Questionnaire/);
  });
});

describe('a version’s activities and schedule (decision 0044)', () => {
  const draftId = () => draftVersionId(t.db, demo);
  const save = async (section: 'studyActivities' | 'schedule', value: unknown, revision = 0) =>
    call(t.app, DRAFT_SECTION_ENDPOINTS[section], {
      token: as(),
      params: { studyId: demo, versionId: await draftId() },
      body: { revision, value },
    });
  const ref = (a: { id: string; latest: { id: string } }) => ({ id: a.id, revisionId: a.latest.id });

  it('takes only the study’s own activities at one of their revisions', async () => {
    const lib = (await create({ identifier: 'LIB-ONLY' })).json;
    const notOurs = await save('studyActivities', { items: [ref(lib)] });
    expect(notOurs.status).toBe(400);
    expect(notOurs.json.fieldErrors['value.items.0.id'][0]).toMatch(/not an activity of this study/);
    const mine = (await create({ studyId: demo, identifier: 'MINE' })).json;
    const wrongRevision = await save('studyActivities', { items: [{ id: mine.id, revisionId: lib.latest.id }] });
    expect(wrongRevision.json.fieldErrors['value.items.0.revisionId'][0]).toMatch(/does not belong/);
    expect((await save('studyActivities', { items: [ref(mine)] })).status).toBe(200);
  });

  it('schedules and packets name the version’s activities; a packet holds forms only; a scheduled one cannot be taken out', async () => {
    const survey = (await create({ studyId: demo, identifier: 'DAILY' })).json;
    const form = (await create({ studyId: demo, identifier: 'VITALS', kind: 'dataCaptureForm' })).json;
    const other = (await create({ studyId: demo, identifier: 'OTHER' })).json;
    expect((await save('studyActivities', { items: [ref(survey), ref(form)] })).status).toBe(200);
    const daily = {
      id: 'daily',
      target: { kind: 'activity', activityId: survey.id },
      startDay: 0,
      endDay: 6,
      repeat: { kind: 'everyNDays', interval: 1 },
    };
    const stray = await save('schedule', {
      schedules: [daily, { id: 'x', target: { kind: 'activity', activityId: other.id }, startDay: 1 }],
    });
    expect(stray.status).toBe(400);
    expect(stray.json.fieldErrors['value.schedules.1.target'][0]).toMatch(/not among the activities of this version/);
    const surveyInPacket = await save('schedule', {
      packets: [{ id: 'visit', name: { en: 'Visit 1' }, activityIds: [survey.id] }],
    });
    expect(surveyInPacket.json.fieldErrors['value.packets.0.activityIds'][0]).toMatch(/data capture forms only; DAILY/);
    const ok = await save('schedule', {
      packets: [{ id: 'visit', name: { en: 'Visit 1' }, activityIds: [form.id] }],
      schedules: [daily, { id: 'visit-7', target: { kind: 'packet', packetId: 'visit' }, startDay: 7 }],
    });
    expect(ok.status).toBe(200);
    const never = await save('schedule', { schedules: [{ ...daily, endDay: undefined }] }, 1);
    expect(never.json.fieldErrors['value.schedules.0.repeat.count'][0]).toMatch(/never ends/);
    const takeOut = await save('studyActivities', { items: [ref(form)] }, 1);
    expect(takeOut.status).toBe(400);
    expect(takeOut.json.fieldErrors['value.items'][0]).toMatch(/DAILY is still scheduled/);
  });

  it('publishing freezes the revisions the version uses (DRAFT → ACTIVE), audited', async () => {
    const survey = (await create({ studyId: demo, identifier: 'FROZEN' })).json;
    expect((await save('studyActivities', { items: [ref(survey)] })).status).toBe(200);
    const published = await call(t.app, publishStudyVersion, {
      token: as(),
      params: { studyId: demo, versionId: await draftId() },
      body: { reason: 'Amendment 2 approved' },
    });
    expect(published.status).toBe(200);
    const revision = await call(t.app, getActivityRevision, {
      token: as(),
      params: { activityId: survey.id, revisionId: survey.latest.id },
    });
    expect(revision.json.status).toBe('ACTIVE');
    expect(await audit(survey.latest.id)).toMatchObject([
      {
        action: 'activity.revision.status',
        after: { status: 'ACTIVE', byPublish: true },
        reason: 'Amendment 2 approved',
      },
    ]);
  });
});

describe('★ the design as a digital protocol: CDISC USDM 4.0 (decision 0044)', () => {
  /** The standards README's recipe (standards/usdm-4.0, the repository's copy): the OpenAPI schemas under $defs, ajv 2020. */
  function usdmValidator() {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const api = JSON.parse(readFileSync(path.resolve(root, 'standards/usdm-4.0/USDM_API.json'), 'utf8'));
    const id = 'https://trialpath.org/schemas/usdm-4.0.json';
    const text = JSON.stringify({ $id: id, $defs: api.components.schemas }).replaceAll(
      '#/components/schemas/',
      '#/$defs/',
    );
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addSchema(JSON.parse(text));
    return ajv.getSchema(`${id}#/$defs/Wrapper-Input`)!;
  }

  it('exports the draft with its activities and schedule as a study definition that validates against USDM 4.0', async () => {
    const versionId = await draftVersionId(t.db, demo);
    const survey = (await create({ studyId: demo, identifier: 'USDM-DIARY' })).json;
    await call(t.app, DRAFT_SECTION_ENDPOINTS.studyActivities, {
      token: as(),
      params: { studyId: demo, versionId },
      body: { revision: 0, value: { items: [{ id: survey.id, revisionId: survey.latest.id }] } },
    });
    await call(t.app, DRAFT_SECTION_ENDPOINTS.schedule, {
      token: as(),
      params: { studyId: demo, versionId },
      body: {
        revision: 0,
        value: {
          schedules: [
            {
              id: 'daily',
              target: { kind: 'activity', activityId: survey.id },
              startDay: 0,
              endDay: 6,
              repeat: { kind: 'everyNDays', interval: 1 },
            },
          ],
        },
      },
    });
    const r = await call(t.app, exportStudyUsdm, { token: as(), params: { studyId: demo, versionId } });
    expect(r.status).toBe(200);
    expect(r.json.fileName).toMatch(/^DEMO_v\d+_usdm-4\.0\.json$/);
    const validate = usdmValidator();
    expect(validate(r.json.document), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const text = JSON.stringify(r.json.document);
    expect(text).toContain('USDM-DIARY');
    expect(r.json.document).toMatchObject({
      study: { versions: [expect.objectContaining({ versionIdentifier: expect.any(String) })] },
    });
    expect(
      (await call(t.app, exportStudyUsdm, { token: as('cra.demo'), params: { studyId: demo, versionId } })).status,
    ).toBe(403);
  });
});

describe('★ a study from another system’s digital protocol: USDM 4.0 import (decision 0044)', () => {
  const importStudy = (body: unknown, user = 'studyadmin') => call(t.app, importStudyUsdm, { token: as(user), body });

  it('our own export comes back as a new study in design with its activities and schedule; sites are listed, not made', async () => {
    const versionId = await draftVersionId(t.db, demo);
    const survey = (await create({ studyId: demo, identifier: 'ROUND-TRIP' })).json;
    const save = (section: 'studyActivities' | 'schedule', value: unknown) =>
      call(t.app, DRAFT_SECTION_ENDPOINTS[section], {
        token: as(),
        params: { studyId: demo, versionId },
        body: { revision: 0, value },
      });
    await save('studyActivities', { items: [{ id: survey.id, revisionId: survey.latest.id }] });
    await save('schedule', {
      schedules: [
        {
          id: 'daily',
          target: { kind: 'activity', activityId: survey.id },
          startDay: 0,
          endDay: 6,
          repeat: { kind: 'everyNDays', interval: 1 },
        },
      ],
    });
    const exported = (await call(t.app, exportStudyUsdm, { token: as(), params: { studyId: demo, versionId } })).json
      .document;

    const r = await importStudy({ code: 'DEMO-COPY', document: exported });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: 'DEMO-COPY', activities: 1, schedules: 1 });
    expect(r.json.unmapped).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: expect.stringMatching(/not created: add it/) })]),
    );
    const draft = await t.db
      .selectFrom('study_versions')
      .select('content')
      .where('study_id', '=', r.json.studyId)
      .executeTakeFirstOrThrow();
    const content = draft.content as {
      studyActivities: { items: { id: string }[] };
      schedule: { schedules: { target: { activityId: string } }[] };
    };
    const newId = content.studyActivities.items[0]!.id;
    expect(newId).not.toBe(survey.id);
    expect(content.schedule.schedules[0]!.target.activityId).toBe(newId);
    expect((await call(t.app, getActivity, { token: as(), params: { activityId: newId } })).json).toMatchObject({
      studyId: r.json.studyId,
      identifier: 'ROUND-TRIP',
    });
    expect(
      (await t.db.selectFrom('audit_log').select('action').where('entity_id', '=', r.json.studyId).execute()).map(
        (e) => e.action,
      ),
    ).toContain('study.usdm.import');
  });

  it('maps the standard’s example study and lists what it could not; refuses what is not a study definition', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const example = JSON.parse(
      readFileSync(path.resolve(root, 'standards/usdm-4.0/example-observational.json'), 'utf8'),
    );
    const r = await importStudy({ code: 'SCOPE1', document: example });
    expect(r.status).toBe(200);
    expect(r.json.name).toBe('SCOPE1');
    expect(r.json.activities).toBeGreaterThan(0);
    expect(r.json.unmapped.length).toBeGreaterThan(0);
    const bad = await importStudy({ code: 'BAD1', document: { study: {} } });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.document[0]).toMatch(/not a CDISC USDM 4.0 study definition/);
    expect((await t.db.selectFrom('studies').select('id').where('code', '=', 'BAD1').execute()).length).toBe(0);
    const taken = await importStudy({ code: 'DEMO', document: example });
    expect(taken.status).toBe(409);
    expect((await importStudy({ code: 'X2', document: example }, 'cra.demo')).status).toBe(403);
  });
});
