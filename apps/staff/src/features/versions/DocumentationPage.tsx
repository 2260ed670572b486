import { Alert, Button, Group, Paper, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { downloadIrbDocument, emailIrbDocument, generateIrbDocument, listIrbDocuments } from '@trialpath/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api';
import { saveBase64File } from '../../shared/download';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { useStudyPage, useVersions, VersionsFrame } from './VersionsFrame';

/**
 * #/studies/:studyId/review/documentation (C-066, C-100–C-102): generate the IRB/EC documentation PDF of a
 * published version, download it, e-mail it.
 */
export function DocumentationPage() {
  const { t, i18n } = useTranslation('versions');
  const { studyId } = useStudyPage();
  const versions = useVersions(studyId);
  const docs = useEndpointQuery(listIrbDocuments, { params: { studyId } });
  const queryClient = useQueryClient();
  const published = (versions.data?.items ?? []).filter((v) => v.status !== 'DRAFT');
  const [versionId, setVersionId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const [mailTo, setMailTo] = useState<Record<string, string>>({});
  const run = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setState(null);
    try {
      const text = await work();
      if (text) setState({ ok: true, text });
    } catch (e) {
      setState({ ok: false, text: errorMessage(e, t('common.failed')) });
    } finally {
      setBusy(false);
    }
  };
  const chosen = versionId ?? published[0]?.id ?? null;
  return (
    <VersionsFrame title={t('documentation.title')} intro={t('documentation.intro')}>
      <Paper withBorder radius="md" p="md">
        {published.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('documentation.noPublished')}
          </Text>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('documentation.version')}
              data={published.map((v) => ({ value: v.id, label: v.name }))}
              value={chosen}
              onChange={setVersionId}
              w={220}
              allowDeselect={false}
            />
            <Button
              loading={busy}
              onClick={() =>
                run(async () => {
                  const d = await api.call(generateIrbDocument, {
                    params: { studyId },
                    body: { versionId: chosen ?? undefined, language: i18n.language === 'es' ? 'es' : 'en' },
                  });
                  await invalidateEndpoints(queryClient, listIrbDocuments);
                  return t('documentation.generated', { name: d.fileName });
                })
              }
            >
              {t('documentation.generate')}
            </Button>
          </Group>
        )}
      </Paper>
      {state && (
        <Alert color={state.ok ? 'teal' : 'red'} variant="light" role={state.ok ? 'status' : 'alert'}>
          {state.text}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="lg" mb="xs">
          {t('documentation.listTitle')}
        </Title>
        {(docs.data?.items ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('documentation.none')}
          </Text>
        ) : (
          <Table verticalSpacing="sm" aria-label={t('documentation.listTitle')}>
            <Table.Tbody>
              {(docs.data?.items ?? []).map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {d.fileName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('documentation.made', {
                        when: new Date(d.createdAt).toLocaleString(i18n.language),
                        who: d.createdBy?.name ?? '—',
                      })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        run(async () => {
                          const f = await api.call(downloadIrbDocument, { params: { studyId, documentId: d.id } });
                          saveBase64File(f.fileName, f.base64);
                          return null;
                        })
                      }
                    >
                      {t('documentation.download')}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <TextInput
                        size="xs"
                        type="email"
                        aria-label={t('documentation.emailTo', { name: d.fileName })}
                        placeholder={t('documentation.emailPlaceholder')}
                        value={mailTo[d.id] ?? ''}
                        onChange={(e) => setMailTo({ ...mailTo, [d.id]: e.currentTarget.value })}
                      />
                      <Button
                        size="xs"
                        variant="light"
                        disabled={!mailTo[d.id]}
                        onClick={() =>
                          run(async () => {
                            const r = await api.call(emailIrbDocument, {
                              params: { studyId, documentId: d.id },
                              body: { to: mailTo[d.id]!.trim(), message: '' },
                            });
                            return t('documentation.sent', { to: r.to });
                          })
                        }
                      >
                        {t('documentation.email')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </VersionsFrame>
  );
}
