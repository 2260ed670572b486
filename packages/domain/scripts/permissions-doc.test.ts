import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS_DOC_PATH, renderPermissionsDoc } from './permissions-doc';

describe('docs/permissions.md', () => {
  it('is up to date with the code (regenerate with --write)', () => {
    expect(readFileSync(PERMISSIONS_DOC_PATH, 'utf8')).toBe(renderPermissionsDoc());
  });
});
