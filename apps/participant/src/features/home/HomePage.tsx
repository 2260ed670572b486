import '../../feature-styles';
import { Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { getParticipantProfile } from '@trialpath/contract';
import { queries } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { signOut } from '../../shared/sign-out';
import { ErrorAlert, PageTitle, PrimaryButton, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { TodayTasks } from '../tasks/TodayTasks';
import { ConsentHomeCard } from '../consent/ConsentHomeCard';
import { SITE_NS } from '../site/texts';
import { DOCUMENTS_NS } from '../documents/texts';
import { HealthRecordLink } from '../ehr/HealthRecordLink';
import { AppointmentsLink } from '../telehealth/AppointmentsLink';
import { RecordLinkageLink } from '../record-linkage/RecordLinkageLink';
import { SigningLink } from '../signing/SigningLink';
import { MessagesLink } from '../messages/MessagesLink';
import { HOME_NS } from './texts';

/** After sign-in: today's tasks; who is signed in, to which study; change password and sign out. */
export default function HomePage() {
  const { t } = useTranslation();
  const { t: th } = useTranslation(HOME_NS);
  const lang = useLang();
  const { study } = useStudy();
  const session = useSession();
  const profile = useEndpointQuery(queries, getParticipantProfile, session?.pid ? {} : null);
  const [leaving, setLeaving] = useState(false);
  useDocumentTitle(th('title'), study.name);

  const participantId = profile.status === 'success' ? profile.data.participantId : (session?.participantId ?? '');

  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{th('title')}</PageTitle>
        {profile.status === 'success' && (
          <Text c="dimmed">{th('signedInAs', { username: profile.data.username })}</Text>
        )}
      </div>
      {profile.status === 'loading' && <Loader size="sm" role="img" aria-label={t('app.loading')} />}
      {profile.status === 'error' && (
        <ErrorAlert>{failureText(profile.error, lang, 'errors.profile', navigator.onLine)}</ErrorAlert>
      )}
      <ConsentHomeCard />
      <TodayTasks />
      <dl className="tp-facts">
        <dt>{th('participantId')}</dt>
        <dd data-testid="participant-id">{participantId}</dd>
        <dt>{th('study')}</dt>
        <dd data-testid="study-name">{study.name}</dd>
      </dl>
      <Stack gap="sm">
        <TouchLink to={studyPath(study.studyCode, PAGES.overview)}>{t('overview', { ns: DOCUMENTS_NS })}</TouchLink>
        <TouchLink to={studyPath(study.studyCode, PAGES.documents)}>{t('documents', { ns: DOCUMENTS_NS })}</TouchLink>
        <TouchLink to={studyPath(study.studyCode, PAGES.site)}>{t('homeLink', { ns: SITE_NS })}</TouchLink>
        <MessagesLink />
        <SigningLink />
        <RecordLinkageLink />
        <HealthRecordLink />
        <AppointmentsLink />
        <TouchLink to={studyPath(study.studyCode, PAGES.notifications)}>{th('notifications')}</TouchLink>
        <TouchLink to={studyPath(study.studyCode, PAGES.changePassword)}>{th('changePassword')}</TouchLink>
        <PrimaryButton
          type="button"
          variant="outline"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void signOut(study.studyCode);
          }}
        >
          {th('signOut')}
        </PrimaryButton>
      </Stack>
    </Stack>
  );
}
