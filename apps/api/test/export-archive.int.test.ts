/**
 * The export's zip (archive.ts) with a table made beside it: the zip waits for the file when it reaches its entry,
 * and a table whose reading fails fails the zip with its error (decision H-exports, "Reading").
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeZip } from '../src/modules/exports/archive';
import { spillText } from '../src/modules/exports/spill';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trialpath-archive-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const asOf = new Date('2026-05-01T12:00:00Z');
const later = <T>(ms: number, value: () => T) => new Promise<T>((r) => setTimeout(() => r(value()), ms));

async function* lines(n: number, prefix: string) {
  for (let i = 0; i < n; i++) yield `${prefix},${i}\n`;
}

describe('the zip with tables made beside it', () => {
  it('takes a table when it reaches it, in the order of the entries, whenever the table is finished', async () => {
    const table = later(50, () => null).then(() => spillText(path.join(dir, 'late.csv'), lines(10_000, 'late')));
    const file = path.join(dir, 'ok.zip');
    await writeZip(
      file,
      [
        { name: 'first.csv', text: () => lines(3, 'first') },
        { name: 'late.csv', file: () => table },
        { name: 'last.csv', text: () => lines(2, 'last') },
      ],
      asOf,
    );
    const zip = await JSZip.loadAsync(await readFile(file));
    expect(Object.keys(zip.files)).toEqual(['first.csv', 'late.csv', 'last.csv']);
    const late = await zip.file('late.csv')!.async('string');
    expect(late.split('\n').filter(Boolean)).toHaveLength(10_000);
    expect(late.endsWith('late,9999\n')).toBe(true);
    expect(await zip.file('last.csv')!.async('string')).toBe('last,0\nlast,1\n');
  });

  it('fails with the error of a table whose reading failed', async () => {
    async function* broken() {
      yield 'a,b\n';
      throw new Error('the database went away');
    }
    const table = spillText(path.join(dir, 'broken.csv'), broken());
    table.catch(() => {});
    const made = writeZip(
      path.join(dir, 'broken.zip'),
      [
        { name: 'first.csv', text: () => lines(3, 'first') },
        { name: 'broken.csv', file: () => table },
      ],
      asOf,
    );
    await expect(made).rejects.toThrow('the database went away');
  });
});
