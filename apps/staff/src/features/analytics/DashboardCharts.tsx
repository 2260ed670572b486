/**
 * The study dashboard's charts (G-002): the study at a glance — participants by site and status, enrollment by
 * month in study, queries and missing data — for every site the person may see, with a link to every analytics
 * screen. The same call, cache and cards as the vis/* screens.
 */
import { Anchor, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { getStudyAnalytics } from '@trialpath/contract';
import { type MessageKey, translate } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { useStudyPath } from '../schedules/data';
import { ChartCard } from './chart/ChartCard';
import { buildChart, type ChartTexts } from './charts';
import type { ChartId } from './screens';

const DASHBOARD_CHARTS: readonly ChartId[] = ['statusAnalytics', 'enrollmentAnalytics', 'queryCounts'];

export function DashboardCharts({ studyId }: { studyId: string }) {
  const { t, i18n } = useTranslation('analytics');
  const path = useStudyPath(studyId);
  const facts = useEndpointQuery(getStudyAnalytics, { params: { studyId }, query: {} });
  const texts: ChartTexts = {
    msg: (key: MessageKey) => translate(key, undefined, i18n.language),
    t: (key, options) => t(key, options) as string,
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-analytics">
      <Group justify="space-between" align="baseline">
        <Title id="dashboard-analytics" order={2} fz="lg">
          {t('page.title')}
        </Title>
        <Anchor component={Link} to={path('vis')} size="sm">
          {t('page.openAll')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        {DASHBOARD_CHARTS.map((id) => {
          const chart = facts.data ? buildChart(id, facts.data, texts, {}) : null;
          return (
            <ChartCard
              key={id}
              title={chart?.title ?? ''}
              subtitle={chart?.subtitle}
              headingLevel={3}
              header={chart?.header ?? []}
              rows={chart?.rows ?? []}
              option={chart?.option ?? {}}
              empty={chart?.empty ?? false}
              loading={!chart}
              height={260}
            />
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
