/**
 * #/studies/:studyId/datavant (issue 14; H-024…H-029): the study's linkage token configuration (for those who may
 * design the study) and its token list with the CSV for the linkage partner (for those who may export data). The
 * test twin shows the test data space's, read only. The server decides access and sites.
 */
import { Alert, Stack, Text, Title } from '@mantine/core';
import { can, isTestTwinPath } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { authoritiesFor } from '../../shared/authorities';
import { storage } from '../../shared/storage';
import { LinkageConfigCard } from './LinkageConfigCard';
import { TokenList } from './TokenList';

export function LinkagePage() {
  const { t } = useTranslation('linkage');
  const { studyId = '' } = useParams();
  const readOnly = isTestTwinPath(useLocation().pathname);
  const authorities = authoritiesFor(studyId, storage);
  const may = (action: 'studies.design' | 'exports.run') => authorities.some((a) => can(a, action));
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={28}>
          {t('page.title')}
        </Title>
        <Text c="dimmed" size="sm" maw={820}>
          {t('page.subtitle')}
        </Text>
      </div>
      {readOnly && (
        <Alert color="yellow" variant="light">
          {t('page.twin')}
        </Alert>
      )}
      {may('studies.design') && <LinkageConfigCard studyId={studyId} readOnly={readOnly} />}
      {may('exports.run') && <TokenList studyId={studyId} readOnly={readOnly} />}
    </Stack>
  );
}
