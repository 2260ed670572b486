import { describe, expect, it } from 'vitest';
import { assignedVersionOf } from './assignments';

describe('version assignments (C-076)', () => {
  const rules = [
    { siteId: null, countryId: 'DE', versionId: 'v1' },
    { siteId: 'berlin-2', countryId: null, versionId: 'v3' },
  ];
  it.each([
    [
      { id: 'berlin-2', countryId: 'DE' },
      { versionId: 'v3', source: 'site' },
    ],
    [
      { id: 'berlin-1', countryId: 'DE' },
      { versionId: 'v1', source: 'country' },
    ],
    [
      { id: 'madrid-1', countryId: 'ES' },
      { versionId: 'v2', source: 'study' },
    ],
  ])('site %j runs %j: its own, else its country’s, else the data space’s', (site, expected) => {
    expect(assignedVersionOf(site, rules, 'v2')).toEqual(expected);
  });

  it('no version in the data space and no assignment: none', () => {
    expect(assignedVersionOf({ id: 's', countryId: 'US' }, [], null)).toEqual({ versionId: null, source: 'study' });
  });
});
