import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { MESSAGES_NS } from './texts';

/** Home's way to the messages from the study team (decision E-messages). */
export function MessagesLink() {
  const { t } = useTranslation(MESSAGES_NS);
  const { study } = useStudy();
  return <TouchLink to={studyPath(study.studyCode, PAGES.messages)}>{t('homeLink')}</TouchLink>;
}
