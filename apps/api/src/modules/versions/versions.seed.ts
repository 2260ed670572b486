/**
 * The demo data set's study versions. DEMO (a live study) runs v1 in live — published, with two welcome
 * screens in English and Spanish (its languages) and its colour — and builds v2, a draft copied from
 * v1, which its test data space runs. SLEEP (in design) has a draft v1 at every section's default,
 * which its test data space runs. CARDIO (closed) has none.
 */
import { defaultVersionName, StudyContentSchema, versionNameKey } from '@trialpath/domain';
import type { DbCtx } from '../../kernel/context';
import { pointLiveVersionAt, pointTestVersionAt } from '../studies/studies.service';
import { insertVersion, markPublished, takeVersionNumber } from './versions.repository';

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

async function seedDraft(ctx: DbCtx, studyId: string, content: unknown, notes: string | null = null) {
  const number = await takeVersionNumber(ctx.db, studyId);
  const name = defaultVersionName(number);
  const row = await insertVersion(ctx.db, {
    study_id: studyId,
    number,
    name,
    name_key: versionNameKey(name),
    content: StudyContentSchema.parse(content),
    notes,
    created_by: null,
    updated_by: null,
  });
  await pointTestVersionAt(ctx, { studyId, versionId: row.id });
  return row.id;
}

/** DEMO: v1 published and live, v2 its draft; SLEEP: a draft v1. Returns the drafts' ids. */
export async function seedVersions(ctx: DbCtx, studies: { demo: string; sleep: string }) {
  const v1 = await seedDraft(ctx, studies.demo, DEMO_CONTENT, 'First version: welcome screens and colour.');
  const content = StudyContentSchema.parse(DEMO_CONTENT);
  // Published by the demo data set itself (no person): published_by stays empty.
  await markPublished(ctx.db, { id: v1, content, publishedBy: null });
  await pointLiveVersionAt(ctx, { studyId: studies.demo, versionId: v1 });
  const demo = await seedDraft(ctx, studies.demo, DEMO_CONTENT);
  return { demo, demoLive: v1, sleep: await seedDraft(ctx, studies.sleep, {}) };
}
