import { Anchor, Badge, Text } from '@mantine/core';
import type { StudyListItem } from '@trialpath/contract';
import { DATE_FORMATS, formatDisplayDate, roleTitle } from '@trialpath/domain';
import type { DataTableColumn } from '@trialpath/ui';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { SortField } from './list-state';
import { StatusBadge } from './StatusBadge';

type StudyColumn = DataTableColumn<StudyListItem> & { id: SortField | 'sponsor' | 'sites' | 'role' };

/** The studies list's columns (role names and dates in `lang`); the server sorts by name, code, status and last update. */
export function studyColumns(t: TFunction<'studies'>, lang: string): StudyColumn[] {
  return [
    {
      id: 'name',
      header: t('studies.name'),
      sortable: true,
      cell: (s) => (
        <Anchor component={Link} to={`/studies/${s.id}/dashboard`} fw={600} onClick={(e) => e.stopPropagation()}>
          {s.name}
        </Anchor>
      ),
    },
    {
      id: 'code',
      header: t('studies.code'),
      sortable: true,
      cell: (s) => (
        <Badge variant="outline" color="gray" radius="sm" tt="none">
          {s.code}
        </Badge>
      ),
    },
    { id: 'status', header: t('studies.status'), sortable: true, cell: (s) => <StatusBadge status={s.status} /> },
    { id: 'sponsor', header: t('studies.sponsor'), cell: (s) => s.sponsorName ?? '—' },
    { id: 'sites', header: t('studies.sites'), cell: (s) => s.siteCount },
    { id: 'role', header: t('studies.role'), cell: (s) => roleTitle(s.userRole, lang) },
    {
      id: 'updatedAt',
      header: t('studies.updated'),
      sortable: true,
      cell: (s) => (
        <Text size="sm" c="dark.5">
          {formatDisplayDate(s.updatedAt, DATE_FORMATS.DATE_TIME, undefined, lang)}
        </Text>
      ),
    },
  ];
}
