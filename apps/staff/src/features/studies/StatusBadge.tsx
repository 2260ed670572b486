import { Badge } from '@mantine/core';
import type { StudyStatus } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';

const COLORS: Record<StudyStatus, string> = {
  DESIGN: 'gray',
  LIVE: 'teal',
  PAUSED: 'orange',
  CLOSED: 'dark',
  ARCHIVED: 'dark',
  DELETED: 'red',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('studies');
  return (
    <Badge color={COLORS[status as StudyStatus] ?? 'gray'} variant={status === 'LIVE' ? 'filled' : 'light'} radius="sm">
      {t(`studies.status_${status}`, { defaultValue: status })}
    </Badge>
  );
}
