import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { PAGES, studyPath } from '../../app/routes';
import { PageTitle, PrimaryButton, SuccessAlert } from '../layout/parts';
import { useStudy } from '../layout/study-context';

/** The account is confirmed (now, or before): on to the sign-in. */
export function Verified({ already = false }: { already?: boolean }) {
  const { t } = useTranslation();
  const { study } = useStudy();
  return (
    <Stack gap="md">
      <PageTitle>{t('enrol.verified.title')}</PageTitle>
      <SuccessAlert>{already ? t('enrol.verified.already') : t('enrol.verified.text')}</SuccessAlert>
      <PrimaryButton onClick={() => navigate(studyPath(study.studyCode, PAGES.login), { replace: true })}>
        {t('enrol.verified.login')}
      </PrimaryButton>
    </Stack>
  );
}
