import { describe, expect, it } from 'vitest';
import { shortenVersionName } from '../format';
import {
  defaultVersionName,
  isStudyBuildable,
  isVersionDeletable,
  isVersionEditable,
  nextStudyStatuses,
  STUDY_STATUSES,
  studyTransition,
  VERSION_STATUSES,
  VersionNameSchema,
  versionNameKey,
  versionTransition,
} from './lifecycle';

describe('study lifecycle (C-097, decision 0020)', () => {
  it('has the decided statuses', () => {
    expect(STUDY_STATUSES).toEqual(['DESIGN', 'LIVE', 'PAUSED', 'CLOSED', 'ARCHIVED', 'DELETED']);
  });

  it.each([
    ['DESIGN', 'LIVE', false],
    ['DESIGN', 'DELETED', true],
    ['LIVE', 'PAUSED', true],
    ['LIVE', 'CLOSED', true],
    ['PAUSED', 'LIVE', true],
    ['PAUSED', 'CLOSED', true],
    ['CLOSED', 'LIVE', true],
    ['CLOSED', 'ARCHIVED', true],
  ] as const)('%s → %s is allowed (reason required: %s)', (from, to, reasonRequired) => {
    expect(studyTransition(from, to)).toEqual({ allowed: true, reasonRequired });
  });

  it.each([
    ['LIVE', 'DESIGN'],
    ['LIVE', 'DELETED'],
    ['CLOSED', 'DELETED'],
    ['ARCHIVED', 'LIVE'],
    ['DELETED', 'DESIGN'],
    ['DESIGN', 'CLOSED'],
    ['LIVE', 'LIVE'],
  ] as const)('%s → %s is refused', (from, to) => {
    expect(studyTransition(from, to)).toEqual({ allowed: false, reasonRequired: false });
  });

  it('archived and deleted studies go nowhere; a study that ran can never be deleted', () => {
    expect(nextStudyStatuses('ARCHIVED')).toEqual([]);
    expect(nextStudyStatuses('DELETED')).toEqual([]);
    for (const s of STUDY_STATUSES) if (s !== 'DESIGN') expect(nextStudyStatuses(s)).not.toContain('DELETED');
  });

  it.each([
    ['DESIGN', true],
    ['LIVE', true],
    ['PAUSED', true],
    ['CLOSED', false],
    ['ARCHIVED', false],
    ['DELETED', false],
    ['SOMETHING', false],
  ])('a %s study can be built: %s', (status, buildable) => {
    expect(isStudyBuildable(status)).toBe(buildable);
  });
});

describe('version lifecycle (C-166, C-165)', () => {
  it('drafts are edited and deleted; published versions are archived with a reason', () => {
    expect(VERSION_STATUSES).toEqual(['DRAFT', 'PUBLISHED', 'ARCHIVED']);
    expect(versionTransition('DRAFT', 'PUBLISHED')).toEqual({ allowed: true, reasonRequired: false });
    expect(versionTransition('PUBLISHED', 'ARCHIVED')).toEqual({ allowed: true, reasonRequired: true });
    expect(versionTransition('PUBLISHED', 'DRAFT').allowed).toBe(false);
    expect(versionTransition('ARCHIVED', 'PUBLISHED').allowed).toBe(false);
    expect(versionTransition('DRAFT', 'ARCHIVED').allowed).toBe(false);
    expect([isVersionEditable('DRAFT'), isVersionEditable('PUBLISHED'), isVersionEditable('ARCHIVED')]).toEqual([
      true,
      false,
      false,
    ]);
    expect([isVersionDeletable('DRAFT'), isVersionDeletable('PUBLISHED')]).toEqual([true, false]);
  });
});

describe('version names', () => {
  it('are trimmed, 1–50 characters on one line', () => {
    expect(VersionNameSchema.parse('  v2 amendment ')).toBe('v2 amendment');
    expect(VersionNameSchema.safeParse('   ').success).toBe(false);
    expect(VersionNameSchema.safeParse('x'.repeat(51)).success).toBe(false);
    expect(VersionNameSchema.safeParse('line\nbreak').success).toBe(false);
    expect(VersionNameSchema.safeParse('Versión 2 (España) – final').success).toBe(true);
  });

  it('are unique without regard to case, spacing or compatibility forms', () => {
    expect(versionNameKey(' V1 ')).toBe(versionNameKey('v1'));
    expect(versionNameKey('ｖ１')).toBe('v1');
    expect(versionNameKey('Amendment   2')).toBe(versionNameKey('amendment 2'));
    expect(versionNameKey('v1')).not.toBe(versionNameKey('v2'));
  });

  it('default to v and the number', () => {
    expect(defaultVersionName(1)).toBe('v1');
    expect(defaultVersionName(12)).toBe('v12');
  });

  it.each([
    ['v1', 'v1'],
    ['Fifteen chars!!', 'Fifteen chars!!'],
    ['Protocol amendment 3 for Spain', 'Protocol amendment 3…'],
    ['v1.0-(draft)#2!x', 'v1.0-(draft)#2!…'],
  ])('C-171: assigned-version name %j shows as %j', (name, shown) => {
    expect(shortenVersionName(name)).toBe(shown);
  });
});
