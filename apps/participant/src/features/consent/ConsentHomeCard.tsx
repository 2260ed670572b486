import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { getMyConsents } from '@trialpath/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { queries } from '../../shared/data';
import { useSession } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { needsSignature } from './data';
import './texts';

const ALL = {};

/**
 * Home's way to the consent (D-034): while a consent waits for the participant's signature, a prominent
 * card asks them to sign it (and says when the study changed one they had signed); once all are signed, a
 * link to the signed consents and their PDFs. Nothing while the list is read or when it cannot be.
 */
export function ConsentHomeCard() {
  const { t } = useTranslation();
  const { study, color, contrast } = useStudy();
  const pid = useSession()?.pid ?? null;
  const state = useEndpointQuery(queries, getMyConsents, pid ? ALL : null);
  if (state.status !== 'success') return null;
  const to = studyPath(study.studyCode, PAGES.consent);
  const data = state.data;
  if (data.complete && !data.cohortRequired) {
    return data.items.length > 0 ? <TouchLink to={to}>{t('consent.home.link')}</TouchLink> : null;
  }
  const reconsent = data.items.some((i) => needsSignature(i) && i.status === 'RECONSENT_REQUIRED');
  return (
    <Paper
      component="section"
      aria-labelledby="consent-card-title"
      withBorder
      radius="md"
      p="md"
      data-testid="consent-card"
      style={{ borderColor: 'var(--mantine-color-orange-7)', borderWidth: 2 }}
    >
      <Stack gap="sm">
        <Title order={2} fz="h3" id="consent-card-title">
          {t('consent.home.title')}
        </Title>
        <Text>{reconsent ? t('consent.home.reconsent') : t('consent.home.text')}</Text>
        <Button
          component="a"
          href={`#${to}`}
          size="lg"
          fullWidth
          color={color}
          style={{ '--button-color': contrast } as CSSProperties}
        >
          {t('consent.home.action')}
        </Button>
      </Stack>
    </Paper>
  );
}
