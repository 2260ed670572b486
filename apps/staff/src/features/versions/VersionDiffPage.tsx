import { Alert, Badge, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { diffStudyVersions } from '@trialpath/contract';
import { type DiffChange, isMessageKey, pickText, translate } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { useStudyPage, useVersions, VersionsFrame } from './VersionsFrame';

// Shade 9 outlines: the light variants of these colours fall below 4.5:1 on small badge text.
const KIND_COLOR = { added: 'teal.9', removed: 'red.9', changed: 'blue.9', moved: 'grape.9' } as const;

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <Text span size="sm" style={{ wordBreak: 'break-word' }}>
      {text}
    </Text>
  );
}

function ChangeRow({ change, language }: { change: DiffChange; language: string }) {
  const { t } = useTranslation('versions');
  const item = change.item ? pickText(change.item.title, language, 'en') || change.item.id : null;
  return (
    <Table.Tr>
      <Table.Td>
        <Badge color={KIND_COLOR[change.kind]} variant="outline" radius="sm" tt="none">
          {t(`diff.kind_${change.kind}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        {item && (
          <Text size="sm" fw={600}>
            {item}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {[change.field, change.language && t('diff.inLanguage', { language: change.language })]
            .filter(Boolean)
            .join(' · ') || t('diff.wholeItem')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Value value={change.before} />
      </Table.Td>
      <Table.Td>
        <Value value={change.after} />
      </Table.Td>
    </Table.Tr>
  );
}

/** ★ #/studies/:studyId/version-management/diff?from=&to=: what changed between two versions, by section. */
export function VersionDiffPage() {
  const { t, i18n } = useTranslation('versions');
  const { studyId } = useStudyPage();
  const versions = useVersions(studyId);
  const [search, setSearch] = useSearchParams();
  const items = versions.data?.items ?? [];
  const from = search.get('from') ?? items[1]?.id ?? null;
  const to = search.get('to') ?? items[0]?.id ?? null;
  const diff = useEndpointQuery(
    diffStudyVersions,
    { params: { studyId }, query: { from: from ?? '', to: to ?? '' } },
    { enabled: Boolean(from && to) },
  );
  const options = items.map((v) => ({ value: v.id, label: `${v.name} (${t(`status.${v.status}`)})` }));
  const choose = (key: 'from' | 'to', value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    if (!next.get(key === 'from' ? 'to' : 'from')) {
      const other = key === 'from' ? to : from;
      if (other) next.set(key === 'from' ? 'to' : 'from', other);
    }
    setSearch(next, { replace: true });
  };
  const title = (key: string) => (isMessageKey(key) ? translate(key, {}, i18n.language) : key);
  return (
    <VersionsFrame title={t('diff.title')} intro={t('diff.intro')}>
      <Group gap="md" wrap="wrap">
        <Select
          label={t('diff.from')}
          data={options}
          value={from}
          onChange={(v) => choose('from', v)}
          w={260}
          allowDeselect={false}
        />
        <Select
          label={t('diff.to')}
          data={options}
          value={to}
          onChange={(v) => choose('to', v)}
          w={260}
          allowDeselect={false}
        />
      </Group>
      {diff.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(diff.error, t('common.loadError'))}
        </Alert>
      )}
      {diff.data && (
        <Stack gap="md">
          <Text size="sm" aria-live="polite">
            {t('diff.summary', { count: diff.data.changeCount, from: diff.data.from.name, to: diff.data.to.name })}
          </Text>
          {diff.data.groups.map((g) => (
            <Paper key={`${g.part}.${g.key}`} withBorder radius="md" p="md">
              <Title order={2} fz="lg" mb="xs">
                {title(g.titleKey)}{' '}
                <Text span size="sm" c="dimmed">
                  {t(`diff.part_${g.part}`, { defaultValue: g.part })}
                </Text>
              </Title>
              <Table verticalSpacing="xs" aria-label={title(g.titleKey)}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={110}>{t('diff.change')}</Table.Th>
                    <Table.Th>{t('diff.where')}</Table.Th>
                    <Table.Th>{t('diff.before')}</Table.Th>
                    <Table.Th>{t('diff.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {g.changes.map((c) => (
                    <ChangeRow
                      key={`${c.item?.id ?? ''}.${c.field}.${c.language ?? ''}.${c.kind}`}
                      change={c}
                      language={i18n.language}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          ))}
        </Stack>
      )}
    </VersionsFrame>
  );
}
