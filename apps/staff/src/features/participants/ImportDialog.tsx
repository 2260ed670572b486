/**
 * Participants imported from a CSV or XLSX file (E-076, E-078): the templates to download, the file checked first
 * (nothing saved) and then imported, all rows or none. A refused file's report lists each bad cell by row and
 * column, in the interface language; nothing is saved until every row is right.
 */
import { Alert, Button, Checkbox, FileInput, Group, List, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import {
  checkParticipantImport,
  checkUploadFile,
  getParticipantImportTemplate,
  importParticipants,
  PARTICIPANT_IMPORT_CSV,
  PARTICIPANT_IMPORT_XLSX,
  type ParticipantImportProblem,
  ParticipantImportReportSchema,
  type ResponseOf,
} from '@trialpath/contract';
import { isMessageKey, translate } from '@trialpath/domain';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, downloadEndpointFile, errorMessage, upload } from '../../shared/api';

type Checked = ResponseOf<typeof checkParticipantImport>;
interface Report {
  message: string;
  rows: ParticipantImportProblem[];
  problemCount: number;
}

/** The upload's content type, by the file's extension (browsers name a CSV's type differently, or not at all). */
function contentTypeOf(name: string): string | null {
  if (/\.csv$/i.test(name)) return PARTICIPANT_IMPORT_CSV;
  if (/\.xlsx$/i.test(name)) return PARTICIPANT_IMPORT_XLSX;
  return null;
}

/** A problem in the interface language (its catalogue key), else as the server wrote it. */
const problemText = (p: ParticipantImportProblem, lang: string) =>
  isMessageKey(p.messageKey) ? translate(p.messageKey, p.params, lang) : p.message;

function ReportTable({ report }: { report: Report }) {
  const { t, i18n } = useTranslation('participants');
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" role="alert">
        {report.message}
      </Alert>
      <ScrollArea.Autosize mah={320}>
        <Table striped aria-label={t('import.report')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('import.row')}</Table.Th>
              <Table.Th>{t('import.column')}</Table.Th>
              <Table.Th>{t('import.problem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rows.map((p) => (
              <Table.Tr key={`${p.row}:${p.column}:${p.messageKey}`}>
                <Table.Td>{p.row}</Table.Td>
                <Table.Td>{p.column ?? t('import.noColumn')}</Table.Td>
                <Table.Td>{problemText(p, i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {report.problemCount > report.rows.length && (
        <Text size="sm" c="dimmed">
          {t('import.more', { shown: report.rows.length, count: report.problemCount })}
        </Text>
      )}
    </Stack>
  );
}

export function ImportDialog(props: { studyId: string; opened: boolean; onClose(): void; onImported(): void }) {
  const { t } = useTranslation('participants');
  const lang = useLanguage();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [allowSharedPhone, setAllowSharedPhone] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);

  // a new file or option needs a new check
  const forgetCheck = () => {
    setChecked(null);
    setReport(null);
    setRefusal(null);
  };
  const close = () => {
    setFile(null);
    setFileError(null);
    setAllowSharedPhone(false);
    forgetCheck();
    props.onClose();
  };

  /** The file with the content type the endpoint takes; null (and the reason shown) when it cannot go. */
  const body = (): Blob | null => {
    const type = file && contentTypeOf(file.name);
    const blob = file && type ? new Blob([file], { type }) : null;
    const fit = blob && checkUploadFile(importParticipants, blob);
    const problem = !file
      ? t('import.chooseFile')
      : !blob
        ? t('import.wrongType')
        : fit === 'size'
          ? t('import.tooLarge')
          : fit === 'type'
            ? t('import.wrongType')
            : null;
    setFileError(problem);
    return problem ? null : blob;
  };

  /** A refusal: the report of a file with problems, else the server's words. */
  const refused = (e: unknown) => {
    const message = errorMessage(e, t('error.generic'));
    const details = e instanceof ApiRequestError ? ParticipantImportReportSchema.safeParse(e.body?.details) : null;
    if (details?.success) setReport({ message, rows: details.data.rows, problemCount: details.data.problemCount });
    else setRefusal(message);
  };

  const input = (file: Blob) => ({
    params: { studyId: props.studyId },
    query: { allowSharedPhone: String(allowSharedPhone) },
    file,
  });

  const check = async () => {
    const blob = body();
    if (!blob) return;
    forgetCheck();
    setBusy('check');
    try {
      setChecked(await upload(checkParticipantImport, input(blob)));
    } catch (e) {
      refused(e);
    } finally {
      setBusy(null);
    }
  };

  const runImport = async () => {
    const blob = body();
    if (!blob || !checked) return;
    setBusy('import');
    try {
      const done = await upload(importParticipants, input(blob));
      notify(t('import.done', { count: done.imported }), { kind: 'success' });
      props.onImported();
      close();
    } catch (e) {
      // someone changed the study's participants since the check: its report replaces the check's answer
      forgetCheck();
      refused(e);
    } finally {
      setBusy(null);
    }
  };

  const template = async (type: 'csv' | 'xlsx') => {
    try {
      await downloadEndpointFile(
        getParticipantImportTemplate,
        { params: { studyId: props.studyId, type } },
        `participant-import.${type}`,
      );
    } catch (e) {
      notify(errorMessage(e, t('import.templateFailed')), { kind: 'error' });
    }
  };

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('import.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack>
        <Text size="sm">{t('import.intro')}</Text>
        <Group gap="xs" aria-label={t('import.templates')} role="group">
          <Button variant="light" size="xs" onClick={() => void template('csv')}>
            {t('import.csvTemplate')}
          </Button>
          <Button variant="light" size="xs" onClick={() => void template('xlsx')}>
            {t('import.xlsxTemplate')}
          </Button>
        </Group>
        <FileInput
          label={t('import.file')}
          placeholder={t('import.filePlaceholder')}
          accept={`.csv,.xlsx,${PARTICIPANT_IMPORT_CSV},${PARTICIPANT_IMPORT_XLSX}`}
          value={file}
          onChange={(f) => {
            setFile(f);
            setFileError(null);
            forgetCheck();
          }}
          error={fileError}
          clearable
          clearButtonProps={{ 'aria-label': t('import.clearFile') }}
        />
        <Checkbox
          label={t('import.allowSharedPhone')}
          checked={allowSharedPhone}
          onChange={(e) => {
            setAllowSharedPhone(e.currentTarget.checked);
            forgetCheck();
          }}
        />
        {checked && (
          <Alert color="teal" variant="light">
            <Text size="sm">{t('import.ready', { count: checked.rows })}</Text>
            <List size="sm">
              {checked.sites.map((s) => (
                <List.Item key={s.siteId}>
                  {t('import.site', { name: s.siteName, code: s.siteCode, count: s.rows })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {report && <ReportTable report={report} />}
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('import.cancel')}
          </Button>
          {checked ? (
            <Button onClick={() => void runImport()} loading={busy === 'import'}>
              {t('import.confirm', { count: checked.rows })}
            </Button>
          ) : (
            <Button onClick={() => void check()} loading={busy === 'check'}>
              {t('import.check')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
