/**
 * Sample payloads of the ingestion endpoint (decision H-devices): shown on the medical-devices and wearables screens
 * for integrators to copy, and used by the tests. Valid FHIR R4 (checked against the FHIR JSON schema in the tests)
 * and Open mHealth.
 */

/** A FHIR R4 collection Bundle: a blood pressure panel and a body weight, each with an identifier. */
export function sampleFhirBundle(at = '2026-03-01T08:30:00Z', id = 'demo-1') {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      {
        fullUrl: `urn:uuid:${id}-bp`,
        resource: {
          resourceType: 'Observation',
          identifier: [{ system: 'urn:trialpath:example', value: `${id}-bp` }],
          status: 'final',
          category: [
            {
              coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }],
            },
          ],
          code: { coding: [{ system: 'http://loinc.org', code: '85354-9', display: 'Blood pressure panel' }] },
          effectiveDateTime: at,
          device: { display: 'Omron Evolv BP7000' },
          component: [
            {
              code: { coding: [{ system: 'http://loinc.org', code: '8480-6', display: 'Systolic blood pressure' }] },
              valueQuantity: { value: 128, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
            },
            {
              code: { coding: [{ system: 'http://loinc.org', code: '8462-4', display: 'Diastolic blood pressure' }] },
              valueQuantity: { value: 82, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
            },
          ],
        },
      },
      {
        fullUrl: `urn:uuid:${id}-weight`,
        resource: {
          resourceType: 'Observation',
          identifier: [{ system: 'urn:trialpath:example', value: `${id}-weight` }],
          status: 'final',
          code: { coding: [{ system: 'http://loinc.org', code: '29463-7', display: 'Body weight' }] },
          effectiveDateTime: at,
          device: { display: 'Withings Body+' },
          valueQuantity: { value: 72.4, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
        },
      },
    ],
  };
}

/** An Open mHealth blood-pressure data point (omh:blood-pressure:3.1). */
export function sampleOmhBloodPressure(at = '2026-03-02T07:45:00Z', uuid = '8f0c7c4e-3a5d-4b1e-9a0f-2d7e6c5b4a31') {
  return {
    header: {
      uuid,
      schema_id: { namespace: 'omh', name: 'blood-pressure', version: '3.1' },
      creation_date_time: at,
      acquisition_provenance: { source_name: 'Withings Health Mate', modality: 'sensed' },
    },
    body: {
      systolic_blood_pressure: { value: 131, unit: 'mmHg' },
      diastolic_blood_pressure: { value: 84, unit: 'mmHg' },
      effective_time_frame: { date_time: at },
    },
  };
}
