/**
 * "Import" (C-027): a JSON file of ours or a FHIR R4 Questionnaire, read in the browser and sent as a
 * document; what could not be mapped is shown as a report before the new activity is opened.
 */
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { type ActivityDetail, importActivity, listActivities, listActivityTags } from '@trialpath/contract';
import type { ActivityType } from '@trialpath/domain';
import { uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { fieldErrorsOf } from '../../shared/refusal';
import { activityBase, kindsOf, type ListScope, scopeOf } from './paths';

type Format = 'json' | 'fhir';
interface Report {
  activity: ActivityDetail;
  unmapped: { path: string; reason: string }[];
}

/** The file's JSON object, or null when it is not one. */
async function readJson(file: File): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = JSON.parse(await file.text());
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function ImportReport({ report, onOpen }: { report: Report; onOpen: () => void }) {
  const { t } = useTranslation('activities');
  return (
    <Stack gap="sm" data-testid="import-report">
      <Alert color={report.unmapped.length ? 'yellow' : 'teal'} variant="light" role="status">
        <Text size="sm" c="dark.8">
          {t('import.done', { identifier: report.activity.identifier, count: report.activity.latest.questionCount })}{' '}
          {report.unmapped.length ? t('import.unmapped', { count: report.unmapped.length }) : t('import.allMapped')}
        </Text>
      </Alert>
      {report.unmapped.length > 0 && (
        <Table withTableBorder verticalSpacing="xs" aria-label={t('import.reportLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('import.where')}</Table.Th>
              <Table.Th>{t('import.why')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.unmapped.map((u) => (
              <Table.Tr key={`${u.path}-${u.reason}`}>
                <Table.Td ff="monospace" fz="sm">
                  {u.path}
                </Table.Td>
                <Table.Td fz="sm">{u.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end">
        <Button onClick={onOpen}>{t('import.open')}</Button>
      </Group>
    </Stack>
  );
}

export function ImportDialog(props: { scope: ListScope; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('activities');
  const lang = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [doc, setDoc] = useState<Record<string, unknown> | null>(null);
  const [format, setFormat] = useState<Format>('json');
  const [identifier, setIdentifier] = useState('');
  const [kind, setKind] = useState<string | null>(props.scope.kind === 'forms' ? 'dataCaptureForm' : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const close = () => {
    setFile(null);
    setDoc(null);
    setIdentifier('');
    setErrors({});
    setReport(null);
    props.onClose();
  };
  const choose = async (f: File | null) => {
    setFile(f);
    setErrors({});
    setDoc(null);
    if (!f) return;
    const read = await readJson(f);
    if (!read) return setErrors({ document: t('import.notJson') });
    setDoc(read);
    setFormat(read.resourceType === 'Questionnaire' ? 'fhir' : 'json');
  };
  const send = async () => {
    if (!doc) return setErrors({ document: t('import.chooseFile') });
    setBusy(true);
    setErrors({});
    try {
      const body = {
        ...(props.scope.kind === 'library' ? {} : { studyId: props.scope.studyId }),
        format,
        document: doc,
        ...(identifier.trim() ? { identifier: identifier.trim() } : {}),
        ...(kind ? { kind: kind as ActivityType } : {}),
      };
      setReport(await api.call(importActivity, { body }));
      await invalidateEndpoints(queryClient, listActivities, listActivityTags);
    } catch (e) {
      const fields = fieldErrorsOf(e, lang);
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(e, t('common.failed')) });
    } finally {
      setBusy(false);
    }
  };
  const open = () => {
    if (!report) return;
    const a = report.activity;
    close();
    navigate(`${activityBase(scopeOf(a), a.id)}/questions`);
  };
  const other = Object.entries(errors).filter(([k]) => !['document', 'identifier', 'kind'].includes(k));
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('import.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      {report ? (
        <ImportReport report={report} onOpen={open} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('import.intro')}</Text>
          <FileInput
            label={t('import.file')}
            placeholder={t('import.filePlaceholder')}
            accept="application/json,.json,application/fhir+json"
            value={file}
            onChange={(f) => void choose(f)}
            error={errors.document}
            clearable
          />
          {doc && (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="import-format">
                {t('import.format')}
              </Text>
              <SegmentedControl
                aria-labelledby="import-format"
                value={format}
                onChange={(v) => setFormat(v as Format)}
                data={[
                  { value: 'json', label: t('import.json') },
                  { value: 'fhir', label: t('import.fhir') },
                ]}
              />
            </Stack>
          )}
          <TextInput
            label={t('import.identifier')}
            description={t('import.identifierHint')}
            value={identifier}
            onChange={(e) => setIdentifier(e.currentTarget.value)}
            error={errors.identifier}
          />
          <Select
            label={t('import.kind')}
            placeholder={t('import.kindFromFile')}
            data={kindsOf(props.scope).map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            value={kind}
            onChange={setKind}
            clearable={props.scope.kind !== 'forms'}
            error={errors.kind}
          />
          {other.map(([k, message]) => (
            <Alert key={k} color="red" variant="light" role="alert">
              {message}
            </Alert>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => void send()} loading={busy} disabled={!doc}>
              {t('import.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
