/**
 * Export (C-031): a revision as our JSON (every language) or as a FHIR R4 Questionnaire in one language,
 * downloaded under the server's file name; the file can be looked at before it is saved.
 */
import { Alert, Button, Code, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { type ActivityDetail, exportActivityRevision } from '@trialpath/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api';
import { saveFile } from '../../shared/download';
import { languagesOf } from './builder/BuilderForm';
import { useRevisionChoice } from './ReviewTab';
import { useLanguageName } from './ui';

type Format = 'json' | 'fhir';

export function ExportTab({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation('activities');
  const languageName = useLanguageName();
  const { picker, revision } = useRevisionChoice(activity);
  const [format, setFormat] = useState<Format>('json');
  const [language, setLanguage] = useState('en');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<{ fileName: string; text: string } | null>(null);
  const languages = languagesOf(revision.data?.definition.title);
  const fetchFile = async () => {
    if (!revision.data) return null;
    setBusy(true);
    setError(null);
    try {
      const file = await api.call(exportActivityRevision, {
        params: { activityId: activity.id, revisionId: revision.data.id },
        query: format === 'fhir' ? { format, language } : { format },
      });
      return { fileName: file.fileName, text: JSON.stringify(file.document, null, 2) };
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
      return null;
    } finally {
      setBusy(false);
    }
  };
  const download = async () => {
    const file = await fetchFile();
    if (file) saveFile(file.fileName, 'application/json', file.text);
  };
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text size="sm">{t('export.intro')}</Text>
          <Group align="flex-end" gap="md" wrap="wrap">
            {picker}
            <Stack gap={4}>
              <Text size="sm" fw={500} id="export-format">
                {t('export.format')}
              </Text>
              <SegmentedControl
                aria-labelledby="export-format"
                value={format}
                onChange={(v) => {
                  setFormat(v as Format);
                  setShown(null);
                }}
                data={[
                  { value: 'json', label: t('export.json') },
                  { value: 'fhir', label: t('export.fhir') },
                ]}
              />
            </Stack>
            {format === 'fhir' && (
              <Select
                label={t('export.language')}
                data={languages.map((l) => ({ value: l, label: languageName(l) }))}
                value={language}
                onChange={(v) => {
                  if (v) setLanguage(v);
                  setShown(null);
                }}
                allowDeselect={false}
                w={200}
              />
            )}
          </Group>
          <Group gap="sm">
            <Button onClick={() => void download()} loading={busy} disabled={!revision.data}>
              {t('export.download')}
            </Button>
            <Button
              variant="default"
              disabled={!revision.data}
              onClick={() => void fetchFile().then((f) => setShown(f))}
            >
              {t('export.show')}
            </Button>
          </Group>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </Paper>
      {shown && (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" fw={600} mb="xs">
            {shown.fileName}
          </Text>
          <Code block style={{ maxHeight: 480, overflow: 'auto' }} tabIndex={0} aria-label={shown.fileName}>
            {shown.text}
          </Code>
        </Paper>
      )}
    </Stack>
  );
}
