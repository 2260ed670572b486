import { describe, expect, it } from 'vitest';
import type { Study } from '../../shared/data';
import { studyTheme } from './study-context';

const study: Study = {
  studyId: 's',
  studyCode: 'DEMO',
  name: 'Trialpath Demo Study',
  color: null,
  versionId: null,
  countries: [],
  languages: [],
  branding: null,
  prototype: null,
};

describe('the study’s look in the portal (decision 0037)', () => {
  it('without a live version: the study colour (teal by default) and the study’s name', () => {
    expect(studyTheme(study, 'es')).toMatchObject({
      color: '#00796B',
      contrast: '#FFFFFF',
      title: 'Trialpath Demo Study',
      logoUrl: null,
    });
  });

  it('with one: its colour, logo and site title in the person’s language, else the study’s default', () => {
    const branded: Study = {
      ...study,
      branding: {
        primaryColor: '#FFEB3B',
        secondaryColor: null,
        logoUrl: '/api/v1/branding-files/f',
        siteTitle: { en: 'Sleep well', es: 'Duerma bien' },
        homepageHeading: {},
        defaultLanguage: 'en',
      },
    };
    expect(studyTheme(branded, 'es')).toMatchObject({
      color: '#FFEB3B',
      contrast: '#000000',
      title: 'Duerma bien',
      logoUrl: '/api/v1/branding-files/f',
    });
    expect(studyTheme(branded, 'fr').title).toBe('Sleep well');
    expect(studyTheme({ ...branded, branding: { ...branded.branding!, siteTitle: {} } }, 'es').title).toBe(
      'Trialpath Demo Study',
    );
  });
});
