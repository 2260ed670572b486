/** The demo data set's studies part: reference countries and languages, three studies, their sites. */
import type { DbCtx } from '../../kernel/context';

const COUNTRIES = [
  { id: 'US', name: 'United States', iso_code3: 'USA', sort_order: 1 },
  { id: 'ES', name: 'Spain', iso_code3: 'ESP', sort_order: 2 },
  { id: 'GB', name: 'United Kingdom', iso_code3: 'GBR', sort_order: 3 },
  { id: 'MX', name: 'Mexico', iso_code3: 'MEX', sort_order: 4 },
  { id: 'DE', name: 'Germany', iso_code3: 'DEU', sort_order: 5 },
];
const LANGUAGES = [
  { id: 'en', display_name: 'English' },
  { id: 'es', display_name: 'Español' },
];

/** the toggled features of the demo study. */
export const DEMO_STUDY_FEATURES = {
  telehealth: true,
  eConsent: true,
  edc: true,
  analytics: true,
  caregiver: false,
  // F-036: the demo records video visits with the participant's consent (decision F-recording)
  telehealthRecording: true,
};

export interface SeededStudies {
  demo: string;
  sleep: string;
  /** DEMO's two sites (US-001 Boston, ES-001 Madrid) and SLEEP's one (GB-001 London). */
  sites: { boston: string; madrid: string; london: string };
}

export async function seedStudies(ctx: DbCtx, clientId: string): Promise<SeededStudies> {
  const { db } = ctx;
  await db
    .insertInto('countries')
    .values(COUNTRIES)
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('languages')
    .values(LANGUAGES)
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await db
    .insertInto('studies')
    .values([
      {
        client_id: clientId,
        code: 'DEMO',
        name: 'Trialpath Demo Study',
        sponsor_name: 'Trialpath Research',
        status: 'LIVE',
        color: '#0f766e',
        is_new_study_configurator: true,
        features: JSON.stringify(DEMO_STUDY_FEATURES),
      },
      {
        client_id: clientId,
        code: 'SLEEP',
        name: 'Sleep Quality Observational Study',
        sponsor_name: 'Northwind Health',
        status: 'DESIGN',
        color: '#4338ca',
      },
      {
        client_id: clientId,
        code: 'CARDIO',
        name: 'Cardio Recovery Registry',
        sponsor_name: 'Contoso Cardiology',
        status: 'CLOSED',
        color: null,
      },
    ])
    .returning(['id', 'code'])
    .execute();
  const studyId = (code: string) => rows.find((s) => s.code === code)!.id;
  const demo = studyId('DEMO');
  const sleep = studyId('SLEEP');

  await db
    .insertInto('study_languages')
    .values([
      { study_id: demo, language_id: 'en', is_default: true },
      { study_id: demo, language_id: 'es', is_default: false },
      { study_id: sleep, language_id: 'en', is_default: true },
    ])
    .execute();
  await db
    .insertInto('study_countries')
    .values([
      { study_id: demo, country_id: 'US', is_default: true },
      { study_id: demo, country_id: 'ES', is_default: false },
    ])
    .execute();
  const [boston, madrid, london] = await db
    .insertInto('sites')
    .values([
      {
        study_id: demo,
        site_code: 'US-001',
        name: 'Boston Research Center',
        site_sub_type: 'CLINIC',
        country_id: 'US',
        // Its address and contact, so the participant's site screen (D-039) has something to show.
        address: '100 Harbor Research Way, Suite 300',
        city: 'Boston',
        state: 'MA',
        postal_code: '02114',
        contact_name: 'Rosa Reception',
        contact_email: 'research@boston-center.example',
        contact_phone: '617-555-0134',
      },
      {
        study_id: demo,
        site_code: 'ES-001',
        name: 'Madrid Centro de Investigación',
        site_sub_type: 'HOME_HEALTH',
        country_id: 'ES',
      },
      { study_id: sleep, site_code: 'GB-001', name: 'London Sleep Clinic', site_sub_type: 'CLINIC', country_id: 'GB' },
    ])
    .returning(['id'])
    .execute();
  return { demo, sleep, sites: { boston: boston!.id, madrid: madrid!.id, london: london!.id } };
}
