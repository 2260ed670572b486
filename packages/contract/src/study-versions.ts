/** Study versions (002 §4, 000 §4; decision 0020). Version creation always works on test data (000 §7.1). */
import { VersionNameSchema } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { StudyVersionContentSchema } from './study-content';

export const createStudyDraft = defineEndpoint({
  id: 'createStudyDraft',
  method: 'POST',
  path: '/api/v1/studies/:studyId/versions',
  audience: 'staff',
  permission: 'studies.design',
  env: 'test',
  summary:
    "Create the study's draft version from its newest published version (or the defaults); 409 while a draft exists",
  params: z.object({ studyId: z.string().uuid() }).strict(),
  body: z
    .object({
      /** Defaults to v and the version's number. */
      name: VersionNameSchema.optional(),
      notes: z.string().trim().max(2000).optional(),
    })
    .strict(),
  response: StudyVersionContentSchema,
});
