import { describe, expect, it } from 'vitest';
import { activityPlace } from './paths';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';

describe('activity screen addresses (000 §2.3, §2.4)', () => {
  it.each([
    [{ activityId: 'a' }, '/activity-library/activities/a', 'details', '/activity-library/activities/a/review'],
    [
      { activityId: 'a', tab: 'questions' },
      '/activity-library/activities/a/questions',
      'questions',
      '/activity-library/activities/a/review',
    ],
    [
      { studyId: S, activityId: 'a', tab: 'export' },
      `/activity-library/data-capture-form/studies/${S}/activities/a/export`,
      'export',
      `/activity-library/data-capture-form/studies/${S}/activities/a/review`,
    ],
    [
      { studyId: S, eproId: 'a' },
      `/studies/${S}/study-details/epros/a`,
      'details',
      `/studies/${S}/study-details/epros/a/review`,
    ],
    [
      { studyId: S, formId: 'a' },
      `/studies/${S}/test/configure-new-form/a`,
      'questions',
      `/studies/${S}/test/configure-new-form/a/review`,
    ],
    [
      { studyId: S, eproId: 'a' },
      `/studies/${S}/epro/a/preview`,
      'preview',
      `/studies/${S}/study-details/epros/a/review`,
    ],
  ])('%j at %s opens %s; its review is %s', (params, pathname, tab, review) => {
    const place = activityPlace(params, pathname);
    expect(place.activityId).toBe('a');
    expect(place.tab).toBe(tab);
    expect(place.tabPath('review')).toBe(review);
  });

  it('names no tab for an unknown one', () => {
    expect(activityPlace({ activityId: 'a', tab: 'nope' }, '/activity-library/activities/a/nope').tab).toBeNull();
  });
});
