/**
 * A published version of the demo study with activities and a schedule plan (decision 0044), for the tests of
 * the schedule engine and of what staff do with the tasks it makes.
 */
import { createActivity, DRAFT_SECTION_ENDPOINTS, publishStudyVersion } from '@trialpath/contract';
import { expect } from 'vitest';
import { call, draftVersionId, type TestApp } from './helpers';

export const daily = (activityId: string, startDay: number, endDay: number) => ({
  id: 'daily',
  target: { kind: 'activity', activityId },
  startDay,
  endDay,
  repeat: { kind: 'everyNDays', interval: 1 },
});

export function scheduleFixtures(t: TestApp, studyId: string, adminToken: string) {
  async function saveSection(section: 'studyActivities' | 'schedule', value: unknown) {
    const versionId = await draftVersionId(t.db, studyId);
    const revision = (
      await t.db
        .selectFrom('study_versions')
        .select('section_revisions')
        .where('id', '=', versionId)
        .executeTakeFirstOrThrow()
    ).section_revisions as Record<string, number>;
    const r = await call(t.app, DRAFT_SECTION_ENDPOINTS[section], {
      token: adminToken,
      params: { studyId, versionId },
      body: { revision: revision[section] ?? 0, value },
    });
    expect(r.status).toBe(200);
  }

  async function publish() {
    const versionId = await draftVersionId(t.db, studyId);
    const r = await call(t.app, publishStudyVersion, {
      token: adminToken,
      params: { studyId, versionId },
      body: { reason: 'Approved' },
    });
    expect(r.status).toBe(200);
    return versionId;
  }

  /** A published version: a survey daily on days 0–6, a packet of one form on day 7, a survey 0–2 days after surgery. */
  async function buildVersion() {
    const make = (identifier: string, kind = 'survey') =>
      call(t.app, createActivity, {
        token: adminToken,
        body: { studyId, kind, identifier, title: { en: identifier } },
      }).then((r) => r.json);
    const survey = await make('DIARY');
    const form = await make('VITALS', 'dataCaptureForm');
    await saveSection('studyActivities', { items: [survey, form].map((a) => ({ id: a.id, revisionId: a.latest.id })) });
    const plan = {
      milestones: [{ id: 'surgery', name: { en: 'Surgery' }, plannedDay: 14 }],
      packets: [{ id: 'visit', name: { en: 'Visit 1' }, activityIds: [form.id] }],
      schedules: [
        daily(survey.id, 0, 6),
        { id: 'visit-7', target: { kind: 'packet', packetId: 'visit' }, startDay: 7 },
        {
          id: 'post-op',
          target: { kind: 'activity', activityId: survey.id },
          anchor: { kind: 'milestone', milestoneId: 'surgery' },
          startDay: 0,
          endDay: 2,
          repeat: { kind: 'everyNDays', interval: 1 },
        },
      ],
    };
    await saveSection('schedule', plan);
    return { survey, form, plan, versionId: await publish() };
  }

  return { saveSection, publish, buildVersion };
}
