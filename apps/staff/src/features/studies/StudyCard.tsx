import { Card, Group, Text } from '@mantine/core';
import type { StudyListItem } from '@trialpath/contract';
import { DATE_FORMATS, formatDisplayDate, roleTitle } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from './StatusBadge';

/** A study of the list as a card (small screens). */
export function StudyCard({ s }: { s: StudyListItem }) {
  const { t, i18n } = useTranslation('studies');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`/studies/${s.id}/dashboard`}
      aria-label={t('studies.openStudy', { name: s.name })}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600}>{s.name}</Text>
          <Text size="sm" c="dimmed">
            {s.code} · {s.sponsorName ?? '—'}
          </Text>
        </div>
        <StatusBadge status={s.status} />
      </Group>
      <Group gap="md" mt="xs">
        <Text size="xs" c="dimmed">
          {t('studies.sites')}: {s.siteCount}
        </Text>
        <Text size="xs" c="dimmed">
          {t('studies.role')}: {roleTitle(s.userRole, i18n.language)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDisplayDate(s.updatedAt, DATE_FORMATS.DATE_TIME, undefined, i18n.language)}
        </Text>
      </Group>
    </Card>
  );
}
