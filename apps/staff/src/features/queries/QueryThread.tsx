/**
 * One data query and its thread (E-144; decision E-queries), in a drawer: every message oldest first, then what the
 * person may do now as the server says (`may`): site staff respond, the monitor side closes or reopens, anyone taking
 * part adds a note. A status change carries the status the person saw, so a change made meanwhile is refused with
 * the server's words, and the thread is read again.
 */
import { Alert, Badge, Button, Drawer, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  addDataQueryMessage,
  type DataQueryDetail,
  getDataQuery,
  listParticipantQueries,
  listParticipantResponses,
  listStudyQueries,
  listTargetQueries,
  getParticipantResponse,
  updateDataQueryStatus,
} from '@trialpath/contract';
import { localize, QUERY_TEXT_MAX, type QueryStatus } from '@trialpath/domain';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName } from './assignment';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';

export const STATUS_COLOR: Record<QueryStatus, string> = { OPEN: 'red', RESPONDED: 'yellow', CLOSED: 'gray' };

export function QueryStatusBadge(props: { status: QueryStatus }) {
  const { t } = useTranslation('queries');
  return (
    <Badge color={STATUS_COLOR[props.status]} variant="light" radius="sm" tt="none" c="dark.7">
      {t(`status.${props.status}`)}
    </Badge>
  );
}

/** After a change to a query: every read that shows queries is fetched again. */
export function useQueriesRefresh() {
  const queryClient = useQueryClient();
  return () =>
    invalidateEndpoints(
      queryClient,
      getDataQuery,
      listStudyQueries,
      listTargetQueries,
      listParticipantQueries,
      listParticipantResponses,
      getParticipantResponse,
    );
}

export function useWhen() {
  const { i18n } = useTranslation('queries');
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

type Move = QueryStatus | 'comment';
const ORDER: Move[] = ['RESPONDED', 'CLOSED', 'OPEN', 'comment'];
const LABEL: Record<Move, string> = { RESPONDED: 'respond', CLOSED: 'close', OPEN: 'reopen', comment: 'comment' };

/** What the person may do with the query now, with one message box for all of it. */
function QueryActions(props: { studyId: string; query: DataQueryDetail }) {
  const { t, i18n } = useTranslation('queries');
  const refresh = useQueriesRefresh();
  const { query } = props;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<Move | null>(null);
  const moves = ORDER.filter((m) => (m === 'comment' ? query.may.comment : query.may.statuses.includes(m)));
  if (moves.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {query.status === 'CLOSED' ? t('thread.closedHint') : t('thread.readOnlyHint')}
      </Text>
    );
  const act = async (move: Move) => {
    setError(null);
    setRefusal(null);
    setBusy(move);
    try {
      const params = { studyId: props.studyId, queryId: query.id };
      if (move === 'comment') await api.call(addDataQueryMessage, { params, body: { text } });
      else
        await api.call(updateDataQueryStatus, { params, body: { status: move, expectedStatus: query.status, text } });
      notify(t(`thread.done.${move}`), { kind: 'success' });
      setText('');
    } catch (err) {
      setError(fieldErrorsOf(err, i18n.language).text ?? null);
      setRefusal(refusalText(err, i18n.language, t('thread.generic')));
    } finally {
      setBusy(null);
      // a refusal may mean someone changed it meanwhile: show the thread as it is now
      await refresh();
    }
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={t('thread.text')}
        description={t('thread.textHint')}
        value={text}
        maxLength={QUERY_TEXT_MAX}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        rows={3}
      />
      {refusal && !error && (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        {moves.map((m) => (
          <Button
            key={m}
            variant={m === 'comment' ? 'default' : 'filled'}
            color={m === 'CLOSED' ? 'gray' : undefined}
            loading={busy === m}
            disabled={busy !== null && busy !== m}
            onClick={() => void act(m)}
          >
            {t(`thread.${LABEL[m]}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** The query's facts, its thread and its actions (the drawer's body; also shown inside the answer's drawer). */
export function QueryThreadView(props: { studyId: string; queryId: string }) {
  const { t, i18n } = useTranslation('queries');
  const when = useWhen();
  const query = useEndpointQuery(getDataQuery, { params: { studyId: props.studyId, queryId: props.queryId } });
  if (query.isPending) return <Loader size="sm" aria-label={t('thread.messages')} />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('thread.loadFailed')}
      </Alert>
    );
  const q = query.data;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <QueryStatusBadge status={q.status} />
        <Text size="sm" c="dimmed">
          {t('thread.about', {
            activity: localize(q.activity.title, i18n.language),
            participant: q.participant.participantId,
            site: q.site.name,
          })}
        </Text>
        <Text size="sm">
          {q.assignedRole
            ? t('thread.assignedTo', { role: roleName(q.assignedRole, i18n.language) })
            : t('thread.siteTeam')}
        </Text>
      </Group>
      <Stack gap="xs" component="ol" aria-label={t('thread.messages')} style={{ listStyle: 'none', padding: 0 }}>
        {q.messages.map((m) => (
          <Paper key={m.id} component="li" withBorder p="xs" radius="sm">
            <Group justify="space-between" gap="xs">
              <Text size="xs" fw={600}>
                {t(`kind.${m.kind}`)} — {t('row.byOn', { name: m.author, when: when(m.at) })}
              </Text>
            </Group>
            {m.text && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {m.text}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
      <QueryActions key={`${q.id}:${q.status}`} studyId={props.studyId} query={q} />
    </Stack>
  );
}

/** A drawer with one query's thread; `title` names the answer (its question text). */
export function QueryThread(props: {
  studyId: string;
  queryId: string | null;
  title: string;
  opened: boolean;
  onClose(): void;
}) {
  const lang = useLanguage();
  return (
    <Drawer
      opened={props.opened && props.queryId !== null}
      onClose={props.onClose}
      position="right"
      size="lg"
      title={props.title}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      {props.queryId && <QueryThreadView studyId={props.studyId} queryId={props.queryId} />}
    </Drawer>
  );
}
