/**
 * #/studies/:studyId/review/study-summary (C-062; decision 0031): the first review step — the study on one
 * page as a reviewer reads it before approving: its facts, languages and countries, how many sites and
 * versions, which version each data space runs, what is still missing before launch, and the approvals.
 */
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getStudyBuildProgress, getStudyOverviewV2, type StudyRecord } from '@trialpath/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WARNING_BADGE_COLOR } from '../../shared/colors';
import { useEndpointQuery } from '../../shared/queries';
import { Loading, StudyHeader, useStudyRecord } from './StudyBuildPages';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

export function StudySummaryPage() {
  const {
    t,
    i18n: { language },
  } = useTranslation(['study-build', 'studies']);
  const { studyId, record } = useStudyRecord();
  const overview = useEndpointQuery(getStudyOverviewV2, { params: { studyId } });
  const progress = useEndpointQuery(getStudyBuildProgress, { params: { studyId } });
  const s = record.data;
  const o = overview.data;
  const p = progress.data;
  if (!s || !o || !p) return <Loading failed={record.isError || overview.isError || progress.isError} />;
  const none = t('build.summary.none');
  const who = (x: StudyRecord['approval']['internalApproved']) =>
    x ? t('build.approvedBy', { name: x.name, at: new Date(x.at).toLocaleString(language) }) : t('build.notApproved');
  const base = `/studies/${studyId}`;
  return (
    <Stack gap="md" maw={900} mx="auto">
      <StudyHeader s={s} title={t('build.nav.review/study-summary')} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="summary-study">
        <Title order={2} fz="lg" mb="sm" id="summary-study">
          {t('build.summary.study')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label={t('build.sponsor')}>{s.sponsorName || none}</Fact>
          <Fact label={t('build.therapeuticArea')}>{s.therapeuticArea || none}</Fact>
          <Fact label={t('build.languages')}>
            {s.languages
              .map((l) => `${l.displayName}${l.isDefault ? ` (${t('build.summary.default')})` : ''}`)
              .join(', ') || none}
          </Fact>
          <Fact label={t('build.countries')}>{s.countries.map((c) => c.name).join(', ') || none}</Fact>
          <Fact label={t('build.summary.sites')}>{o.counts.sites}</Fact>
          <Fact label={t('build.summary.versions')}>{o.counts.versions}</Fact>
        </SimpleGrid>
        {s.description && (
          <Text size="sm" mt="sm">
            {s.description}
          </Text>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="summary-readiness">
        <Group justify="space-between" mb="xs">
          <Title order={2} fz="lg" id="summary-readiness">
            {t('build.summary.readiness')}
          </Title>
          <Badge variant="outline" color={p.ready ? 'teal.9' : WARNING_BADGE_COLOR}>
            {p.ready ? t('build.summary.ready') : t('build.gapsTitle', { count: p.gaps.length })}
          </Badge>
        </Group>
        <Anchor component={Link} to={`${base}/review/scan`} size="sm">
          {t('build.summary.openScan')}
        </Anchor>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="summary-approvals">
        <Title order={2} fz="lg" mb="sm" id="summary-approvals">
          {t('build.summary.approvals')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label={t('build.internalApproval')}>{who(s.approval.internalApproved)}</Fact>
          <Fact label={t('build.irbApproval')}>{who(s.approval.irbEcApproved)}</Fact>
        </SimpleGrid>
        <Anchor component={Link} to={`${base}/review/approval`} size="sm" mt="sm" display="inline-block">
          {t('build.summary.openApproval')}
        </Anchor>
      </Paper>
    </Stack>
  );
}
