import { describe, expect, it } from 'vitest';
import { checkSiteRecordAccess, withoutUnblindedFields } from './access';

const assignment = { studyId: 'S1', assignedSiteIds: ['A', 'B'], dataAccessType: 'VIRTUAL' };
const record = { studyId: 'S1', siteId: 'A', siteSubType: 'VIRTUAL' };

describe('checkSiteRecordAccess', () => {
  it.each([
    ['assigned, site and type match', { assignment, record }, true, undefined],
    ['no assignment', { assignment: undefined, record }, false, 'NO_STUDY_ASSIGNMENT'],
    ['other study', { assignment: { ...assignment, studyId: 'S2' }, record }, false, 'NO_STUDY_ASSIGNMENT'],
    ['site not assigned', { assignment, record: { ...record, siteId: 'C' } }, false, 'SITE_NOT_ASSIGNED'],
    ['record without site', { assignment, record: { ...record, siteId: null } }, false, 'SITE_NOT_ASSIGNED'],
    ['sub-type differs', { assignment, record: { ...record, siteSubType: 'PHYSICAL' } }, false, 'DATA_ACCESS_TYPE'],
    ['sub-type missing', { assignment, record: { ...record, siteSubType: null } }, false, 'DATA_ACCESS_TYPE'],
    ['no access type', { assignment: { ...assignment, dataAccessType: null }, record }, false, 'DATA_ACCESS_TYPE'],
    [
      'BOTH',
      { assignment: { ...assignment, dataAccessType: 'BOTH' }, record: { ...record, siteSubType: 'PHYSICAL' } },
      true,
      undefined,
    ],
    ['global role', { assignment: undefined, record, isGlobalRole: true }, true, undefined],
  ])('%s', (_name, input, allowed, reason) => {
    const d = checkSiteRecordAccess(input);
    expect(d.allowed).toBe(allowed);
    if (!d.allowed) {
      expect(d.code).toBe('FORBIDDEN');
      expect(d.reason).toBe(reason);
    }
  });
});

describe('unblinded fields', () => {
  const record = { id: 'p1', status: 'ACTIVE', treatmentArm: 'B', randomizationNumber: 'R-17' };
  it('are removed for a blinded reader and kept for an unblinded one', () => {
    expect(withoutUnblindedFields('participant', record, true)).toEqual({ id: 'p1', status: 'ACTIVE' });
    expect(withoutUnblindedFields('participant', record, false)).toBe(record);
  });
});
