import { getMyEhr } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { queries } from '../../shared/data';
import { useSession } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { EHR_NS } from './texts';

const ALL = {};

/** Home's way to the health-record screen, while the study offers linking one (decision H-epic-mychart). */
export function HealthRecordLink() {
  const { t } = useTranslation(EHR_NS);
  const { study } = useStudy();
  const pid = useSession()?.pid ?? null;
  const state = useEndpointQuery(queries, getMyEhr, pid ? ALL : null);
  if (state.status !== 'success' || !state.data.offered) return null;
  return <TouchLink to={studyPath(study.studyCode, PAGES.healthRecord)}>{t('homeLink')}</TouchLink>;
}
