import { Button, Stack, Text } from '@mantine/core';
import { getStudyEnrolment } from '@trialpath/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { queries } from '../../shared/data';
import { storage } from '../../shared/portal';
import { useEndpointQuery } from '../../shared/queries';
import { useStudy } from '../layout/study-context';
import { navigate } from '../../app/router';
import { PAGES, studyPath } from '../../app/routes';
import { DOCUMENTS_NS } from '../documents/texts';
import { TouchLink } from '../layout/parts';
import { isOpenStudy, storeEnrolmentFacts, storePendingVerification } from './enrol-storage';
import './texts';

/**
 * "New to this study? Join the study" on the language and sign-in pages, when the study's live version has
 * open enrolment (001 §4: the stored open-study flag, refreshed from the server each time). Loaded after the
 * page itself, so the first screen carries none of it.
 */
export default function JoinStudy({ onJoin }: { onJoin: () => void }) {
  const { t } = useTranslation();
  const { study } = useStudy();
  const facts = useEndpointQuery(queries, getStudyEnrolment, { params: { studyCode: study.studyCode } });
  const data = facts.status === 'success' ? facts.data : null;
  useEffect(() => {
    if (data)
      storeEnrolmentFacts(storage, {
        openEnrolment: data.openEnrolment && data.studyVersionId !== null,
        verificationMethod: data.verificationMethod,
      });
  }, [data]);
  // Until the facts arrive, the flag stored last time decides (no button popping in on a known open study).
  const open = data
    ? data.openEnrolment && data.studyVersionId !== null
    : facts.status === 'loading' && isOpenStudy(storage);
  if (!open) return null;
  return (
    <Stack gap={4} mt="sm">
      <Text c="dimmed" ta="center">
        {t('enrol.join.newHere')}
      </Text>
      <Button variant="outline" size="lg" fullWidth onClick={onJoin}>
        {t('enrol.join.button')}
      </Button>
      {/* Before joining, the study's own overview (open without an account). */}
      <Text ta="center">
        <TouchLink to={studyPath(study.studyCode, PAGES.overview)}>{t('overview', { ns: DOCUMENTS_NS })}</TouchLink>
      </Text>
    </Stack>
  );
}

/**
 * After a sign-in refused as "not fully verified" (the password was right): the account waiting for its code
 * becomes this device's pending one, and the code screen is a tap away (D-057).
 */
export function ConfirmAccountLink({
  pid,
  verificationMethod,
}: {
  pid: string;
  verificationMethod: 'email' | 'phone';
}) {
  const { t } = useTranslation();
  const { study } = useStudy();
  const to = studyPath(study.studyCode, PAGES.verify);
  return (
    <Button
      variant="light"
      size="lg"
      fullWidth
      onClick={() => {
        storePendingVerification(storage, { studyCode: study.studyCode, pid, verificationMethod, destination: '' });
        navigate(to);
      }}
    >
      {t('enrol.notVerified')}
    </Button>
  );
}
