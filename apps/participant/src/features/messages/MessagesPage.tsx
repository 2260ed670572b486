/**
 * #/participants/web/{studyCode}/messages (decision E-messages): the messages the study team sent the participant —
 * new (unread) ones first, marked, then the newest — each opened in place; opening an unread one marks it read on the
 * server. Plain text, shown as text (never as markup).
 */
import { Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { ApiRequestError, listMyMessages, markMyMessageRead, type MyMessage } from '@trialpath/contract';
import { serverMessageText } from '@trialpath/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { i18next } from '../../i18n';
import { queries } from '../../shared/data';
import { networkText } from '../../shared/errors';
import { useDocumentTitle, useLang } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { ErrorAlert, PageTitle, TouchLink } from '../layout/parts';
import { PageLoader } from '../layout/StudyLayout';
import { useStudy } from '../layout/study-context';
import { MESSAGES_NS } from './texts';

/** Why the messages could not be read: offline, the server's own message in the participant's language, or ours. */
function failureText(error: unknown, lang: string, fallback: string): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  if (error.status <= 0) return networkText(navigator.onLine, lang);
  return serverMessageText(error.body, lang) ?? fallback;
}

function MessageCard(props: { message: MyMessage; unread: boolean; open: boolean; onToggle(): void }) {
  const { t } = useTranslation(MESSAGES_NS);
  const lang = useLang();
  const m = props.message;
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(m.sentAt));
  const bodyId = `message-${m.id}`;
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {props.unread && (
            <Badge mr="xs" variant="filled" radius="sm">
              {t('unread')}
            </Badge>
          )}
          {m.subject}
        </Title>
        <Text size="sm" c="dimmed">
          {t('from', { site: m.siteName, when })}
        </Text>
        {props.open && (
          <Text id={bodyId} style={{ whiteSpace: 'pre-wrap' }}>
            {m.body}
          </Text>
        )}
        <Button
          variant="light"
          onClick={props.onToggle}
          aria-expanded={props.open}
          aria-controls={props.open ? bodyId : undefined}
          style={{ alignSelf: 'flex-start' }}
        >
          {props.open ? t('close') : t('open')}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function MessagesPage() {
  const { t } = useTranslation(MESSAGES_NS);
  const lang = useLang();
  const { study } = useStudy();
  const list = useEndpointQuery(queries, listMyMessages, {});
  const [open, setOpen] = useState<string | null>(null);
  // read here since the list was loaded: no longer marked new, though the list keeps its order while it is shown
  const [readNow, setReadNow] = useState<ReadonlySet<string>>(new Set());
  useDocumentTitle(t('title'), study.name);
  // read afresh on arrival: a message may have come since
  useEffect(() => {
    void queries.invalidate(listMyMessages);
  }, []);

  const toggle = (m: MyMessage) => {
    if (open === m.id) return setOpen(null);
    setOpen(m.id);
    if (m.readAt !== null || readNow.has(m.id)) return;
    void queries.mutate(markMyMessageRead, { params: { messageId: m.id }, body: {} }).then(
      () => setReadNow((ids) => new Set(ids).add(m.id)),
      () => {
        // not marked this time (offline): it is marked when opened again
      },
    );
  };
  const backHome = <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{i18next.t('nav.backToHome')}</TouchLink>;
  return (
    <Stack gap="md">
      <PageTitle>{t('title')}</PageTitle>
      <Text c="dimmed">{t('intro')}</Text>
      {list.status === 'loading' && <PageLoader />}
      {list.status === 'error' && <ErrorAlert>{failureText(list.error, lang, t('loadFailed'))}</ErrorAlert>}
      {list.status === 'success' && list.data.items.length === 0 && <Text>{t('empty')}</Text>}
      {list.status === 'success' && list.data.items.length > 0 && (
        <Stack component="ul" gap="sm" aria-label={t('listLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.items.map((m) => (
            <MessageCard
              key={m.id}
              message={m}
              unread={m.readAt === null && !readNow.has(m.id)}
              open={open === m.id}
              onToggle={() => toggle(m)}
            />
          ))}
        </Stack>
      )}
      {backHome}
    </Stack>
  );
}
