import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makePasswordSchema } from '../password';
import { translate } from './translate';
import { issueFieldRefs } from './validation-issues';
import { fieldTexts } from './message-ref';

const schema = z
  .object({
    name: z.string().min(1).max(5),
    code: z.string().min(4),
    email: z.string().email(),
    age: z.number().int().min(18).max(99),
    tags: z.array(z.string()).max(1),
    kind: z.enum(['a', 'b']),
    id: z.string().uuid(),
    missing: z.string(),
    wrongType: z.string(),
    password: makePasswordSchema(),
  })
  .strict();

describe('validation issues as catalogue messages (one rule for server and portals)', () => {
  it('maps each kind of problem to its message and parameters', () => {
    const input = {
      name: '',
      code: 'ab',
      email: 'nope',
      age: 120,
      tags: ['x', 'y'],
      kind: 'c',
      id: 'x',
      wrongType: 5,
      password: 'short',
      extra: true,
    };
    const r = schema.safeParse(input);
    expect(r.success).toBe(false);
    const refs = issueFieldRefs(r.error!.issues, input, 'body');
    expect(refs).toMatchObject({
      name: [{ key: 'errors.required' }],
      code: [{ key: 'errors.tooShort', params: { min: 4 } }],
      email: [{ key: 'errors.invalidEmail' }],
      age: [{ key: 'errors.tooLarge', params: { max: 99 } }],
      tags: [{ key: 'errors.tooMany', params: { max: 1 } }],
      kind: [{ key: 'errors.invalidValue' }],
      id: [{ key: 'errors.invalidFormat' }],
      missing: [{ key: 'errors.required' }],
      wrongType: [{ key: 'errors.invalidValue' }],
      extra: [{ key: 'errors.unknownField', params: { field: 'extra' } }],
    });
    expect(refs.password!.map((p) => p.key)).toContain('password.minLength');
    expect(fieldTexts(refs).code).toEqual(['Enter at least 4 characters.']);
    expect(fieldTexts(refs, 'es').code).toEqual(['Introduzca al menos 4 caracteres.']);
    expect(fieldTexts(refs).password).toContain(translate('password.minLength', { min: 8 }));
  });

  it('names the request part when the problem is the whole value', () => {
    const r = z.object({ a: z.string() }).safeParse('text');
    expect(issueFieldRefs(r.error!.issues, 'text', 'body')).toEqual({ body: [{ key: 'errors.invalidValue' }] });
    const n = z.number().min(3).safeParse(1);
    expect(issueFieldRefs(n.error!.issues, 1, 'query')).toEqual({
      query: [{ key: 'errors.tooSmall', params: { min: 3 } }],
    });
    const a = z.array(z.string()).min(2).safeParse([]);
    expect(issueFieldRefs(a.error!.issues, [])).toEqual({ '': [{ key: 'errors.tooFew', params: { min: 2 } }] });
  });

  it('a refinement without a catalogue key reads as an invalid value', () => {
    const s = z.string().refine(() => false);
    const r = s.safeParse('x');
    expect(issueFieldRefs(r.error!.issues, 'x', 'v')).toEqual({ v: [{ key: 'errors.invalidValue' }] });
  });
});
