/**
 * The demo data set's study versions: DEMO's draft v1 with two welcome screens in English and Spanish
 * (its languages) and its colour, SLEEP's draft v1 at every section's default. Both are what the test
 * data space of their study runs. CARDIO (closed) has none.
 */
import { defaultVersionName, StudyContentSchema, versionNameKey } from '@trialpath/domain';
import type { DbCtx } from '../../kernel/context';
import { pointTestVersionAt } from '../studies/studies.service';
import { insertVersion } from './versions.repository';

const DEMO_CONTENT = StudyContentSchema.parse({
  branding: { primaryColor: '#0F766E' },
  welcomeScreens: {
    screens: [
      {
        id: 'welcome',
        title: { en: 'Welcome to the Trialpath Demo Study', es: 'Bienvenido al estudio de demostración de Trialpath' },
        body: {
          en: '<p>Thank you for your interest. This app guides you through the study, step by step.</p>',
          es: '<p>Gracias por su interés. Esta aplicación le guía por el estudio, paso a paso.</p>',
        },
      },
      {
        id: 'what-to-expect',
        title: { en: 'What to expect', es: 'Qué esperar' },
        body: {
          en: '<p>Short questionnaires each week and a video visit with your study team.</p>',
          es: '<p>Cuestionarios breves cada semana y una videoconsulta con su equipo del estudio.</p>',
        },
      },
    ],
  },
});

async function seedDraft(ctx: DbCtx, studyId: string, content: unknown) {
  const name = defaultVersionName(1);
  const row = await insertVersion(ctx.db, {
    study_id: studyId,
    number: 1,
    name,
    name_key: versionNameKey(name),
    content: StudyContentSchema.parse(content),
    notes: null,
    created_by: null,
    updated_by: null,
  });
  await pointTestVersionAt(ctx, { studyId, versionId: row.id });
  return row.id;
}

export async function seedVersions(ctx: DbCtx, studies: { demo: string; sleep: string }) {
  return { demo: await seedDraft(ctx, studies.demo, DEMO_CONTENT), sleep: await seedDraft(ctx, studies.sleep, {}) };
}
