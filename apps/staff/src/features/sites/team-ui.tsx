/** Pieces the research-team and site screens share: the page's own study paths, the research-team navigation, the lists' head, the reason dialog's words. */
import { Anchor, Group, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { testTwinPath } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { ReasonDialogLabels } from '../../shared/ReasonDialog';

/** The page's own address for a study path, live or test twin as the page is. */
export function useStudyPath(studyId: string) {
  const { pathname } = useLocation();
  const twin = pathname.startsWith(`/studies/${studyId}/test/`);
  return (rest: string) => {
    const live = `/studies/${studyId}/${rest}`;
    return twin ? testTwinPath(live) : live;
  };
}

export function ResearchTeamNav({ studyId }: { studyId: string }) {
  const { t } = useTranslation('sites');
  const path = useStudyPath(studyId);
  const { pathname } = useLocation();
  const items = [
    { id: 'dashboard', to: path('dashboard') },
    { id: 'studyAdmins', to: path('research-team/study-admins') },
    { id: 'studyTeam', to: path('research-team/study-team') },
    { id: 'sites', to: path('research-team/research-site/list') },
    { id: 'resources', to: path('resource-list-site') },
  ] as const;
  return (
    <Group component="nav" aria-label={t('nav.label')} gap="md">
      {items.map((item) => (
        <Anchor
          key={item.id}
          component={Link}
          to={item.to}
          size="sm"
          className="tp-nav-link"
          aria-current={pathname === item.to ? 'page' : undefined}
          data-active={pathname === item.to || undefined}
        >
          {t(`nav.${item.id}`)}
        </Anchor>
      ))}
    </Group>
  );
}

/** The reason dialog's words on the research-team and site screens. */
export function useReasonLabels(): ReasonDialogLabels {
  const { t } = useTranslation('sites');
  return {
    reason: t('reason.label'),
    hint: t('reason.hint'),
    required: t('reason.required'),
    cancel: t('reason.cancel'),
    confirm: t('reason.confirm'),
    failed: t('error.generic'),
  };
}

/** The head of a research-team list: its title and what it holds, a search that goes back to page 1, the list's action. */
export function ListHeader(p: {
  title: string;
  subtitle: string;
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (value: string) => void;
  action: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <div>
        <Title order={1} fz={28}>
          {p.title}
        </Title>
        <Text c="dimmed" size="sm">
          {p.subtitle}
        </Text>
      </div>
      <Group align="flex-end">
        <TextInput
          label={p.searchLabel}
          placeholder={p.searchPlaceholder}
          type="search"
          value={p.search}
          onChange={(e) => p.onSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        {p.action}
      </Group>
    </Group>
  );
}
