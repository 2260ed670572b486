import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { TELEHEALTH_NS } from './texts';

/** Home's way to the participant's visits (issue 15; decision F-appointments). */
export function AppointmentsLink() {
  const { t } = useTranslation(TELEHEALTH_NS);
  const { study } = useStudy();
  return <TouchLink to={studyPath(study.studyCode, PAGES.appointments)}>{t('homeLink')}</TouchLink>;
}
