/**
 * #/studies/:studyId/vis/:screen (and its test twin): one analytics screen (G-003…G-016) — the menu under the
 * spec's labels (G-021…G-029), the filters kept in the address (G-019, G-020), and the screen's charts, each with
 * its table and CSV (decision G-analytics-screens). The facts come from one call, narrowed by the server to the
 * caller's sites and data space (A-117).
 */
import { Alert, Anchor, Button, Group, NavLink, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getStudyAnalytics } from '@trialpath/contract';
import { isTestTwinPath, type MessageKey, translate } from '@trialpath/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { useStudyPath } from '../schedules/data';
import { ChartCard } from './chart/ChartCard';
import { buildChart, type ChartTexts } from './charts';
import { FilterBar } from './FilterBar';
import { type AnalyticsFilters, analyticsQuery, filtersFromSearch, searchWithFilters } from './filters';
import { ANALYTICS_MENU, type AnalyticsScreen, DEFAULT_SCREEN, isAnalyticsScreen, SCREEN_CHARTS } from './screens';

/** G-003: vis alone opens the executive summary, with the filters of the address kept. */
export function AnalyticsHomeRedirect() {
  const { search } = useLocation();
  return <Navigate to={`${DEFAULT_SCREEN}${search}`} replace />;
}

export function AnalyticsPage() {
  const { t, i18n } = useTranslation('analytics');
  const { studyId = '', screen } = useParams();
  const [params, setParams] = useSearchParams();
  // the address as last written: a second change before the page has re-rendered builds on the first
  const latest = useRef(params);
  latest.current = params;
  const change = (patch: Partial<AnalyticsFilters>) => {
    const next = searchWithFilters(latest.current, { ...filtersFromSearch(latest.current), ...patch });
    latest.current = next;
    setParams(next, { replace: true });
  };
  if (!isAnalyticsScreen(screen))
    return (
      <Alert color="yellow" variant="light" role="alert">
        {t('page.notFound')}
      </Alert>
    );
  return (
    <AnalyticsScreenView
      studyId={studyId}
      screen={screen}
      filters={filtersFromSearch(params)}
      onFilters={change}
      texts={{
        msg: (key: MessageKey) => translate(key, undefined, i18n.language),
        t: (key, options) => t(key, options) as string,
      }}
    />
  );
}

interface ViewProps {
  studyId: string;
  screen: AnalyticsScreen;
  filters: AnalyticsFilters;
  onFilters: (patch: Partial<AnalyticsFilters>) => void;
  texts: ChartTexts;
}

function AnalyticsScreenView({ studyId, screen, filters, onFilters, texts }: ViewProps) {
  const { t, i18n } = useTranslation('analytics');
  const { pathname, search } = useLocation();
  const path = useStudyPath(studyId);
  const facts = useEndpointQuery(
    getStudyAnalytics,
    { params: { studyId }, query: analyticsQuery(filters) },
    { placeholderData: keepPreviousData },
  );
  const data = facts.data;
  const focusWithoutChoice = screen === 'participant-focus' && filters.participantsIds.length === 0;
  const range = { from: filters.fromDate || undefined, to: filters.toDate || undefined };
  const firstSelected =
    data?.sites.find((s) => s.id === filters.siteIds[0])?.name ??
    data?.sites.find((s) => s.countryId === filters.countryIds[0])?.countryName ??
    null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            {t('page.title')}
          </Text>
          <Title order={1} fz={26}>
            {t(`screen.${screen}`)}
          </Title>
        </div>
      </Group>
      <Group align="flex-start" gap="md" wrap="nowrap" className="tp-analytics-layout">
        <Paper component="nav" aria-label={t('page.menu')} withBorder radius="md" p="xs" miw={210} visibleFrom="sm">
          {ANALYTICS_MENU.map((item) => {
            const label = translate(`analytics.menu.${item.label}` as MessageKey, undefined, i18n.language);
            if (item.screens === 'dashboard')
              return <NavLink key={item.label} component={Link} to={path('dashboard')} label={label} />;
            if (item.screens.length === 1) {
              const to = `${path(`vis/${item.screens[0]}`)}${search}`;
              return (
                <NavLink
                  key={item.label}
                  component={Link}
                  to={to}
                  label={label}
                  active={item.screens[0] === screen}
                  aria-current={item.screens[0] === screen ? 'page' : undefined}
                />
              );
            }
            return (
              <NavLink key={item.label} label={label} defaultOpened={item.screens.includes(screen)}>
                {item.screens.map((s) => (
                  <NavLink
                    key={s}
                    component={Link}
                    to={`${path(`vis/${s}`)}${search}`}
                    label={t(`screen.${s}`)}
                    active={s === screen}
                    aria-current={s === screen ? 'page' : undefined}
                  />
                ))}
              </NavLink>
            );
          })}
        </Paper>
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <ScreenPicker studyId={studyId} screen={screen} search={search} />
          <FilterBar studyId={studyId} filters={filters} onChange={onFilters} sites={data?.sites ?? []} />
          {isTestTwinPath(pathname) && (
            <Alert color="orange" variant="light">
              {t('page.testData')}
            </Alert>
          )}
          {data?.blinded && (
            <Text size="sm" c="dimmed">
              {t('page.blinded')}
            </Text>
          )}
          {facts.isError && !data && (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between">
                {t('page.failed')}
                <Button size="xs" variant="light" onClick={() => void facts.refetch()}>
                  {t('page.retry')}
                </Button>
              </Group>
            </Alert>
          )}
          {focusWithoutChoice ? (
            <Alert color="blue" variant="light">
              {t('filters.focusHint')}
            </Alert>
          ) : (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {SCREEN_CHARTS[screen].map((id) => {
                const chart = data ? buildChart(id, data, texts, range) : null;
                return (
                  <ChartCard
                    key={id}
                    title={chart?.title ?? ''}
                    subtitle={chart?.subtitle}
                    headingLevel={2}
                    header={chart?.header ?? []}
                    rows={chart?.rows ?? []}
                    option={chart?.option ?? {}}
                    empty={chart?.empty ?? false}
                    loading={!chart}
                    firstSelected={firstSelected}
                  />
                );
              })}
            </SimpleGrid>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}

/** On a phone the menu is a list of links above the filters (the side menu is hidden under `sm`). */
function ScreenPicker({ studyId, screen, search }: { studyId: string; screen: AnalyticsScreen; search: string }) {
  const { t } = useTranslation('analytics');
  const path = useStudyPath(studyId);
  return (
    <Group gap={6} hiddenFrom="sm" component="nav" aria-label={t('page.menu')} wrap="wrap">
      {ANALYTICS_MENU.flatMap((item) => (item.screens === 'dashboard' ? [] : item.screens)).map((s) => (
        <Anchor
          key={s}
          component={Link}
          to={`${path(`vis/${s}`)}${search}`}
          size="sm"
          fw={s === screen ? 700 : 400}
          aria-current={s === screen ? 'page' : undefined}
        >
          {t(`screen.${s}`)}
        </Anchor>
      ))}
    </Group>
  );
}
