/**
 * What the editor offers to choose from: the countries and sites the caller may see and the study's activities, from
 * the analytics answer (the same access rule and data space). Asked only of a role that may see analytics: the
 * answer's 403 would otherwise send the person to the studies list. Values a saved report already holds stay
 * choosable even when the answer lacks them.
 */
import { getStudyAnalytics } from '@trialpath/contract';
import { can } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { authoritiesFor } from '../../shared/authorities';
import { useEndpointQuery } from '../../shared/queries';
import { storage } from '../../shared/storage';
import type { ReportFormValues } from './definition';

export interface Option {
  value: string;
  label: string;
}

/** The options, then any chosen value they lack (labelled by itself). */
function withChosen(options: Option[], chosen: readonly string[]): Option[] {
  const known = new Set(options.map((o) => o.value));
  return [...options, ...chosen.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v }))];
}

export function useReportOptions(studyId: string, values: ReportFormValues) {
  const { t } = useTranslation('reports');
  const mayAsk = authoritiesFor(studyId, storage).some((a) => can(a, 'analytics.view'));
  const facts = useEndpointQuery(getStudyAnalytics, { params: { studyId }, query: {} }, { enabled: mayAsk });
  const sites = facts.data?.sites ?? [];
  const countries = new Map(sites.map((s) => [s.countryId, s.countryName]));
  const activities = new Map<string, string>();
  const labels = new Set<string>();
  for (const a of facts.data?.tasksByActivity ?? []) {
    if (activities.has(a.activityId)) continue;
    const title = a.title || t('editor.visitPacket');
    // two visit packets (no title) stay told apart
    const label = labels.has(title) ? `${title} · ${a.activityId.slice(0, 8)}` : title;
    labels.add(label);
    activities.set(a.activityId, label);
  }
  return {
    unavailable: !mayAsk || facts.isError,
    countries: withChosen(
      [...countries].map(([value, label]) => ({ value, label })),
      values.countryIds,
    ),
    sites: withChosen(
      sites.map((s) => ({ value: s.id, label: `${s.name} (${s.siteCode})` })),
      values.siteIds,
    ),
    activities: withChosen(
      [...activities].map(([value, label]) => ({ value, label })),
      values.activityIds,
    ),
  };
}
