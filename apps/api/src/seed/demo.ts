/**
 * The demo data set (shared brief): one client, the DEMO study with two sites, five staff accounts
 * and a few participants per site, one of them in the TEST environment. Written only into an
 * empty database; running it again changes nothing. Password for every account: Trialpath#1.
 */
import { FEATURE_FLAGS } from '@trialpath/domain';
import type { Db } from '../db/database';
import { sendInvitation } from '../modules/auth/auth.service';
import { hashPassword } from '../modules/auth/passwords';

export const DEMO_PASSWORD = 'Trialpath#1';

let hashOnce: Promise<string> | undefined;
/** argon2 is slow on purpose: one hash serves every demo account (and every test database). */
function demoHash(): Promise<string> {
  hashOnce ??= hashPassword(DEMO_PASSWORD);
  return hashOnce;
}

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
export const DEMO_STUDY_FEATURES = { telehealth: true, eConsent: true, edc: true, analytics: true, caregiver: false };

/** An invitation without a username, so the demo mailbox holds a #/register/{token} link to try. */
export const DEMO_INVITEE_EMAIL = 'new.coordinator@trialpath.example';

/** Returns false when the database already holds data (nothing is written then). */
export async function seedDemo(db: Db, options: { publicUrl?: string } = {}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('clients').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const pw = await demoHash();

    await trx
      .insertInto('countries')
      .values(COUNTRIES)
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('languages')
      .values(LANGUAGES)
      .onConflict((oc) => oc.doNothing())
      .execute();

    const client = await trx
      .insertInto('clients')
      .values({ name: 'Trialpath Demo', code: 'trialpath-demo', support_desk_url: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('feature_flags')
      .values([
        { client_id: client.id, name: FEATURE_FLAGS.testPortal, enabled: true, customers: JSON.stringify([]) },
        {
          client_id: client.id,
          name: FEATURE_FLAGS.newStudyConfigurator,
          enabled: true,
          customers: JSON.stringify([]),
        },
      ])
      .execute();

    const studyRows = await trx
      .insertInto('studies')
      .values([
        {
          client_id: client.id,
          code: 'DEMO',
          name: 'Trialpath Demo Study',
          sponsor_name: 'Trialpath Research',
          status: 'LIVE',
          color: '#0f766e',
          is_new_study_configurator: true,
          features: JSON.stringify(DEMO_STUDY_FEATURES),
        },
        {
          client_id: client.id,
          code: 'SLEEP',
          name: 'Sleep Quality Observational Study',
          sponsor_name: 'Northwind Health',
          status: 'DESIGN',
          color: '#4338ca',
        },
        {
          client_id: client.id,
          code: 'CARDIO',
          name: 'Cardio Recovery Registry',
          sponsor_name: 'Contoso Cardiology',
          status: 'CLOSED',
          color: null,
        },
      ])
      .returning(['id', 'code'])
      .execute();
    const studyId = (code: string) => studyRows.find((s) => s.code === code)!.id;
    const demo = studyId('DEMO');

    await trx
      .insertInto('study_languages')
      .values([
        { study_id: demo, language_id: 'en', is_default: true },
        { study_id: demo, language_id: 'es', is_default: false },
        { study_id: studyId('SLEEP'), language_id: 'en', is_default: true },
      ])
      .execute();
    await trx
      .insertInto('study_countries')
      .values([
        { study_id: demo, country_id: 'US', is_default: true },
        { study_id: demo, country_id: 'ES', is_default: false },
      ])
      .execute();

    const [site1, site2, site3] = await trx
      .insertInto('sites')
      .values([
        {
          study_id: demo,
          site_code: 'US-001',
          name: 'Boston Research Center',
          site_sub_type: 'CLINIC',
          country_id: 'US',
        },
        {
          study_id: demo,
          site_code: 'ES-001',
          name: 'Madrid Centro de Investigación',
          site_sub_type: 'HOME_HEALTH',
          country_id: 'ES',
        },
        {
          study_id: studyId('SLEEP'),
          site_code: 'GB-001',
          name: 'London Sleep Clinic',
          site_sub_type: 'CLINIC',
          country_id: 'GB',
        },
      ])
      .returning(['id'])
      .execute();

    const staff = [
      { username: 'admin', first: 'Ada', last: 'Admin', role: 'SystemAdmin', email: 'admin@trialpath.example' },
      {
        username: 'studyadmin',
        first: 'Sam',
        last: 'Study',
        role: 'StudyAdmin',
        email: 'studyadmin@trialpath.example',
      },
      { username: 'pi.demo', first: 'Priya', last: 'Investigator', role: 'Pi', email: 'pi.demo@trialpath.example' },
      {
        username: 'crc.demo',
        first: 'Carlos',
        last: 'Coordinator',
        role: 'StudyCoordinator',
        email: 'crc.demo@trialpath.example',
      },
      { username: 'cra.demo', first: 'Clara', last: 'Monitor', role: 'Cra', email: 'cra.demo@trialpath.example' },
    ];
    const users = await trx
      .insertInto('users')
      .values(
        staff.map((s) => ({
          client_id: client.id,
          username: s.username,
          email: s.email,
          first_name: s.first,
          last_name: s.last,
          phone_number: null,
          password_hash: pw,
          status: 'ACTIVE' as const,
          platform_role: s.role,
          realm: null,
          data_access_type: 'BOTH',
          profile_completed: true,
        })),
      )
      .returning(['id', 'username'])
      .execute();
    const uid = (u: string) => users.find((x) => x.username === u)!.id;

    // An invited coordinator who has not registered yet: the invitation e-mail links #/register/{token}.
    const invitee = await trx
      .insertInto('users')
      .values({
        client_id: client.id,
        username: null,
        email: DEMO_INVITEE_EMAIL,
        first_name: 'Nora',
        last_name: 'Newcomer',
        phone_number: null,
        password_hash: null,
        status: 'INVITED',
        platform_role: 'StudyCoordinator',
        realm: null,
        data_access_type: 'BOTH',
        profile_completed: false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await sendInvitation(trx, { publicUrl: options.publicUrl ?? 'http://localhost:3000' }, invitee);

    await trx
      .insertInto('study_assignments')
      .values([
        { user_id: uid('studyadmin'), study_id: demo, role: 'StudyAdmin' },
        { user_id: uid('studyadmin'), study_id: studyId('SLEEP'), role: 'StudyAdmin' },
        { user_id: uid('pi.demo'), study_id: demo, role: 'Pi' },
        { user_id: uid('crc.demo'), study_id: demo, role: 'StudyCoordinator' },
        { user_id: uid('cra.demo'), study_id: demo, role: 'Cra', read_only: true },
        { user_id: invitee.id, study_id: demo, role: 'StudyCoordinator' },
      ])
      .execute();
    await trx
      .insertInto('site_assignments')
      .values([
        { user_id: uid('studyadmin'), site_id: site1!.id },
        { user_id: uid('studyadmin'), site_id: site2!.id },
        { user_id: uid('studyadmin'), site_id: site3!.id },
        { user_id: uid('pi.demo'), site_id: site1!.id },
        { user_id: uid('crc.demo'), site_id: site1!.id },
        { user_id: uid('cra.demo'), site_id: site1!.id },
        { user_id: uid('cra.demo'), site_id: site2!.id },
        { user_id: invitee.id, site_id: site1!.id },
      ])
      .execute();

    const participants = [
      {
        code: 'DEMO-US001-0001',
        site: site1!.id,
        username: 'participant.demo',
        email: 'participant.demo@trialpath.example',
        status: 'ACTIVE',
        language: 'en',
        env: 'LIVE' as const,
      },
      {
        code: 'DEMO-US001-0002',
        site: site1!.id,
        username: 'participant.us2',
        email: 'participant.us2@trialpath.example',
        status: 'ACTIVE',
        language: 'en',
        env: 'LIVE' as const,
      },
      {
        code: 'DEMO-US001-0003',
        site: site1!.id,
        username: null,
        email: null,
        status: 'NOTINVITED',
        language: 'en',
        env: 'LIVE' as const,
      },
      {
        code: 'DEMO-ES001-0001',
        site: site2!.id,
        username: 'participante.es1',
        email: 'participante.es1@trialpath.example',
        status: 'ACTIVE',
        language: 'es',
        env: 'LIVE' as const,
      },
      {
        code: 'DEMO-ES001-0002',
        site: site2!.id,
        username: null,
        email: null,
        status: 'INVITED',
        language: 'es',
        env: 'LIVE' as const,
      },
      {
        code: 'TEST-US001-0001',
        site: site1!.id,
        username: 'participant.test',
        email: 'participant.test@trialpath.example',
        status: 'ACTIVE',
        language: 'en',
        env: 'TEST' as const,
      },
    ];
    await trx
      .insertInto('participants')
      .values(
        participants.map((p) => ({
          study_id: demo,
          site_id: p.site,
          participant_code: p.code,
          username: p.username,
          email: p.email,
          password_hash: p.username ? pw : null,
          status: p.status,
          language: p.language,
          environment: p.env,
        })),
      )
      .execute();
    return true;
  });
}
