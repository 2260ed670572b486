/**
 * The query button next to one answer (decision E-queries): its badge tells whether a query on the answer is open,
 * responded or only closed ones exist; it opens a drawer with the answer's queries — the current one's thread, the
 * earlier ones — and, for who may raise one while none is active, a "new query" form. Every button of one form or
 * response reads the same call (the target's queries), so a page of answers asks the server once.
 */
import { Alert, Badge, Button, Divider, Drawer, NativeSelect, NavLink, Stack, Text, Textarea } from '@mantine/core';
import { type DataQuery, listTargetQueries, openDataQuery } from '@trialpath/contract';
import { QUERY_TEXT_MAX, type QueryTargetKind } from '@trialpath/domain';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { assignmentChoices } from './assignment';
import { api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';
import { QueryStatusBadge, QueryThreadView, STATUS_COLOR, useQueriesRefresh, useWhen } from './QueryThread';

export interface QueryButtonProps {
  studyId: string;
  participantId: string;
  targetKind: QueryTargetKind;
  targetId: string;
  /** The question identifier of the answer. */
  item: string;
  /** The question as the person reads it (names the drawer and the button); the identifier when absent. */
  itemLabel?: string;
}

function NewQueryForm(props: QueryButtonProps & { onRaised(id: string): void }) {
  const { t, i18n } = useTranslation('queries');
  const refresh = useQueriesRefresh();
  const [text, setText] = useState('');
  const [assignedRole, setAssignedRole] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setRefusal(null);
    setBusy(true);
    try {
      const made = await api.call(openDataQuery, {
        params: { studyId: props.studyId },
        body: {
          targetKind: props.targetKind,
          targetId: props.targetId,
          item: props.item,
          text,
          ...(assignedRole ? { assignedRole } : {}),
        },
      });
      notify(t('item.raised'), { kind: 'success' });
      await refresh();
      props.onRaised(made.id);
    } catch (err) {
      setError(fieldErrorsOf(err, i18n.language).text ?? null);
      setRefusal(refusalText(err, i18n.language, t('thread.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('item.newQuery')}>
      <Stack gap="xs">
        <Textarea
          label={t('item.newText')}
          value={text}
          maxLength={QUERY_TEXT_MAX}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          required
          rows={3}
          data-autofocus
        />
        <NativeSelect
          label={t('item.assignTo')}
          data={assignmentChoices(i18n.language, t('item.siteTeam'))}
          value={assignedRole}
          onChange={(e) => setAssignedRole(e.currentTarget.value)}
        />
        {refusal && !error && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-end' }}>
          {t('item.raise')}
        </Button>
      </Stack>
    </form>
  );
}

/** The answer's queries: the chosen one's thread (the active one first), the others to choose, a new one. */
function ItemQueries(props: QueryButtonProps & { queries: DataQuery[]; mayRaise: boolean }) {
  const { t } = useTranslation('queries');
  const when = useWhen();
  const active = props.queries.find((q) => q.status !== 'CLOSED');
  const [chosen, setChosen] = useState<string | null>(active?.id ?? props.queries[0]?.id ?? null);
  const others = props.queries.filter((q) => q.id !== chosen);
  return (
    <Stack gap="md">
      {chosen && <QueryThreadView studyId={props.studyId} queryId={chosen} />}
      {!chosen && !props.mayRaise && <Text size="sm">{t('item.none')}</Text>}
      {!active && props.mayRaise && (
        <>
          {chosen && <Divider label={t('item.newQuery')} />}
          <NewQueryForm {...props} onRaised={setChosen} />
        </>
      )}
      {others.length > 0 && (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {t('item.earlier')}
          </Text>
          {others.map((q) => (
            <NavLink
              key={q.id}
              label={q.lastMessage.text || t(`kind.${q.lastMessage.kind}`)}
              description={t('row.byOn', { name: q.openedBy, when: when(q.openedAt) })}
              rightSection={<QueryStatusBadge status={q.status} />}
              onClick={() => setChosen(q.id)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function QueryButton(props: QueryButtonProps) {
  const { t } = useTranslation('queries');
  const lang = useLanguage();
  const [opened, setOpened] = useState(false);
  const target = useEndpointQuery(listTargetQueries, {
    params: { studyId: props.studyId, targetKind: props.targetKind, targetId: props.targetId },
  });
  if (!target.data) return null;
  const queries = target.data.items.filter((q) => q.item === props.item);
  const mayRaise = target.data.mayRaise;
  if (queries.length === 0 && !mayRaise) return null;
  const label = props.itemLabel || props.item;
  const active = queries.find((q) => q.status !== 'CLOSED');
  const closed = queries.filter((q) => q.status === 'CLOSED').length;
  const badge = active ? t(`status.${active.status}`) : closed > 0 ? t('button.closedCount', { count: closed }) : null;
  return (
    <>
      <Button
        size="compact-xs"
        variant={active ? 'light' : 'subtle'}
        color={active ? STATUS_COLOR[active.status] : 'gray'}
        onClick={() => setOpened(true)}
        aria-label={badge ? t('button.show', { item: label, status: badge }) : t('button.raise', { item: label })}
        rightSection={
          badge ? (
            <Badge size="xs" variant="filled" color={active ? STATUS_COLOR[active.status] : 'gray'} tt="none">
              {badge}
            </Badge>
          ) : undefined
        }
      >
        {t('button.raiseShort')}
      </Button>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size="lg"
        title={t('item.title', { item: label })}
        closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
      >
        {opened && <ItemQueries {...props} queries={queries} mayRaise={mayRaise} />}
      </Drawer>
    </>
  );
}
