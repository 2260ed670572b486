/**
 * #/activity-library/home (C-027), and a study's activities (C-032) and data capture forms (C-033): search,
 * filters by kind, tag and group, the activities with their newest revision; new, import, copy from the
 * library (a study's lists), open and archive with a reason.
 */
import { Autocomplete, Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type ActivityListItem,
  archiveActivity,
  listActivities,
  listActivityGroups,
  listActivityTags,
} from '@trialpath/contract';
import type { ActivityType } from '@trialpath/domain';
import { useServerPaging } from '@trialpath/ui';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { ActivityTable } from './ActivityTable';
import { CopyFromLibraryDialog } from './CopyFromLibraryDialog';
import { ImportDialog } from './ImportDialog';
import { NewActivityDrawer } from './NewActivityDrawer';
import { activityBase, kindsOf, type ListScope, scopeOf } from './paths';
import { ListFrame, useReasonLabels } from './ui';

function Filters(props: {
  scope: ListScope;
  search: string;
  kind: string | null;
  tag: string;
  group: string | null;
  onChange: (change: Partial<{ search: string; kind: string | null; tag: string; group: string | null }>) => void;
}) {
  const { t } = useTranslation('activities');
  const tags = useEndpointQuery(listActivityTags);
  const groups = useEndpointQuery(listActivityGroups);
  const kinds = kindsOf(props.scope);
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={props.search}
          onChange={(e) => props.onChange({ search: e.currentTarget.value })}
          style={{ flex: 1, minWidth: 220 }}
        />
        {kinds.length > 1 && (
          <Select
            label={t('list.kind')}
            placeholder={t('list.anyKind')}
            data={kinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            value={props.kind}
            onChange={(kind) => props.onChange({ kind })}
            clearable
            w={200}
          />
        )}
        <Autocomplete
          label={t('list.tag')}
          placeholder={t('list.anyTag')}
          data={(tags.data?.items ?? []).map((tag) => tag.name)}
          value={props.tag}
          onChange={(tag) => props.onChange({ tag })}
          w={200}
        />
        <Select
          label={t('list.group')}
          placeholder={t('list.anyGroup')}
          data={(groups.data?.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
          value={props.group}
          onChange={(group) => props.onChange({ group })}
          clearable
          w={220}
        />
      </Group>
    </Paper>
  );
}

export function ActivityListPage({ scope }: { scope: ListScope }) {
  const { t } = useTranslation('activities');
  const queryClient = useQueryClient();
  const reasonLabels = useReasonLabels();
  const [params] = useSearchParams();
  const [filters, setFilters] = useState({
    search: '',
    kind: null as string | null,
    tag: params.get('tag') ?? '',
    group: params.get('group'),
  });
  const [debouncedSearch] = useDebouncedValue(filters.search.trim(), 350);
  const [debouncedTag] = useDebouncedValue(filters.tag.trim(), 350);
  const { page, pageSize, setPage, pagingOf } = useServerPaging(25);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [copying, setCopying] = useState(false);
  const [archiving, setArchiving] = useState<ActivityListItem | null>(null);
  const studyId = scope.kind === 'library' ? undefined : scope.studyId;
  const kind = scope.kind === 'forms' ? 'dataCaptureForm' : (filters.kind as ActivityType | null);
  const list = useEndpointQuery(
    listActivities,
    {
      query: {
        ...(studyId ? { studyId } : {}),
        ...(kind ? { kind } : {}),
        ...(debouncedSearch ? { search: debouncedSearch } : {}),
        ...(debouncedTag ? { tag: debouncedTag } : {}),
        ...(filters.group ? { groupId: filters.group } : {}),
        archived: 'false',
        pageNum: page,
        pageSize,
      },
    },
    { placeholderData: keepPreviousData },
  );
  const title = t(`list.title_${scope.kind}`);
  return (
    <ListFrame scope={scope} title={title} intro={t(`list.intro_${scope.kind}`)}>
      <Group gap="sm">
        <Button onClick={() => setCreating(true)}>{t('list.new')}</Button>
        <Button variant="default" onClick={() => setImporting(true)}>
          {t('list.import')}
        </Button>
        {scope.kind !== 'library' && (
          <Button variant="default" onClick={() => setCopying(true)}>
            {t('list.copy')}
          </Button>
        )}
      </Group>
      <Filters
        scope={scope}
        {...filters}
        onChange={(change) => {
          setFilters((f) => ({ ...f, ...change }));
          setPage(1);
        }}
      />
      <ActivityTable
        label={title}
        rows={list.data?.items}
        loading={list.isFetching}
        error={list.isError ? list.error : null}
        retry={() => void list.refetch()}
        paging={list.data && pagingOf(list.data.total)}
        empty={{ title: t('list.empty'), hint: t('list.emptyHint') }}
        actions={(a) => (
          <>
            <Button size="xs" variant="light" component={Link} to={activityBase(scopeOf(a), a.id)}>
              {t('list.open')}
            </Button>
            <Button size="xs" variant="subtle" color="red.9" c="red.9" onClick={() => setArchiving(a)}>
              {t('list.archive')}
            </Button>
          </>
        )}
      />
      <NewActivityDrawer scope={scope} opened={creating} onClose={() => setCreating(false)} />
      <ImportDialog scope={scope} opened={importing} onClose={() => setImporting(false)} />
      {scope.kind !== 'library' && (
        <CopyFromLibraryDialog scope={scope} opened={copying} onClose={() => setCopying(false)} />
      )}
      <ReasonDialog
        opened={archiving !== null}
        title={t('list.archiveTitle', { identifier: archiving?.identifier ?? '' })}
        labels={{ ...reasonLabels, confirm: t('list.archive') }}
        color="red"
        onClose={() => setArchiving(null)}
        onConfirm={async (reason) => {
          if (!archiving) return;
          await api.call(archiveActivity, { params: { activityId: archiving.id }, body: { archived: true, reason } });
          await invalidateEndpoints(queryClient, listActivities, listActivityGroups, listActivityTags);
        }}
      >
        {t('list.archiveText')}
      </ReasonDialog>
    </ListFrame>
  );
}

export const LibraryHomePage = () => <ActivityListPage scope={{ kind: 'library' }} />;

export function StudyActivitiesPage() {
  const { studyId = '' } = useParams();
  return <ActivityListPage key={studyId} scope={{ kind: 'study', studyId }} />;
}

export function DataCaptureFormsPage() {
  const { studyId = '' } = useParams();
  return <ActivityListPage key={studyId} scope={{ kind: 'forms', studyId }} />;
}
