/**
 * The study dashboard's activities (C-133, decision 0046): per activity or packet, how many participants have
 * it and their tasks upcoming, open, completed and missed now, with the completion rate — counted by the
 * server over the participants the user may see, in the page's environment.
 */
import { Paper, Table, Text, Title } from '@mantine/core';
import { getDashboardActivities } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';

export function DashboardActivities({ studyId }: { studyId: string }) {
  const { t, i18n } = useTranslation('studies');
  const activities = useEndpointQuery(getDashboardActivities, { params: { studyId } });
  const items = activities.data?.items ?? [];
  const number = (n: number) => n.toLocaleString(i18n.language);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="sm">
        {t('study.activities')}
      </Title>
      {activities.isError ? (
        <Text c="red" size="sm">
          {t('study.activitiesError')}
        </Text>
      ) : activities.isPending ? null : items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('study.noActivities')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label={t('study.activities')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('study.activity')}</Table.Th>
                <Table.Th ta="right">{t('study.activityParticipants')}</Table.Th>
                <Table.Th ta="right">{t('study.activityUpcoming')}</Table.Th>
                <Table.Th ta="right">{t('study.activityOpen')}</Table.Th>
                <Table.Th ta="right">{t('study.activityCompleted')}</Table.Th>
                <Table.Th ta="right">{t('study.activityMissed')}</Table.Th>
                <Table.Th ta="right">{t('study.activityCompletion')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={`${a.type}:${a.targetId}`}>
                  <Table.Td fw={600}>
                    {a.name ?? a.targetId}
                    {a.type === 'packet' && (
                      <Text span size="xs" c="dimmed" ml={6}>
                        {t('study.packet')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{number(a.participants)}</Table.Td>
                  <Table.Td ta="right">{number(a.upcoming)}</Table.Td>
                  <Table.Td ta="right">{number(a.open)}</Table.Td>
                  <Table.Td ta="right">{number(a.completed)}</Table.Td>
                  <Table.Td ta="right">{number(a.missed)}</Table.Td>
                  <Table.Td ta="right">
                    {a.completion === null ? '—' : `${a.completion.toLocaleString(i18n.language)} %`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
