import { Alert, Anchor, Badge, Box, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { getStudy, type ResponseOf, type StaffUser } from '@trialpath/contract';
import {
  can,
  countryName,
  FEATURE_FLAGS,
  isFeatureEnabled,
  isTestTwinPath,
  MOBILE_BREAKPOINT_PX,
  roleTitle,
  studyColorOrDefault,
} from '@trialpath/domain';
import { TEST_BADGE_COLOR } from '@trialpath/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { authoritiesFor } from '../../shared/authorities';
import { useFlagsQuery } from '../../shared/startup';
import { storage } from '../../shared/storage';
import { useStudyFeatures } from '../../shared/study-features';
import { customizeNavItems, studyNavItems } from './study-nav';
import { StatusBadge } from './StatusBadge';
import { DashboardActivities } from './DashboardActivities';
import { DashboardCharts } from '../analytics/DashboardCharts';
import { useEndpointQuery } from '../../shared/queries';

type StudyDetails = ResponseOf<typeof getStudy>;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={2}>
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </div>
  );
}

/** #/studies/:studyId/dashboard (and its test twin): the study's details and the sites the user can see. */
export function StudyDashboardPage() {
  const { t, i18n } = useTranslation('studies');
  const { studyId = '' } = useParams();
  const { pathname } = useLocation();
  const isTwin = isTestTwinPath(pathname);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const study = useEndpointQuery(
    getStudy,
    { params: { studyId } },
    {
      // Study details are cached locally per study (000 §3, §7.7) and refreshed from the server.
      initialData: () => storage.getStudyDetails<StudyDetails>(studyId) ?? undefined,
      initialDataUpdatedAt: 0,
    },
  );

  useEffect(() => {
    if (!study.data || !study.isFetchedAfterMount) return;
    storage.setStudyDetails(studyId, study.data);
    const userId = storage.getUser<Pick<StaffUser, 'id'>>()?.id;
    if (userId) storage.setStudySummary({ userId, id: study.data.id, code: study.data.code, name: study.data.name });
  }, [study.data, study.isFetchedAfterMount, studyId]);

  const flags = useFlagsQuery();
  const features = useStudyFeatures(studyId);
  const testPortal = flags.data
    ? isFeatureEnabled(flags.data.flags, FEATURE_FLAGS.testPortal, flags.data.customerId)
    : false;
  // what this page offers comes from the per-study token's authorities.
  const nav = studyNavItems(studyId, authoritiesFor(studyId, storage), { twin: isTwin, testPortal });
  const seesAnalytics = authoritiesFor(studyId, storage).some((a) => can(a, 'analytics.view'));
  const customizeNav = customizeNavItems(studyId, authoritiesFor(studyId, storage), { twin: isTwin });
  // the stored user carries the per-study role after entering the study.
  const user = storage.getUser<StaffUser & { readOnly?: boolean }>();
  const enabledFeatures = Object.entries(features ?? {})
    .filter(([, on]) => on)
    .map(([name]) => name);

  const s = study.data;
  if (!s) {
    if (study.isError)
      return (
        <Alert color="red" variant="light" title={t('study.loadError')} maw={720} mx="auto">
          <Anchor component={Link} to="/studies" size="sm">
            {t('study.allStudies')}
          </Anchor>
        </Alert>
      );
    return null;
  }

  const color = studyColorOrDefault(s.color);
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to="/studies" size="sm">
          ← {t('study.allStudies')}
        </Anchor>
        <Group component="nav" aria-label={t('studyNav.label')} gap="xs">
          {nav.map((item) => (
            <Anchor
              key={item.id}
              component={Link}
              to={item.to}
              size="sm"
              className="tp-nav-link"
              aria-current={pathname === item.to ? 'page' : undefined}
              data-active={pathname === item.to || undefined}
            >
              {t(`studyNav.${item.id}`)}
            </Anchor>
          ))}
        </Group>
      </Group>
      {customizeNav.length > 0 && (
        <Group component="nav" aria-label={t('studyNav.customize')} gap="xs">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t('studyNav.customize')}
          </Text>
          {customizeNav.map((item) => (
            <Anchor key={item.id} component={Link} to={item.to} size="sm" className="tp-nav-link">
              {t(`studyNav.customize_${item.id}`)}
            </Anchor>
          ))}
        </Group>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} style={{ borderTop: `4px solid ${color}` }}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Text size="sm" c="dimmed" fw={600}>
              {t('study.dashboard')}
            </Text>
            <Title order={1} fz={28}>
              {s.name}
            </Title>
          </div>
          <Group gap="xs">
            {user?.userRole && (
              <Badge variant="light" color="cyan" radius="sm" tt="none">
                {t('studyNav.yourRole', { role: roleTitle(user.userRole, i18n.language) })}
              </Badge>
            )}
            {user?.readOnly && (
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {t('studyNav.readOnly')}
              </Badge>
            )}
            {isTwin && (
              <Badge color={TEST_BADGE_COLOR} radius="sm">
                {t('study.testData')}
              </Badge>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="lg" mt="lg">
          <Fact label={t('study.code')}>
            <Badge variant="outline" color="gray" radius="sm" tt="none">
              {s.code}
            </Badge>
          </Fact>
          {/* The study's own status, apart from the environment: a LIVE study has a test twin too, whose data
              are test data; there the status is plain text ("Study: Live"), not a badge that reads as the
              environment's. */}
          <Fact label={t('study.status')}>
            {isTwin ? (
              <Text fz="sm">
                {t('study.statusOfStudy', { status: t(`studies.status_${s.status}`, { defaultValue: s.status }) })}
              </Text>
            ) : (
              <StatusBadge status={s.status} />
            )}
          </Fact>
          <Fact label={t('study.sponsor')}>{s.sponsorName ?? t('study.noSponsor')}</Fact>
          <Fact label={t('study.languages')}>
            {s.languages.map((l) => t(`study.lang_${l}`, { defaultValue: l })).join(', ')}
          </Fact>
          <Fact label={t('study.sites')}>{s.sites.length}</Fact>
        </SimpleGrid>
        {enabledFeatures.length > 0 && (
          <Group gap={6} mt="md" aria-label={t('study.features')}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('study.features')}
            </Text>
            {enabledFeatures.map((f) => (
              <Badge key={f} variant="outline" color="teal" radius="sm" tt="none">
                {t(`study.feature_${f}`, { defaultValue: f })}
              </Badge>
            ))}
          </Group>
        )}
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="sm">
          {t('study.sitesVisible')}
        </Title>
        {s.sites.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('study.noSites')}
          </Text>
        ) : isMobile ? (
          <Stack gap="sm">
            {s.sites.map((site) => (
              <Card key={site.id} withBorder radius="md" padding="sm">
                <Text fw={600}>{site.name}</Text>
                <Text size="sm" c="dimmed">
                  {site.siteId} · {countryName(site.countryId, i18n.language, site.countryName)} ·{' '}
                  {t(`study.subType_${site.siteSubType}`, { defaultValue: site.siteSubType })}
                </Text>
              </Card>
            ))}
          </Stack>
        ) : (
          <Table verticalSpacing="sm" aria-label={t('study.sitesVisible')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('study.site')}</Table.Th>
                <Table.Th>{t('study.siteId')}</Table.Th>
                <Table.Th>{t('study.country')}</Table.Th>
                <Table.Th>{t('study.siteType')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.sites.map((site) => (
                <Table.Tr key={site.id}>
                  <Table.Td fw={600}>{site.name}</Table.Td>
                  <Table.Td>{site.siteId}</Table.Td>
                  <Table.Td>{countryName(site.countryId, i18n.language, site.countryName)}</Table.Td>
                  <Table.Td>{t(`study.subType_${site.siteSubType}`, { defaultValue: site.siteSubType })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {seesAnalytics && <DashboardCharts studyId={studyId} />}
      {seesAnalytics && <DashboardActivities studyId={studyId} />}
    </Stack>
  );
}
