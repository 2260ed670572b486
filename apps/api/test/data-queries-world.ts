/**
 * The world of the data query tests (decision E-queries): a survey and a site data capture form of the demo study,
 * each with a question holding unblinding data (`kit`, unblindedOnly), pinned by the draft version; submitted
 * responses and site form entries of Boston's participants written straight into their tables (their own areas test
 * how they are made), one of them in the TEST data space, one at Madrid.
 */
import { randomUUID } from 'node:crypto';
import { createActivity, getActivityRevision, saveActivityRevision } from '@trialpath/contract';
import { type AnswerMap, buildResultPayload, parseActivity } from '@trialpath/domain';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { call, draftVersionId, idOf, staffAccess, type TestApp } from './helpers';
import { scheduleFixtures } from './schedule-fixtures';

export const QUESTIONS = [
  {
    id: 'q1',
    identifier: 'mood',
    type: 'MultiChoice',
    body: { en: 'How do you feel?', es: '¿Cómo se siente?' },
    constraints: { subType: 'single' },
    options: [
      { id: 'good', body: { en: 'Good', es: 'Bien' } },
      { id: 'bad', body: { en: 'Bad', es: 'Mal' } },
    ],
  },
  {
    id: 'q2',
    identifier: 'weight',
    type: 'Number',
    body: { en: 'Weight (kg)', es: 'Peso (kg)' },
    constraints: { min: 20, max: 300 },
  },
  {
    id: 'q3',
    identifier: 'kit',
    type: 'Text',
    body: { en: 'Treatment kit number', es: 'Número de kit' },
    optional: true,
    unblindedOnly: true,
    constraints: { maxLength: 50 },
  },
  {
    id: 'q4',
    identifier: 'notes',
    type: 'Text',
    body: { en: 'Notes', es: 'Notas' },
    optional: true,
    constraints: { maxLength: 200 },
  },
];

export interface QueryWorld {
  t: TestApp;
  demo: string;
  boston: string;
  madrid: string;
  versionId: string;
  survey: { id: string; revisionId: string };
  form: { id: string; revisionId: string };
  /** DEMO-US001-0001 (Boston, LIVE). */
  alice: string;
  /** TEST-US001-0001 (Boston, TEST). */
  tester: string;
  /** DEMO-ES001-0001 (Madrid, LIVE). */
  madridParticipant: string;
  tokens: Record<string, string>;
}

export async function buildQueryWorld(t: TestApp): Promise<QueryWorld> {
  const demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  const admin = (await staffAccess(t, 'studyadmin')).accessToken;
  const make = async (identifier: string, kind: string, title: Record<string, string>) => {
    const a = (await call(t.app, createActivity, { token: admin, body: { studyId: demo, kind, identifier, title } }))
      .json as { id: string; latest: { id: string } };
    const params = { activityId: a.id, revisionId: a.latest.id };
    const def = (await call(t.app, getActivityRevision, { token: admin, params })).json;
    const saved = await call(t.app, saveActivityRevision, {
      token: admin,
      params,
      body: { lockVersion: def.lockVersion, definition: { ...def.definition, questions: QUESTIONS } },
    });
    expect(saved.status).toBe(200);
    return { id: a.id, revisionId: a.latest.id };
  };
  const survey = await make('DIARY', 'survey', { en: 'Daily diary', es: 'Diario' });
  const form = await make('VITALS', 'dataCaptureForm', { en: 'Vitals', es: 'Constantes' });
  await scheduleFixtures(t, demo, admin).saveSection('studyActivities', {
    items: [survey, form].map((a) => ({ id: a.id, revisionId: a.revisionId })),
  });
  const tokens: Record<string, string> = {};
  for (const u of ['crc.demo', 'pi.demo', 'cra.demo', 'studyadmin', 'admin'])
    tokens[u] = (await staffAccess(t, u)).accessToken;
  return {
    t,
    demo,
    boston: await idOf(t.db, 'sites', { site_code: 'US-001' }),
    madrid: await idOf(t.db, 'sites', { site_code: 'ES-001' }),
    versionId: await draftVersionId(t.db, demo),
    survey,
    form,
    alice: await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0001' }),
    tester: await idOf(t.db, 'participants', { participant_code: 'TEST-US001-0001' }),
    madridParticipant: await idOf(t.db, 'participants', { participant_code: 'DEMO-ES001-0001' }),
    tokens,
  };
}

async function participantFacts(w: QueryWorld, participantId: string) {
  return w.t.db
    .selectFrom('participants')
    .select(['site_id', 'environment'])
    .where('id', '=', participantId)
    .executeTakeFirstOrThrow();
}

/** A submitted survey response of the participant, as the portal would package it. */
export async function addResponse(
  w: QueryWorld,
  participantId: string,
  answers: AnswerMap,
  completedAt = '2026-12-01T09:00:00.000Z',
  /** Changes the stored answers (an older payload's shape). */
  reshape: (results: Record<string, unknown>[]) => unknown[] = (r) => r,
) {
  const p = await participantFacts(w, participantId);
  const definition = parseActivity(
    (
      await call(w.t.app, getActivityRevision, {
        token: w.tokens.studyadmin,
        params: { activityId: w.survey.id, revisionId: w.survey.revisionId },
      })
    ).json.definition,
  );
  const payload = buildResultPayload(definition, answers, {
    studyId: w.demo,
    participantId,
    deviceId: 'device-1',
    uuidFromMobile: randomUUID(),
    taskInstanceId: null,
    studyVersionId: w.versionId,
    siteId: p.site_id,
    appLanguageId: 1,
    displayLanguage: 'en',
    timeZone: 'UTC',
  });
  const r = await sql<{ id: string }>`insert into activity_responses (participant_id, study_id, version_id, site_id,
      environment, activity_id, revision_id, task_id, client_uuid, device_id, language, answers, completed_at,
      completed_local, completed_offset)
    values (${participantId}, ${w.demo}, ${w.versionId}, ${p.site_id}, ${p.environment}, ${w.survey.id},
      ${w.survey.revisionId}, null, ${randomUUID()}, 'device-1', 'en', ${JSON.stringify(reshape(payload.results))}::jsonb,
      ${completedAt}, '2026-12-01 10:00', '+01:00')
    returning id`.execute(w.t.db);
  return r.rows[0]!.id;
}

/** A site form entry of the VITALS form for the participant, entered by the coordinator. */
export async function addSiteFormEntry(w: QueryWorld, participantId: string, answers: AnswerMap) {
  const p = await participantFacts(w, participantId);
  const crc = await idOf(w.t.db, 'users', { username: 'crc.demo' });
  const r = await sql<{ id: string }>`insert into site_form_entries (participant_id, study_id, site_id, environment,
      version_id, activity_id, task_id, answers, status, created_by, updated_by)
    values (${participantId}, ${w.demo}, ${p.site_id}, ${p.environment}, ${w.versionId}, ${w.form.id}, null,
      ${JSON.stringify(answers)}::jsonb, 'IN_PROGRESS', ${crc}, ${crc})
    returning id`.execute(w.t.db);
  return r.rows[0]!.id;
}
