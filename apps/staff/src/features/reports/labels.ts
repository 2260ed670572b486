/**
 * Texts the reports screens build from values: each key is written out (the text-usage check reads literal keys),
 * so a lookup object stands where a key would otherwise be built from a value.
 */
import type { Report, ReportField } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../shared/api';
import type { Problem } from './definition';

export function useReportLabels() {
  const { t } = useTranslation('reports');
  const field: Record<ReportField, string> = {
    participantId: t('field.participantId'),
    site: t('field.site'),
    country: t('field.country'),
    status: t('field.status'),
    source: t('field.source'),
    registrationDate: t('field.registrationDate'),
    consentState: t('field.consentState'),
    tasksCompleted: t('field.tasksCompleted'),
    tasksTotal: t('field.tasksTotal'),
    completion: t('field.completion'),
  };
  const rule: Record<Problem, string> = {
    name: t('rules.name'),
    fields: t('rules.fields'),
    dates: t('rules.dates'),
    invalid: t('rules.invalid'),
  };
  return { field, rule };
}

/** One line saying what a report shows: which participants, then how many fields and activities. */
export function useSummary() {
  const { t } = useTranslation('reports');
  return (definition: Report['definition']): string => {
    const f = definition.filters;
    const who: string[] = [];
    if (f.countryIds.length) who.push(t('summary.countries', { list: f.countryIds.join(', ') }));
    if (f.siteIds.length) who.push(t('summary.sites', { count: f.siteIds.length }));
    if (f.statuses.length)
      who.push(t('summary.statuses', { list: f.statuses.map((s) => t(`participants:status.${s}`)).join(', ') }));
    if (f.participantsIds.length) who.push(t('summary.chosen', { count: f.participantsIds.length }));
    if (f.fromDate) who.push(t('summary.from', { date: f.fromDate }));
    if (f.toDate) who.push(t('summary.to', { date: f.toDate }));
    return [
      ...(who.length ? who : [t('summary.all')]),
      t('summary.fields', { count: definition.fields.length }),
      ...(definition.activityIds.length ? [t('summary.activities', { count: definition.activityIds.length })] : []),
    ].join(' · ');
  };
}

/** Why a reports call failed, in words: no access (403), no such report (404), else the given fallback. */
export function useFailureText() {
  const { t } = useTranslation('reports');
  return (error: unknown, fallback: string): string => {
    if (error instanceof ApiRequestError && error.status === 403) return t('access.forbidden');
    if (error instanceof ApiRequestError && error.status === 404) return t('report.notFound');
    return fallback;
  };
}
