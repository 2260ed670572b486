/**
 * #/studies/:studyId/participants/:participantId/responses/:responseId (E-019; decision E-queries): one submitted
 * response, read-only — each question of the activity as the reader may see it (a blinded reader gets no unblinded
 * question from the server), its answer as the participant saw it (option texts, display formats), or that it was
 * skipped — with the query button next to each answer; the answers as corrected by site staff (marked), a Correct
 * action for who enters data, and the corrections with the values they replaced (decision E-response-corrections).
 */
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { getParticipantResponse, listResponseCorrections, listTargetQueries } from '@trialpath/contract';
import { displayAnswerText, localize, type Question, questionDisplayText } from '@trialpath/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { useStudyPath } from '../schedules/data';
import { CorrectionDialog } from './CorrectionDialog';
import { QueryButton } from './QueryButton';
import { useWhen } from './QueryThread';

export function ResponsePage() {
  const { t, i18n } = useTranslation('queries');
  const { studyId = '', participantId = '', responseId = '' } = useParams();
  const path = useStudyPath(studyId);
  const when = useWhen();
  const params = { studyId, participantId, responseId };
  const response = useEndpointQuery(getParticipantResponse, { params });
  const corrections = useEndpointQuery(listResponseCorrections, { params });
  const queryClient = useQueryClient();
  const [correcting, setCorrecting] = useState<Question | null>(null);
  const back = (
    <Anchor component={Link} to={path(`participants/${participantId}`)} size="sm">
      {t('response.back')}
    </Anchor>
  );
  if (response.isPending) return <Loader aria-label={t('response.answers')} />;
  if (response.isError)
    return (
      <Stack>
        {back}
        <Alert color="red" variant="light" role="alert">
          {t('response.loadFailed')}
        </Alert>
      </Stack>
    );
  const r = response.data;
  const lang = i18n.language;
  return (
    <Stack gap="md">
      {back}
      <div>
        <Title order={1} fz={28}>
          {localize(r.activity.title, lang)} · {r.participant.participantId}
        </Title>
        <Text c="dimmed" size="sm">
          {t('response.completedAt', { when: when(r.completedAt), local: r.completedLocal, offset: r.completedOffset })}
        </Text>
      </div>
      <Paper withBorder radius="md">
        <Table aria-label={t('response.answers')} verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('response.question')}</Table.Th>
              <Table.Th>{t('response.answer')}</Table.Th>
              <Table.Th aria-hidden />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.activityDefinition.questions.map((q) => {
              const text = questionDisplayText(q, lang);
              const answer = r.answers[q.identifier];
              const shown = answer ? displayAnswerText(q, answer, lang) : '';
              const skipped = r.skipped.includes(q.identifier);
              const corrected = r.corrected.includes(q.identifier);
              return (
                <Table.Tr key={q.identifier}>
                  <Table.Td>{text}</Table.Td>
                  <Table.Td>
                    {corrected && (
                      <Badge color="dark" variant="outline" mr="xs">
                        {t('response.corrected')}
                      </Badge>
                    )}
                    {shown ? (
                      shown
                    ) : (
                      <Text size="sm" c="dimmed" fs="italic">
                        {skipped ? t('response.skipped') : t('response.noAnswer')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      {r.mayCorrect && (
                        <Button
                          size="xs"
                          variant="default"
                          aria-label={t('response.correctLabel', { question: text })}
                          onClick={() => setCorrecting(q)}
                        >
                          {t('response.correct')}
                        </Button>
                      )}
                      <QueryButton
                        studyId={studyId}
                        participantId={participantId}
                        targetKind="response"
                        targetId={r.id}
                        item={q.identifier}
                        itemLabel={text}
                      />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      {(corrections.data?.items.length ?? 0) > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('response.corrections')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('response.correctionsHint')}
          </Text>
          <Paper withBorder radius="md">
            <Table aria-label={t('response.correctionsLabel')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('response.question')}</Table.Th>
                  <Table.Th>{t('response.was')}</Table.Th>
                  <Table.Th>{t('response.now')}</Table.Th>
                  <Table.Th>{t('response.why')}</Table.Th>
                  <Table.Th>{t('response.by')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {corrections.data!.items.map((c) => {
                  const q = r.activityDefinition.questions.find((x) => x.identifier === c.item);
                  return (
                    <Table.Tr key={c.id}>
                      <Table.Td>{q ? questionDisplayText(q, lang) : c.item}</Table.Td>
                      <Table.Td>{c.oldValue.displayAnswerText || '—'}</Table.Td>
                      <Table.Td>{c.newValue.displayAnswerText || '—'}</Table.Td>
                      <Table.Td>{c.reason}</Table.Td>
                      <Table.Td>
                        {c.correctedBy} · {when(c.correctedAt)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
        </Stack>
      )}
      {correcting && (
        <CorrectionDialog
          studyId={studyId}
          participantId={participantId}
          responseId={responseId}
          question={correcting}
          current={r.answers[correcting.identifier]}
          queryId={r.queries.find((x) => x.item === correcting.identifier && x.status !== 'CLOSED')?.id}
          onClose={() => setCorrecting(null)}
          onCorrected={() => {
            setCorrecting(null);
            void invalidateEndpoints(queryClient, getParticipantResponse, listResponseCorrections, listTargetQueries);
          }}
        />
      )}
    </Stack>
  );
}
