import { describe, expect, it } from 'vitest';
import {
  CONSENT_PART_ENDPOINTS,
  configureStudyDocument,
  createActivity,
  createConsent,
  DRAFT_SECTION_ENDPOINTS,
  deleteConsentLanguage,
  ENDPOINTS,
  type Endpoint,
  importActivity,
  saveActivityRevision,
  updateActivity,
  updateConsent,
  updateConsentFlags,
} from './index';

/**
 * Spec 002 §5: the content-editing calls — welcome content, learn-more, app description, participant web
 * global elements, home page, eligibility and registration (the draft's sections), the consent and its sections,
 * quiz, documents, privacy policy, licence and disclaimers, the survey, ePRO and activity questions, and the site
 * document's disclaimer and configuration — clean every string of the request before it is checked and stored.
 */
const CONTENT_EDITING: Endpoint[] = [
  ...Object.values(DRAFT_SECTION_ENDPOINTS),
  createConsent,
  updateConsent,
  updateConsentFlags,
  deleteConsentLanguage,
  ...Object.values(CONSENT_PART_ENDPOINTS),
  createActivity,
  updateActivity,
  saveActivityRevision,
  importActivity,
  configureStudyDocument,
];

describe('content-editing calls are sanitised (A-166)', () => {
  it.each(CONTENT_EDITING.map((e) => [e.id, e] as const))('%s sanitises its request', (_, endpoint) => {
    expect(ENDPOINTS).toContain(endpoint);
    expect(endpoint.sanitize).toBe(true);
  });

  it('covers the sections the spec names', () => {
    const ids = CONTENT_EDITING.map((e) => e.id);
    const sections = ['welcomeScreens', 'learnMore', 'appDescription', 'webGlobal', 'webHomepage'] as const;
    for (const section of [...sections, 'webEligibilityScreening', 'eligibility', 'registration'] as const)
      expect(ids).toContain(DRAFT_SECTION_ENDPOINTS[section].id);
    for (const part of ['sections', 'quiz', 'documents', 'privacyPolicy', 'license', 'disclaimers'])
      expect(Object.keys(CONSENT_PART_ENDPOINTS)).toContain(part);
  });
});
