import { STUDY_CONTENT_SECTIONS } from '@trialpath/domain';
import { describe, expect, it } from 'vitest';
import { createStudyDraft, DRAFT_SECTION_ENDPOINTS, ENDPOINTS, getStudyDraft, parseRequestPart } from './index';

describe('study draft endpoints (decision 0020)', () => {
  it('one save endpoint per content section, each registered, sanitised (A-166) and environment-neutral', () => {
    expect(Object.keys(DRAFT_SECTION_ENDPOINTS)).toEqual([...STUDY_CONTENT_SECTIONS]);
    const endpoints = Object.values(DRAFT_SECTION_ENDPOINTS);
    expect(new Set(endpoints.map((e) => e.path)).size).toBe(STUDY_CONTENT_SECTIONS.length);
    for (const e of endpoints) {
      expect(ENDPOINTS).toContain(e);
      expect(e).toMatchObject({ method: 'PUT', sanitize: true, env: 'neutral', permission: 'studies.design' });
    }
    expect(DRAFT_SECTION_ENDPOINTS.welcomeScreens).toMatchObject({
      id: 'updateDraftWelcomeScreens',
      path: '/api/v1/studies/:studyId/versions/:versionId/content/welcome-screens',
    });
    expect(DRAFT_SECTION_ENDPOINTS.webEligibilityScreening.path).toMatch(/\/content\/web-eligibility-screening$/);
  });

  it('reading the draft is neutral too; creating a version works on test data (000 §7.1)', () => {
    expect(getStudyDraft).toMatchObject({ method: 'GET', env: 'neutral', permission: 'studies.design' });
    expect(createStudyDraft).toMatchObject({ method: 'POST', env: 'test', permission: 'studies.design' });
  });

  it("a section body is the revision read and the section's value, checked by the section's schema", () => {
    const body = DRAFT_SECTION_ENDPOINTS.welcomeScreens.body;
    const screens = [
      { id: 'w1', title: { en: 'Hi' } },
      { id: 'w1', title: { en: 'Again' } },
    ];
    expect(parseRequestPart(body, { revision: 0, value: { screens } }, 'body')).toEqual({
      ok: false,
      fields: { 'value.screens.1.id': [{ key: 'studyContent.duplicateId', params: { id: 'w1' } }] },
    });
    expect(parseRequestPart(body, { value: { screens: [] } }, 'body')).toEqual({
      ok: false,
      fields: { revision: [{ key: 'errors.required' }] },
    });
    expect(parseRequestPart(body, { revision: 0, value: { screens: [] }, extra: 1 }, 'body')).toMatchObject({
      ok: false,
      fields: { extra: [{ key: 'errors.unknownField' }] },
    });
    expect(parseRequestPart(body, { revision: 2, value: {} }, 'body')).toEqual({
      ok: true,
      value: { revision: 2, value: { screens: [] } },
    });
  });
});
