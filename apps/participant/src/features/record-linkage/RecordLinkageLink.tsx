import { getMyRecordLinkage } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { queries } from '../../shared/data';
import { useSession } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { RECORD_LINKAGE_NS } from './texts';

const ALL = {};

/** Home's way to the record linkage screen, while the participant's version asks for linkage (decision D-138). */
export function RecordLinkageLink() {
  const { t } = useTranslation(RECORD_LINKAGE_NS);
  const { study } = useStudy();
  const pid = useSession()?.pid ?? null;
  const state = useEndpointQuery(queries, getMyRecordLinkage, pid ? ALL : null);
  if (state.status !== 'success' || !state.data.asked) return null;
  return <TouchLink to={studyPath(study.studyCode, PAGES.recordLinkage)}>{t('homeLink')}</TouchLink>;
}
