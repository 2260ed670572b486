/**
 * Corrections of participant-reported answers (issue 12; decision E-response-corrections): a stored result never
 * changes; site staff who enter data correct one answer with a reason, usually in reply to a data query. A monitor
 * (no responses.enter) queries but never corrects. The list gives each correction with the value it replaced.
 */
import { AnswerSchema } from '@trialpath/domain';
import { z } from 'zod';
import { withReason } from './common';
import { defineEndpoint } from './endpoint';

const ResponseParams = z
  .object({ studyId: z.string().uuid(), participantId: z.string().uuid(), responseId: z.string().uuid() })
  .strict();

const EntryValueSchema = z.object({
  answerText: z.string(),
  optionId: z.string(),
  isSkipped: z.boolean(),
  displayAnswerText: z.string(),
});

export const ResponseCorrectionSchema = z.object({
  id: z.string(),
  /** The question identifier. */
  item: z.string(),
  oldValue: EntryValueSchema,
  newValue: EntryValueSchema,
  reason: z.string(),
  queryId: z.string().nullable(),
  correctedBy: z.string(),
  correctedAt: z.string(),
});
export type ResponseCorrection = z.infer<typeof ResponseCorrectionSchema>;

export const listResponseCorrections = defineEndpoint({
  id: 'listResponseCorrections',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/responses/:responseId/corrections',
  audience: 'staff',
  permission: 'responses.view',
  summary: 'The corrections of a participant’s response, oldest first, each with the value it replaced and its reason',
  params: ResponseParams,
  response: z.object({ items: z.array(ResponseCorrectionSchema) }),
});

export const correctResponseAnswer = defineEndpoint({
  id: 'correctResponseAnswer',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants/:participantId/responses/:responseId/corrections',
  audience: 'staff',
  permission: 'responses.enter',
  reasonRequired: true,
  summary:
    'Correct one participant-reported answer with a reason (the original stays as submitted): checked by the question’s rules; optionally answering a data query',
  params: ResponseParams,
  body: withReason({
    item: z.string().min(1).max(200),
    /** The corrected answer in the domain's shape; absent: the question is left unanswered. */
    answer: AnswerSchema.optional(),
    queryId: z.string().uuid().optional(),
  }),
  response: z.object({ items: z.array(ResponseCorrectionSchema) }),
});
