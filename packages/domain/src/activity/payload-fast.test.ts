import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildResultPayload } from './build-payload';
import { EVERY_TYPE_ACTIVITY, META, VALID_ANSWERS } from './fixtures';
import { ActivityResultPayloadSchema } from './payload';
import { fastParsePayload } from './payload-fast';

const base = JSON.parse(JSON.stringify(buildResultPayload(EVERY_TYPE_ACTIVITY, VALID_ANSWERS, META)));

/** Mutations of a valid payload: a field (top level or of an entry) replaced, removed or added. */
const mutated = fc
  .tuple(
    fc.constantFrom(
      ...Object.keys(base),
      ...Object.keys(base.results[0]).map((k) => `results.${k}`),
      'extra',
      'results.extra',
    ),
    fc.oneof(
      fc.constant(undefined),
      fc.anything(),
      fc.string({ maxLength: 3 }),
      fc.constantFrom(
        '',
        'Web',
        'iOS',
        'Completed',
        'Text',
        'x'.repeat(100_001),
        Number.NaN,
        Number.POSITIVE_INFINITY,
        1.5,
        null,
        [],
        ['a'],
        [1],
      ),
    ),
    fc.nat({ max: 17 }),
  )
  .map(([path, value, i]) => {
    const p = structuredClone(base);
    const [head, key] = path.split('.');
    const target = key ? p.results[i] : p;
    const k = (key ?? head) as string;
    if (value === undefined) delete target[k];
    else target[k] = value;
    return p;
  });

describe('fast payload check', () => {
  it('accepts the normal payload exactly as zod parses it', () => {
    expect(fastParsePayload(base)).toEqual(ActivityResultPayloadSchema.parse(base));
    const noDefaults = { ...base, deviceType: undefined, activitySchedulingMode: undefined, imageFileNames: undefined };
    noDefaults.results = base.results.map((r: object) => ({ ...r, timeTaken: undefined }));
    expect(fastParsePayload(noDefaults)).toEqual(ActivityResultPayloadSchema.parse(noDefaults));
  });

  it('never accepts what zod refuses, and agrees on the result (property)', () => {
    fc.assert(
      fc.property(fc.oneof(mutated, fc.anything()), (p) => {
        const fast = fastParsePayload(p);
        if (fast === null) return;
        const z = ActivityResultPayloadSchema.safeParse(p);
        expect(z.success).toBe(true);
        expect(fast).toEqual(z.data);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['array', []],
    ['class instance', new Date()],
    ['too many results', { ...base, results: new Array(1001).fill(base.results[0]) }],
    ['empty uuid', { ...base, uuidFromMobile: '' }],
    ['bad task', { ...base, taskInstanceId: 5 }],
    ['bad images', { ...base, imageFileNames: [1] }],
    ['bad mode', { ...base, activitySchedulingMode: 1 }],
    ['bad entry', { ...base, results: [null] }],
  ])('leaves %s to zod', (_, p) => expect(fastParsePayload(p)).toBeNull());
});
