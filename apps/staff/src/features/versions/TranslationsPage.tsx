import { Alert, Badge, Button, FileInput, Group, List, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import {
  ApiRequestError,
  exportTranslations,
  importTranslations,
  listStudyVersions,
  missingTranslationsReport,
} from '@trialpath/contract';
import { isMessageKey, translate } from '@trialpath/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api';
import { saveFile } from '../../shared/download';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { WARNING_BADGE_COLOR } from '../../shared/colors';
import { useStudyPage, useVersions, VersionsFrame } from './VersionsFrame';

type Problem = { id: string | null; messageKey: string; params?: Record<string, string | number> };

/**
 * #/studies/:studyId/translations (C-172, C-174): ★ which texts lack which study language, the export of
 * the texts as XLIFF 2.0 for a translator and the import of the translated file into the draft.
 */
export function TranslationsPage() {
  const { t, i18n } = useTranslation('versions');
  const { studyId } = useStudyPage();
  const versions = useVersions(studyId);
  const queryClient = useQueryClient();
  const items = versions.data?.items ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const versionId = chosen ?? items.find((v) => v.status === 'DRAFT')?.id ?? items[0]?.id ?? null;
  const version = items.find((v) => v.id === versionId);
  const report = useEndpointQuery(
    missingTranslationsReport,
    { params: { studyId, versionId: versionId ?? '' } },
    { enabled: Boolean(versionId) },
  );
  const targets = (report.data?.languages ?? []).filter((l) => l !== report.data?.sourceLanguage);
  const [target, setTarget] = useState<string | null>(null);
  const language = target ?? targets[0] ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; problems: Problem[] } | null>(null);
  const msg = (key: string, params?: Record<string, string | number>) =>
    isMessageKey(key) ? translate(key, params, i18n.language) : key;
  const languageName = (l: string) => t(`lang.${l}`, { defaultValue: l });

  const download = async () => {
    if (!versionId || !language) return;
    setResult(null);
    try {
      const r = await api.call(exportTranslations, { params: { studyId, versionId }, query: { language } });
      saveFile(r.fileName, 'application/xliff+xml', r.xliff);
    } catch (e) {
      setResult({ ok: false, text: errorMessage(e, t('common.failed')), problems: [] });
    }
  };
  const upload = async () => {
    if (!versionId || !file) return;
    setBusy(true);
    setResult(null);
    try {
      const r = await api.call(importTranslations, {
        params: { studyId, versionId },
        body: { xliff: await file.text() },
      });
      setResult({
        ok: true,
        text: t('translations.imported', { count: r.changed.length, language: languageName(r.language) }),
        problems: r.sanitised.map((id) => ({ id, messageKey: 'translations.sanitised' })),
      });
      await invalidateEndpoints(queryClient, missingTranslationsReport, listStudyVersions);
    } catch (e) {
      const details =
        e instanceof ApiRequestError ? (e.body?.details as { problems?: Problem[] } | undefined) : undefined;
      setResult({ ok: false, text: errorMessage(e, t('common.failed')), problems: details?.problems ?? [] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <VersionsFrame title={t('translations.title')} intro={t('translations.intro')}>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('translations.version')}
          data={items.map((v) => ({ value: v.id, label: `${v.name} (${t(`status.${v.status}`)})` }))}
          value={versionId}
          onChange={setChosen}
          w={260}
          allowDeselect={false}
        />
      </Group>
      {report.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(report.error, t('common.loadError'))}
        </Alert>
      )}
      {report.data && (
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz="lg" mb="xs">
            {t('translations.missingTitle')}
          </Title>
          <Group gap="xs" mb="sm">
            <Text size="sm">{t('translations.textCount', { count: report.data.textCount })}</Text>
            {targets.map((l) => (
              <Badge
                key={l}
                variant="outline"
                color={report.data.missingByLanguage[l] ? WARNING_BADGE_COLOR : 'teal.9'}
                tt="none"
              >
                {t('translations.missingIn', {
                  language: languageName(l),
                  count: report.data.missingByLanguage[l] ?? 0,
                })}
              </Badge>
            ))}
          </Group>
          {report.data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('translations.complete')}
            </Text>
          ) : (
            <Table verticalSpacing="xs" aria-label={t('translations.missingTitle')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('translations.section')}</Table.Th>
                  <Table.Th>{t('translations.text')}</Table.Th>
                  <Table.Th>{t('translations.missing')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.items.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{msg(m.titleKey)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{m.source}</Text>
                      <Text size="xs" c="dimmed">
                        {m.id}
                      </Text>
                    </Table.Td>
                    <Table.Td>{m.missing.map(languageName).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      )}
      {report.data && targets.length > 0 && (
        <Paper withBorder radius="md" p="md">
          <Title order={2} fz="lg" mb="xs">
            {t('translations.fileTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('translations.fileText', { source: languageName(report.data.sourceLanguage) })}
          </Text>
          <Stack gap="sm">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label={t('translations.target')}
                data={targets.map((l) => ({ value: l, label: languageName(l) }))}
                value={language}
                onChange={setTarget}
                w={200}
                allowDeselect={false}
              />
              <Button variant="default" onClick={download}>
                {t('translations.export')}
              </Button>
            </Group>
            {version?.status === 'DRAFT' ? (
              <Group align="flex-end" gap="sm" wrap="wrap">
                <FileInput
                  label={t('translations.importFile')}
                  accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml"
                  value={file}
                  onChange={setFile}
                  w={300}
                  clearable
                />
                <Button onClick={upload} loading={busy} disabled={!file}>
                  {t('translations.import')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('translations.onlyDraft')}
              </Text>
            )}
          </Stack>
        </Paper>
      )}
      {result && (
        <Alert color={result.ok ? 'teal' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'}>
          <Text size="sm">{result.text}</Text>
          {result.problems.length > 0 && (
            <List size="sm" mt="xs">
              {result.problems.map((p) => (
                <List.Item key={`${p.id}-${p.messageKey}-${JSON.stringify(p.params ?? {})}`}>
                  {p.id ? `${p.id}: ` : ''}
                  {p.messageKey === 'translations.sanitised'
                    ? t('translations.sanitised')
                    : msg(p.messageKey, p.params)}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
    </VersionsFrame>
  );
}
