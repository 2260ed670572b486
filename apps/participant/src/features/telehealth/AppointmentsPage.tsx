import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { listMyAppointments, type MyAppointment } from '@trialpath/contract';
import { isIncomingCall, isMissedCall, TELEHEALTH_STATUS } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { i18next } from '../../i18n';
import { queries } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { ErrorAlert, PageTitle, SuccessAlert, TouchLink } from '../layout/parts';
import { PageLoader } from '../layout/StudyLayout';
import { useStudy } from '../layout/study-context';
import { IncomingCall } from './IncomingCall';
import { TELEHEALTH_NS } from './texts';

const ALL = {};

/** A visit's start in the participant's own time zone, in their language: "Monday, 7 December 2026 at 10:00". */
function startText(a: MyAppointment, lang: string): string {
  return new Intl.DateTimeFormat(lang, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: a.participantTimeZone,
  }).format(new Date(a.startsAt));
}

const minutesOf = (a: MyAppointment) => Math.round((Date.parse(a.endsAt) - Date.parse(a.startsAt)) / 60_000);

function AppointmentCard({ a, lang }: { a: MyAppointment; lang: string }) {
  const { t } = useTranslation(TELEHEALTH_NS);
  const missed = isMissedCall(a.statusCode);
  const now = a.statusCode === TELEHEALTH_STATUS.TimeForYourCall || isIncomingCall(a.statusCode);
  return (
    <Paper component="li" withBorder p="md" radius="md" data-testid="appointment">
      <Stack gap={6}>
        <Badge
          variant={now ? 'filled' : 'light'}
          color={missed ? 'red.9' : now ? 'teal.9' : 'gray.8'}
          radius="sm"
          tt="none"
          style={{ alignSelf: 'flex-start' }}
        >
          {t(`status_${a.statusCode}`)}
        </Badge>
        <Title order={2} size="h4">
          {t(`mode_${a.visitMode}`)}
        </Title>
        <Text>{t('when', { date: startText(a, lang), minutes: minutesOf(a) })}</Text>
        <Text c="dimmed">{t('withWhom', { name: a.hostName, site: a.siteName })}</Text>
        {a.taskName && <Text c="dimmed">{t('forTask', { name: a.taskName })}</Text>}
      </Stack>
    </Paper>
  );
}

/**
 * #/participants/web/{studyCode}/appointments (issue 15; F-002, F-008…F-028; decision F-appointments): the
 * participant's visits, upcoming first, each with its time in their zone, how it is held, with whom, and its status
 * (001 §4); at the top, what the overall status asks of them now (time for the visit, an incoming call).
 */
export default function AppointmentsPage() {
  const { t } = useTranslation(TELEHEALTH_NS);
  const lang = useLang();
  const { study } = useStudy();
  const pid = useSession()?.pid ?? null;
  const state = useEndpointQuery(queries, listMyAppointments, pid ? ALL : null);
  useDocumentTitle(t('title'), study.name);
  const backHome = <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{i18next.t('nav.backToHome')}</TouchLink>;

  if (state.status === 'error')
    return (
      <Stack gap="md">
        <PageTitle>{t('title')}</PageTitle>
        <ErrorAlert>{failureText(state.error, lang, 'network.serverIssue', navigator.onLine)}</ErrorAlert>
        {backHome}
      </Stack>
    );
  if (state.status !== 'success') return <PageLoader />;
  const { data, statusCode } = state.data;
  const zone = data[0]?.participantTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Stack gap="md">
      <PageTitle>{t('title')}</PageTitle>
      {statusCode === TELEHEALTH_STATUS.TimeForYourCall && <SuccessAlert>{t('dueNow')}</SuccessAlert>}
      {isIncomingCall(statusCode) && <SuccessAlert>{t('calling')}</SuccessAlert>}
      <IncomingCall />
      {data.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <>
          <Text>{t('intro', { zone })}</Text>
          <Stack
            component="ul"
            gap="sm"
            aria-label={t('listLabel')}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {data.map((a) => (
              <AppointmentCard key={a.id} a={a} lang={lang} />
            ))}
          </Stack>
        </>
      )}
      {backHome}
    </Stack>
  );
}
