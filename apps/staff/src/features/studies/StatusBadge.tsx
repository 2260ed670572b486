import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { DESIGN: 'gray', LIVE: 'teal', CLOSED: 'dark' };

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('studies');
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant={status === 'LIVE' ? 'filled' : 'light'} radius="sm">
      {t(`studies.status_${status}`, { defaultValue: status })}
    </Badge>
  );
}
