/**
 * What a rule returns: message keys with their parameters (texts come from the catalogue), the
 * answer status, and the data checks recorded by soft data edit checks.
 */
import type { MessageKey } from '../messages/catalogue';
// The activity messages join the catalogue with the rules that produce them.
import '../messages/activity-catalogue';
import { type MessageParams, translate } from '../messages/translate';
import type { DataEditCheckType } from './model';

export interface RuleMessage {
  key: MessageKey;
  params?: MessageParams;
  /** Sub-field the message belongs to, e.g. `medication.0.dosageUnit`, `date`, `time`. */
  field?: string;
}

/** A data check recorded by a soft data edit check (001 §5): id, type, message. */
export interface DataCheckRecord {
  id: string;
  type: DataEditCheckType;
  message: string;
  messageKey: MessageKey;
  params?: MessageParams;
}

export type AnswerStatus = 'Completed' | 'Incomplete';

export interface QuestionResult {
  status: AnswerStatus;
  errors: RuleMessage[];
  warnings: RuleMessage[];
  dataChecks: DataCheckRecord[];
}

export const msg = (key: MessageKey, params?: MessageParams, field?: string): RuleMessage => {
  const m: RuleMessage = { key };
  if (params) m.params = params;
  if (field) m.field = field;
  return m;
};

/** The text of a rule message in a language. */
export function messageText(m: RuleMessage, lang = 'en'): string {
  return translate(m.key, m.params, lang);
}
