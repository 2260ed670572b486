/** The study's linkage token list (H-024, H-027): a page of participants of the caller's sites, and the CSV. */
import { Alert, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { downloadLinkageTokens, type LinkageTokenRow, listLinkageTokens } from '@trialpath/contract';
import type { LinkageTokenType } from '@trialpath/domain';
import { DataTable, type DataTableColumn, notify, TableEmpty, useServerPaging } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { saveFile } from '../../shared/download';
import { useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';

type Cell = LinkageTokenRow['tokens'][number];

export function TokenList({ studyId, readOnly }: { studyId: string; readOnly: boolean }) {
  const { t, i18n } = useTranslation('linkage');
  const { page, pageSize, pagingOf } = useServerPaging(25);
  const [downloading, setDownloading] = useState(false);
  const list = useEndpointQuery(
    listLinkageTokens,
    { params: { studyId }, query: { page, pageSize } },
    { placeholderData: keepPreviousData },
  );
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const missingText = (c: Cell) =>
    t('tokens.missing', { fields: [...new Set(c.missing.map((f) => t(`fields.${f}`)))].join(', ') });
  const types: LinkageTokenType[] = list.data?.tokenTypes ?? [];
  const columns: DataTableColumn<LinkageTokenRow>[] = [
    { id: 'participant', header: t('tokens.participant'), cell: (r) => r.participantCode },
    { id: 'site', header: t('tokens.site'), cell: (r) => `${r.siteCode} · ${r.siteName}` },
    ...types.map(
      (type): DataTableColumn<LinkageTokenRow> => ({
        id: type,
        header: type,
        cell: (r) => {
          const c = r.tokens.find((x) => x.type === type);
          if (!c) return null;
          if (c.token) return <Code style={{ wordBreak: 'break-all' }}>{c.token}</Code>;
          return c.missing.length ? (
            <Text size="xs" c="dimmed">
              {missingText(c)}
            </Text>
          ) : null;
        },
      }),
    ),
    {
      id: 'madeAt',
      header: t('tokens.madeAt'),
      cell: (r) => {
        const made = r.tokens.map((c) => c.madeAt).filter((m): m is string => !!m);
        return made.length ? when(made.sort().at(-1)!) : null;
      },
    },
  ];

  const download = async () => {
    setDownloading(true);
    try {
      const csv = await api.call(downloadLinkageTokens, { params: { studyId } });
      const name = `linkage-${(list.data?.datasetName || 'tokens').replace(/[^\w.-]+/g, '_')}.csv`;
      saveFile(name, 'text/csv;charset=utf-8', String(csv));
      notify(t('tokens.downloaded'), { kind: 'success' });
    } catch (e) {
      notify(refusalText(e, i18n.language, t('error.generic')), { kind: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="linkage-tokens">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} fz="lg" id="linkage-tokens">
            {t('tokens.title')}
          </Title>
          {!readOnly && list.data?.enabled && (
            <Button variant="default" loading={downloading} onClick={() => void download()}>
              {t('tokens.download')}
            </Button>
          )}
        </Group>
        {list.data && !list.data.enabled && (
          <Alert color="gray" variant="light">
            {t('tokens.off')}
          </Alert>
        )}
        <DataTable
          label={t('tokens.tableLabel')}
          columns={columns}
          rows={list.data?.items}
          rowKey={(r) => r.participantId}
          loading={list.isPending}
          paging={list.data ? pagingOf(list.data.total) : undefined}
          error={
            list.isError
              ? { title: refusalText(list.error, i18n.language, t('tokens.failed')), retry: () => void list.refetch() }
              : null
          }
          empty={<TableEmpty title={t('tokens.empty')} hint={t('tokens.emptyHint')} />}
          minWidth={720}
        />
      </Stack>
    </Paper>
  );
}
