import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { SIGNING_NS } from './texts';

/** Home's way to the documents the participant is sent to read and sign (decision E-participant-documents). */
export function SigningLink() {
  const { t } = useTranslation(SIGNING_NS);
  const { study } = useStudy();
  return <TouchLink to={studyPath(study.studyCode, PAGES.signing)}>{t('homeLink')}</TouchLink>;
}
