/**
 * Long hostile answers (issue 7): every rule gives the right answer on answers as long as a payload
 * allows. Time is not asserted here; `npm run bench:activity -w bench` holds the budget per answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_ACTIVITY_INPUT, HOSTILE_LENGTH, hostileAnswers, hostilePayload } from './hostile-answers';
import { parseActivity, QuestionSchema } from './model';
import { parseNumberInput } from './rules/number';
import { stripHtml } from './rules/text';
import { validateQuestion } from './validate-question';
import { validateSubmission } from './validate-submission';

const ctx = { now: '2024-06-15T14:30:00Z', timeZone: 'America/New_York' };
const activity = parseActivity(HOSTILE_ACTIVITY_INPUT);

// The definitions the linear code must keep: the regular expressions it replaced.
const REFERENCE_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;
const referenceNumber = (text: string) => {
  const s = text.trim();
  if (!REFERENCE_NUMBER.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};
const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };
const referenceStripHtml = (s: string) =>
  s
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|apos|#39);/gi, (_, e: string) => ENTITIES[e.toLowerCase()] ?? '')
    .trim();

const NUMBER_TOKENS = ['0', '1', '9', '.', '-', '+', ' ', 'a', 'e', 'x'];
const HTML_TOKENS = [
  '<',
  '>',
  '/',
  ' ',
  'a',
  'b',
  '<script',
  '<SCRIPT>',
  '</script>',
  '</Script >',
  '<style',
  '</style>',
  '<b>',
  '&amp;',
  '&lt;',
  '&nbsp;',
  '"',
  '\n',
];
const textOf = (tokens: string[], maxLength: number) =>
  fc.array(fc.constantFrom(...tokens), { maxLength }).map((t) => t.join(''));

describe('long hostile answers (issue 7)', () => {
  it('every rule gives its answer on answers of 100,000 characters (validateSubmission)', () => {
    for (const h of hostileAnswers()) {
      const longest = Math.max((h.answerText ?? '').length, (h.optionId ?? '').length);
      expect(longest, h.rule).toBeGreaterThan(HOSTILE_LENGTH * 0.9);
      const r = validateSubmission(activity, hostilePayload(activity, h), ctx);
      expect(r.errors, h.rule).toEqual([]);
      expect(
        r.questions[h.questionId]?.errors.map((m) => m.key),
        h.rule,
      ).toEqual(h.errors);
      expect(
        r.questions[h.questionId]?.warnings.map((m) => m.key),
        h.rule,
      ).toEqual(h.warnings);
    }
  });

  it('the number reading is the plain-decimal definition (property, short texts)', () => {
    fc.assert(
      fc.property(textOf(NUMBER_TOKENS, 12), (s) => {
        expect(parseNumberInput(s)).toBe(referenceNumber(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('a run of leading zeros or of digits reads as one (property, long texts)', () => {
    fc.assert(
      fc.property(
        textOf(NUMBER_TOKENS, 8),
        textOf(NUMBER_TOKENS, 8),
        fc.integer({ min: 50_000, max: HOSTILE_LENGTH }),
        (before, after, n) => {
          // leading zeros do not change a number; any run of digits stands where one digit stands
          expect(parseNumberInput('0'.repeat(n) + after)).toBe(parseNumberInput(`0${after}`));
          const long = parseNumberInput(`${before}${'1'.repeat(n)}${after}`) !== null;
          const short = REFERENCE_NUMBER.test(`${before}1${after}`.trim());
          // a long valid text may still be too large for a number (Infinity is not a value)
          if (long) expect(short).toBe(true);
          else if (short) expect(Math.abs(Number(`${before}${'1'.repeat(n)}${after}`.trim()))).toBe(Infinity);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('HTML is stripped as the tag and script/style definitions say (property, short texts)', () => {
    fc.assert(
      fc.property(textOf(HTML_TOKENS, 16), (s) => {
        expect(stripHtml(s)).toBe(referenceStripHtml(s));
      }),
      { numRuns: 3000 },
    );
  });

  it('HTML stripping of long texts: no tag is left, plain text is kept (property, long texts)', () => {
    const tags = HTML_TOKENS.filter((t) => !t.startsWith('&'));
    fc.assert(
      fc.property(textOf(tags, 8), fc.integer({ min: 20_000, max: 60_000 }), textOf(tags, 8), (unit, n, tail) => {
        const s = unit.repeat(Math.max(1, Math.floor(n / Math.max(1, unit.length)))) + tail;
        const out = stripHtml(s);
        const lt = out.indexOf('<');
        expect(lt < 0 || out.indexOf('>', lt) < 0).toBe(true);
        expect(out.length).toBeLessThanOrEqual(s.length);
        if (!s.includes('<')) expect(out).toBe(s.trim());
      }),
      { numRuns: 40 },
    );
  });

  it.each([
    ['`<` only', '<'.repeat(HOSTILE_LENGTH), '<'.repeat(HOSTILE_LENGTH)],
    ['`<` then one `>`', `${'<'.repeat(HOSTILE_LENGTH)}>x`, 'x'],
    ['unclosed script tags', '<script>'.repeat(HOSTILE_LENGTH / 8), ''],
    ['script tags closed once at the end', `${'<script>'.repeat(HOSTILE_LENGTH / 8)}a</script>b`, 'b'],
    ['style tags without `>`', '<style '.repeat(HOSTILE_LENGTH / 7), '<style '.repeat(HOSTILE_LENGTH / 7).trim()],
    ['style tags closed at the end', `${'<style '.repeat(HOSTILE_LENGTH / 7)}>x</style>y`, 'y'],
    ['many tags around a word', `${'<b>'.repeat(HOSTILE_LENGTH / 3)}ok`, 'ok'],
  ])('stripHtml of a long text: %s', (_, input, output) => {
    expect(stripHtml(input)).toBe(output);
  });

  it('a Text answer of 100,000 `<` is text, over the limit (validateQuestion)', () => {
    const q = QuestionSchema.parse({
      id: 't',
      identifier: 't',
      type: 'Text',
      body: { en: 'T' },
      constraints: { maxLength: 10, dataType: 'Alphabet' },
    });
    expect(validateQuestion(q, { answer: '<'.repeat(HOSTILE_LENGTH) }).errors.map((m) => m.key)).toEqual([
      'activity.text.limit',
      'activity.text.alphabet',
    ]);
  });
});
