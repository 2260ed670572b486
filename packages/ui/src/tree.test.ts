import { describe, expect, it } from 'vitest';
import { allBranchPaths, formatLeaf, isHiddenKey, readableKey, visibleEntries } from './tree';

describe('tree helpers', () => {
  it('hides keys containing timestamp in any case', () => {
    expect(isHiddenKey('timestamp')).toBe(true);
    expect(isHiddenKey('createdTimestamp')).toBe(true);
    expect(isHiddenKey('TIMESTAMP_UTC')).toBe(true);
    expect(isHiddenKey('time')).toBe(false);
    expect(visibleEntries({ a: 1, updatedTimestamp: 2, b: { c: 3 } }).map(([k]) => k)).toEqual(['a', 'b']);
  });

  it('lists every expandable path for Open All, skipping hidden keys', () => {
    const data = { a: { b: { c: 1 }, d: [1, { e: 2 }] }, f: 1, timestampInfo: { x: 1 } };
    expect(allBranchPaths(data)).toEqual(['a', 'a/b', 'a/d', 'a/d/1']);
  });

  it('makes readable key names', () => {
    expect(readableKey('createdAt')).toBe('Created At');
    expect(readableKey('site_sub_type')).toBe('Site Sub Type');
    expect(readableKey('userID')).toBe('User ID');
    expect(readableKey('HTMLBody')).toBe('HTML Body');
  });

  it('formats leaves', () => {
    expect(formatLeaf(null)).toBe('null');
    expect(formatLeaf(true)).toBe('true');
    expect(formatLeaf(3)).toBe('3');
    expect(formatLeaf(undefined)).toBe('');
  });

  it('has no entries for leaves', () => {
    expect(visibleEntries(5)).toEqual([]);
    expect(visibleEntries(null)).toEqual([]);
  });
});
