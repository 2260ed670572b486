import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Redirect } from '../../app/router';
import { decideEntry } from '../../app/routes';
import { getClient } from '@trialpath/contract';
import { queries } from '../../shared/data';
import { useDocumentTitle } from '../../shared/hooks';
import { storage } from '../../shared/portal';
import { rememberedStudy } from '../../shared/storage';
import { useEndpointQuery } from '../../shared/queries';
import { Shell } from '../layout/Shell';
import { PageLoader } from '../layout/StudyLayout';
import { PageTitle } from '../layout/parts-plain';

/**
 * The portal's address without a study code: back to the study this device last opened; in demo mode
 * straight to the demo study; otherwise the person is asked to open the link their study team sent.
 */
export function EntryPage() {
  const { t } = useTranslation();
  const client = useEndpointQuery(queries, getClient, {});
  useDocumentTitle(t('entry.title'));
  if (client.status === 'loading') {
    return (
      <Shell title={t('app.name')}>
        <PageLoader />
      </Shell>
    );
  }
  const decision = decideEntry(
    client.status === 'success' ? client.data : null,
    rememberedStudy(storage)?.studyCode ?? null,
  );
  if (decision.kind === 'redirect') return <Redirect to={decision.to} />;
  return (
    <Shell title={t('app.name')}>
      <Stack gap="sm">
        <PageTitle>{t('entry.title')}</PageTitle>
        <Text size="lg">{t('entry.text')}</Text>
      </Stack>
    </Shell>
  );
}
