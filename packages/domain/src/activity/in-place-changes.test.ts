/**
 * The form builder and the preview change activity objects in place (issue 7): every entry point must
 * see the change on its next call. Only activities made by prepareActivity (deeply frozen, so they
 * cannot change) have their parsed form and plans kept.
 */
import { describe, expect, it } from 'vitest';
import { computeFlow } from './branching';
import { buildResultPayload } from './build-payload';
import { EVERY_TYPE_ACTIVITY_INPUT, META, VALID_ANSWERS } from './fixtures';
import { type ActivityInput, type Question, parseActivity } from './model';
import { prepareActivity } from './prepared';
import { scoreActivity } from './scoring/scoring';
import { validateQuestion } from './validate-question';
import { validateSubmission } from './validate-submission';

const ctx = { now: '2024-06-15T14:30:00Z', timeZone: 'America/New_York' };
const find = <T extends { identifier: string }>(list: T[], id: string) => list.find((q) => q.identifier === id) as T;

describe('a definition changed in place is seen by the next call', () => {
  it('validateSubmission, on a parsed activity', () => {
    const activity = parseActivity(structuredClone(EVERY_TYPE_ACTIVITY_INPUT));
    const payload = buildResultPayload(activity, VALID_ANSWERS, META);
    expect(validateSubmission(activity, payload, ctx).valid).toBe(true);
    const weight = find(activity.questions, 'weight') as Question & { type: 'Number' };
    weight.constraints.max = 50;
    const r = validateSubmission(activity, payload, ctx);
    expect(r.valid).toBe(false);
    expect(r.questions.weight?.errors.map((m) => m.key)).toEqual(['activity.number.between']);
    weight.constraints.max = 300;
    expect(validateSubmission(activity, payload, ctx).valid).toBe(true);
  });

  it('validateSubmission, on an activity input (questions added, options and branching changed)', () => {
    const input: ActivityInput = structuredClone(EVERY_TYPE_ACTIVITY_INPUT);
    const payload = buildResultPayload(parseActivity(input), VALID_ANSWERS, META);
    expect(validateSubmission(input, payload, ctx).valid).toBe(true);
    find(input.questions, 'country').options = [{ id: 'us', body: { en: 'United States' } }];
    expect(validateSubmission(input, payload, ctx).questions.country?.errors.map((m) => m.key)).toEqual([
      'activity.invalidOption',
    ]);
    find(input.questions, 'country').options?.push({ id: 'es', body: { en: 'Spain' } });
    find(input.questions, 'mood').branching = { rules: [{ operator: 'eq', value: 'bad', skipTo: 'pain' }] };
    const r = validateSubmission(input, payload, ctx);
    expect(r.questions.country).toMatchObject({ disabled: true });
    expect(r.valid).toBe(false);
    input.questions.push({ id: 'new', identifier: 'added', type: 'Text', body: { en: 'Added' } });
    expect(validateSubmission(input, payload, ctx).questions.added?.errors.map((m) => m.key)).toEqual([
      'activity.required',
    ]);
  });

  it('computeFlow, validateQuestion and scoreActivity', () => {
    const activity = parseActivity(structuredClone(EVERY_TYPE_ACTIVITY_INPUT));
    expect(computeFlow(activity, VALID_ANSWERS).disabled.size).toBe(0);
    const mood = find(activity.questions, 'mood');
    mood.branching = { mode: 'normal', recursiveLoop: false, rules: [{ operator: 'ot', skipTo: 'pain' }] };
    expect([...computeFlow(activity, VALID_ANSWERS).disabled]).toEqual([
      'symptoms',
      'smoker',
      'severity',
      'country',
      'skin',
    ]);
    // mood moves to the end: its skip target is now before it, so nothing is skipped
    activity.questions.push(...activity.questions.splice(1, 1));
    expect(computeFlow(activity, VALID_ANSWERS).path.at(-1)).toBe('mood');
    expect(computeFlow(activity, VALID_ANSWERS).disabled.size).toBe(0);

    const country = find(activity.questions, 'country');
    expect(validateQuestion(country, { optionId: 'fr' }).errors.map((m) => m.key)).toEqual(['activity.invalidOption']);
    country.options.push({ id: 'fr', body: { en: 'France' } });
    expect(validateQuestion(country, { optionId: 'fr' }).errors).toEqual([]);

    expect(scoreActivity(activity, VALID_ANSWERS)?.variables.painTotal).toBe(12);
    (activity.scoringVariables[0] as { expression: string }).expression = 'pain * 10';
    mood.options[1]!.score = 5;
    expect(scoreActivity(activity, VALID_ANSWERS)?.variables.painTotal).toBe(40);
    expect(scoreActivity(activity, VALID_ANSWERS)?.questions.mood).toBe(5);
  });

  it('a prepared activity is deeply frozen: it cannot be changed, so its plans are kept', () => {
    const prepared = prepareActivity(EVERY_TYPE_ACTIVITY_INPUT);
    const payload = buildResultPayload(prepared, VALID_ANSWERS, META);
    expect(validateSubmission(prepared, payload, ctx).valid).toBe(true);
    expect(Object.isFrozen(prepared)).toBe(true);
    expect(Object.isFrozen(prepared.questions)).toBe(true);
    expect(Object.isFrozen(find(prepared.questions, 'weight').dataEditChecks[0])).toBe(true);
    expect(() => {
      (find(prepared.questions, 'weight') as Question & { type: 'Number' }).constraints.max = 1;
    }).toThrow(TypeError);
    expect(() => prepareActivity({ id: 1 })).toThrow();
    expect(prepareActivity(prepared)).toBe(prepared);
  });

  it("preparing freezes nothing of the caller's (rows and unknown constraint keys are copied)", () => {
    const input: ActivityInput = { ...structuredClone(EVERY_TYPE_ACTIVITY_INPUT), rows: [{ cells: [{ q: 'mood' }] }] };
    const prepared = prepareActivity(input);
    expect(Object.isFrozen(prepared.rows[0])).toBe(true);
    expect(Object.isFrozen(input.rows?.[0])).toBe(false);
    expect(Object.isFrozen(input.questions[0])).toBe(false);
  });
});
