import { Alert, Badge, Paper, Select, Table, Text, Title } from '@mantine/core';
import { getVersionAssignments, setVersionAssignment } from '@trialpath/contract';
import { countryName } from '@trialpath/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { useReasonLabels } from './VersionsFrame';
import { useStudyPage, useVersions, VersionsFrame } from './VersionsFrame';

type Pending = {
  env: 'LIVE' | 'TEST';
  siteId: string | null;
  countryId: string | null;
  versionId: string | null;
  label: string;
};

/**
 * #/studies/:studyId/version-management/version-assignments (C-076, A-154): which version each country and
 * site runs in the live and the test data space; assigning one asks a reason.
 */
export function VersionAssignmentsPage() {
  const reasonLabels = useReasonLabels();
  const { t, i18n } = useTranslation('versions');
  const { studyId } = useStudyPage();
  const versions = useVersions(studyId);
  const assignments = useEndpointQuery(getVersionAssignments, { params: { studyId } });
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const choices = (env: 'LIVE' | 'TEST') => [
    { value: '', label: t('assignments.inherit') },
    ...(versions.data?.items ?? [])
      .filter((v) => v.status === 'PUBLISHED' || (env === 'TEST' && v.status === 'DRAFT'))
      .map((v) => ({ value: v.id, label: v.shortName })),
  ];
  return (
    <VersionsFrame title={t('assignments.title')} intro={t('assignments.intro')}>
      {assignments.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(assignments.error, t('common.loadError'))}
        </Alert>
      )}
      {(assignments.data?.spaces ?? []).map((space) => (
        <Paper key={space.environment} withBorder radius="md" p="md">
          <Title order={2} fz="lg" mb={4}>
            {t(`assignments.space_${space.environment}`)}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('assignments.runs', { name: space.studyVersion?.shortName ?? t('assignments.nothing') })}
          </Text>
          <Table verticalSpacing="xs" aria-label={t(`assignments.space_${space.environment}`)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('assignments.where')}</Table.Th>
                <Table.Th>{t('assignments.version')}</Table.Th>
                <Table.Th>{t('assignments.assign')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {space.countries.map((c) => {
                const label = countryName(c.countryId, i18n.language, c.name);
                return (
                  <Table.Tr key={`c-${c.countryId}`}>
                    <Table.Td>
                      {label}{' '}
                      <Badge variant="outline" color="gray" tt="none">
                        {t('assignments.country')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{c.assigned?.shortName ?? t('assignments.fromSpace')}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('assignments.assignTo', { where: label })}
                        data={choices(space.environment)}
                        value={c.assigned?.id ?? ''}
                        onChange={(v) =>
                          setPending({
                            env: space.environment,
                            siteId: null,
                            countryId: c.countryId,
                            versionId: v || null,
                            label,
                          })
                        }
                        size="xs"
                        w={200}
                        allowDeselect={false}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {space.sites.map((s) => (
                <Table.Tr key={`s-${s.siteId}`}>
                  <Table.Td>
                    {s.name}{' '}
                    <Text span size="xs" c="dimmed">
                      {s.siteCode}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {s.version?.shortName ?? t('assignments.nothing')}{' '}
                    <Text span size="xs" c="dimmed">
                      {t(`assignments.source_${s.source}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('assignments.assignTo', { where: s.name })}
                      data={choices(space.environment)}
                      value={s.source === 'site' ? (s.version?.id ?? '') : ''}
                      onChange={(v) =>
                        setPending({
                          env: space.environment,
                          siteId: s.siteId,
                          countryId: null,
                          versionId: v || null,
                          label: s.name,
                        })
                      }
                      size="xs"
                      w={200}
                      allowDeselect={false}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
      <ReasonDialog
        opened={pending !== null}
        title={t('assignments.confirmTitle', { where: pending?.label ?? '' })}
        labels={{ ...reasonLabels, confirm: t('assignments.assign') }}
        onClose={() => setPending(null)}
        onConfirm={async (reason) => {
          const p = pending!;
          await api.call(setVersionAssignment, {
            params: { studyId },
            body: { env: p.env, siteId: p.siteId, countryId: p.countryId, versionId: p.versionId, reason },
          });
          await invalidateEndpoints(queryClient, getVersionAssignments);
        }}
      >
        {t(`assignments.confirm_${pending?.env ?? 'TEST'}`)}
      </ReasonDialog>
    </VersionsFrame>
  );
}
