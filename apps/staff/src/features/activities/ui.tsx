/** Small parts shared by the activity screens: badges, language names, the reason dialog's words, frames. */
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ActivityRevisionSummary } from '@trialpath/contract';
import { type ActivityType, type LocalizedText, localize, type RevisionStatus } from '@trialpath/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { WARNING_BADGE_COLOR } from '../../shared/colors';
import type { ReasonDialogLabels } from '../../shared/ReasonDialog';
import { LIBRARY_HOME, type ListScope, listPath } from './paths';

// ACTIVE darker than teal.9: its 11 px text stays 4.5:1 on a hovered table row too.
const STATUS_COLOR: Record<RevisionStatus, string> = {
  DRAFT: WARNING_BADGE_COLOR,
  ACTIVE: '#066649',
  RETIRED: 'gray.8',
};

export function RevisionBadge({ revision }: { revision: Pick<ActivityRevisionSummary, 'number' | 'status'> }) {
  const { t } = useTranslation('activities');
  return (
    <Badge color={STATUS_COLOR[revision.status]} variant="outline" radius="sm" tt="none">
      {t('revision.badge', { number: revision.number, status: t(`status.${revision.status}`) })}
    </Badge>
  );
}

export function KindBadge({ kind }: { kind: ActivityType }) {
  const { t } = useTranslation('activities');
  return (
    <Badge color="dark.6" variant="outline" radius="sm" tt="none">
      {t(`kind.${kind}`)}
    </Badge>
  );
}

/** A language's name in the interface language ("Spanish", "español"), capitalised. */
export function useLanguageName(): (code: string) => string {
  const { i18n } = useTranslation();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([i18n.language], { type: 'language' });
  } catch {
    names = null;
  }
  return (code) => {
    let name = code;
    try {
      name = names?.of(code) ?? code;
    } catch {
      name = code;
    }
    return name.charAt(0).toLocaleUpperCase(i18n.language) + name.slice(1);
  };
}

/** An activity's title in the interface language, else its identifier. */
export function useTitleOf(): (a: { title: LocalizedText; identifier: string }) => string {
  const { i18n } = useTranslation();
  return (a) => localize(a.title, i18n.language) || a.identifier;
}

export function useReasonLabels(): Omit<ReasonDialogLabels, 'confirm'> {
  const { t } = useTranslation('activities');
  return {
    reason: t('common.reason'),
    hint: t('common.reasonHint'),
    required: t('common.reasonRequired'),
    cancel: t('common.cancel'),
    failed: t('common.failed'),
  };
}

export function useDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
}

function NavLinks({ label, links }: { label: string; links: readonly (readonly [string, string])[] }) {
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={label} gap="xs">
      {links.map(([to, text]) => (
        <Anchor
          key={to}
          component={Link}
          to={to}
          size="sm"
          className="tp-nav-link"
          aria-current={pathname === to ? 'page' : undefined}
          data-active={pathname === to || undefined}
        >
          {text}
        </Anchor>
      ))}
    </Group>
  );
}

/** The frame of the library's screens (C-027…C-030) and of a study's lists (C-032, C-033). */
export function ListFrame(props: { scope: ListScope; title: string; intro: string; children: ReactNode }) {
  const { t } = useTranslation('activities');
  const { scope } = props;
  const links =
    scope.kind === 'library'
      ? ([
          [LIBRARY_HOME, t('nav.home')],
          ['/activity-library/tags', t('nav.tags')],
          ['/activity-library/groups', t('nav.groups')],
          ['/activity-library/archive', t('nav.archive')],
        ] as const)
      : ([
          [listPath({ kind: 'study', studyId: scope.studyId }), t('nav.studyActivities')],
          [listPath({ kind: 'forms', studyId: scope.studyId }), t('nav.forms')],
          [LIBRARY_HOME, t('nav.library')],
        ] as const);
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="xs">
        {scope.kind === 'library' ? (
          <Text size="sm" c="dimmed">
            {t('nav.libraryOf')}
          </Text>
        ) : (
          <Anchor component={Link} to={`/studies/${scope.studyId}/dashboard`} size="sm">
            ← {t('nav.studyDashboard')}
          </Anchor>
        )}
        <NavLinks label={t('nav.label')} links={links} />
      </Group>
      <div>
        <Title order={1} fz={26}>
          {props.title}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {props.intro}
        </Text>
      </div>
      {props.children}
    </Stack>
  );
}
