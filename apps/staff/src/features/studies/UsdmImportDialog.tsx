/**
 * A new study from another system's digital protocol (CDISC USDM 4.0, decision 0044): the file is read in the
 * browser, the server maps what it can into a study in design and lists the rest, which is shown before the
 * person opens the new study.
 */
import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { importStudyUsdm, type ResponseOf } from '@trialpath/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, errorMessage } from '../../shared/api';

type Result = ResponseOf<typeof importStudyUsdm>;

export function UsdmImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('studies');
  const [file, setFile] = useState<File | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const submit = async () => {
    setError(null);
    if (!file) return setError(t('usdm.chooseFile'));
    let document: unknown;
    try {
      document = JSON.parse(await file.text());
    } catch {
      return setError(t('usdm.notJson'));
    }
    if (!document || typeof document !== 'object' || Array.isArray(document)) return setError(t('usdm.notJson'));
    setBusy(true);
    try {
      setResult(
        await api.call(importStudyUsdm, {
          body: {
            code: code.trim(),
            ...(name.trim() ? { name: name.trim() } : {}),
            document: document as Record<string, unknown>,
          },
        }),
      );
    } catch (e) {
      setError(errorMessage(e, t('usdm.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('usdm.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('usdm.close') }}
    >
      {result ? (
        <Stack>
          <Alert
            color="teal"
            variant="light"
            title={
              <Text c="dark.8" fw={600}>
                {t('usdm.done', { name: result.name, code: result.code })}
              </Text>
            }
          >
            {t('usdm.counts', { activities: result.activities, schedules: result.schedules })}
          </Alert>
          {result.unmapped.length > 0 && (
            <>
              <Text fw={600}>{t('usdm.unmapped', { count: result.unmapped.length })}</Text>
              <Table.ScrollContainer minWidth={500} mah={320}>
                <Table aria-label={t('usdm.unmappedTable')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('usdm.where')}</Table.Th>
                      <Table.Th>{t('usdm.why')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.unmapped.map((u) => (
                      <Table.Tr key={`${u.path} ${u.reason}`}>
                        <Table.Td ff="monospace" fz="xs">
                          {u.path}
                        </Table.Td>
                        <Table.Td fz="sm">{u.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
          <Group justify="flex-end">
            <Button component={Link} to={`/studies/${result.studyId}/study-details`}>
              {t('usdm.open')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">{t('usdm.intro')}</Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <FileInput
            label={t('usdm.file')}
            placeholder={t('usdm.choose')}
            accept="application/json,.json"
            value={file}
            onChange={setFile}
            required
          />
          <TextInput
            label={t('usdm.code')}
            description={t('usdm.codeHint')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            required
          />
          <TextInput
            label={t('usdm.name')}
            description={t('usdm.nameHint')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('usdm.cancel')}
            </Button>
            <Button onClick={submit} loading={busy} disabled={!code.trim()}>
              {t('usdm.import')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
