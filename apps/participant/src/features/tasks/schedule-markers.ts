/**
 * A failed schedule fetch (001 §8; D-116, D-117; decision D-069): no answer at all is the network-error marker,
 * an answer that is no usable schedule the bitrise-data-problem marker — each with its own text.
 */
import { ApiRequestError } from '@trialpath/contract';
import { registerPortalContentMessages, translate } from '@trialpath/domain';

export type ScheduleMarker = 'network-error' | 'bitrise-data-problem';

export function scheduleMarker(error: unknown): ScheduleMarker {
  return error instanceof ApiRequestError && error.status <= 0 ? 'network-error' : 'bitrise-data-problem';
}

export function scheduleFailureText(error: unknown, lang: string): string {
  registerPortalContentMessages();
  return scheduleMarker(error) === 'network-error'
    ? translate('portalContent.scheduleNetworkError', undefined, lang)
    : translate('portalContent.scheduleDataProblem', undefined, lang);
}
