import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { type StudyVersionSummary, listStudyVersions } from '@trialpath/contract';
import { isTestTwinPath, testTwinPath } from '@trialpath/domain';
import { TEST_BADGE_COLOR } from '@trialpath/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReasonDialogLabels } from '../../shared/ReasonDialog';
import { Link, useLocation, useParams } from 'react-router';
import { WARNING_BADGE_COLOR } from '../../shared/colors';
import { useEndpointQuery } from '../../shared/queries';

const PAGES = [
  ['versions', 'version-management'],
  ['history', 'version-management/history'],
  ['notes', 'version-management/version-notes'],
  ['assignments', 'version-management/version-assignments'],
  ['publish', 'publish'],
  ['diff', 'version-management/diff'],
  ['translations', 'translations'],
  ['documentation', 'review/documentation'],
  ['preview', 'previewpage'],
  ['prototype', 'review/generate-prototype'],
] as const;

/** The study id and whether the page is a test twin; links keep the twin. */
export function useStudyPage() {
  const { studyId = '' } = useParams();
  const { pathname } = useLocation();
  const twin = isTestTwinPath(pathname);
  const to = (page: string) => {
    const live = `/studies/${studyId}/${page}`;
    return twin ? testTwinPath(live) : live;
  };
  return { studyId, twin, to, pathname };
}

/** The study's versions, newest first (C-075, C-161). */
export function useVersions(studyId: string) {
  return useEndpointQuery(listStudyVersions, { params: { studyId } });
}

export function VersionStatusBadge({ version }: { version: StudyVersionSummary }) {
  const { t } = useTranslation('versions');
  const color = version.status === 'DRAFT' ? WARNING_BADGE_COLOR : version.status === 'PUBLISHED' ? 'teal.9' : 'gray.8';
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={color} variant="outline" radius="sm" tt="none">
        {t(`status.${version.status}`)}
      </Badge>
      {version.isLive && (
        <Badge color="teal.9" radius="sm" tt="none">
          {t('status.live')}
        </Badge>
      )}
      {version.isTest && (
        <Badge color={TEST_BADGE_COLOR} radius="sm" tt="none">
          {t('status.test')}
        </Badge>
      )}
    </Group>
  );
}

/** The frame of every versions screen: the way back to the study, the title and the versions navigation. */
export function VersionsFrame({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const { t } = useTranslation('versions');
  const { studyId, to, pathname } = useStudyPage();
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to={to('dashboard')} size="sm">
          ← {t('nav.back')}
        </Anchor>
        <Group component="nav" aria-label={t('nav.label')} gap="xs">
          {PAGES.map(([id, page]) => {
            const href = to(page);
            return (
              <Anchor
                key={id}
                component={Link}
                to={href}
                size="sm"
                className="tp-nav-link"
                aria-current={pathname === href ? 'page' : undefined}
                data-active={pathname === href || undefined}
              >
                {t(`nav.${id}`)}
              </Anchor>
            );
          })}
        </Group>
      </Group>
      <div>
        <Title order={1} fz={26}>
          {title}
        </Title>
        {intro && (
          <Text c="dimmed" size="sm" mt={4}>
            {intro}
          </Text>
        )}
      </div>
      {studyId && children}
    </Stack>
  );
}

/** The reason dialog's words on the versions screens (each dialog adds its confirm button's). */
export function useReasonLabels(): Omit<ReasonDialogLabels, 'confirm'> {
  const { t } = useTranslation('versions');
  return {
    reason: t('common.reason'),
    hint: t('common.reasonHint'),
    required: t('common.reasonRequired'),
    cancel: t('common.cancel'),
    failed: t('common.failed'),
  };
}
