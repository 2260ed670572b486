/**
 * A site's form data lock on the site page (EDC; decision E-edc): whether the site's data is locked, by whom and when;
 * who holds data.lock locks it (every form of the site's participants, and no new one) after a confirmation, and
 * unlocks it with a reason. The server says who may.
 */
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { getSiteDataLock, lockSiteData, unlockSiteData } from '@trialpath/contract';
import { notify, useLanguage } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { refusalText } from '../../shared/refusal';

export function SiteDataLockPanel({ studyId, siteId }: { studyId: string; siteId: string }) {
  const { t } = useTranslation('edc');
  const lang = useLanguage();
  const params = { studyId, siteId };
  const lock = useEndpointQuery(getSiteDataLock, { params });
  const [dialog, setDialog] = useState<null | 'lock' | 'unlock'>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!lock.data) return null;
  const { siteLock, mayLock } = lock.data;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const lockNow = async () => {
    setBusy(true);
    setError(null);
    try {
      const done = await api.call(lockSiteData, { params, body: {} });
      notify(t('siteLock.lockedDone', { count: done.entries }), { kind: 'success' });
      setDialog(null);
      await lock.refetch();
    } catch (e) {
      setError(refusalText(e, lang, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t('siteLock.title')}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('siteLock.title')}
        </Title>
        <Text size="sm">
          {siteLock
            ? t('siteLock.locked', { name: siteLock.lockedBy, when: when(siteLock.lockedAt) })
            : t('siteLock.open')}
        </Text>
        {mayLock && (
          <Group>
            {siteLock ? (
              <Button variant="default" onClick={() => setDialog('unlock')}>
                {t('siteLock.unlock')}
              </Button>
            ) : (
              <Button variant="default" onClick={() => setDialog('lock')}>
                {t('siteLock.lock')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <Modal opened={dialog === 'lock'} onClose={() => setDialog(null)} title={t('siteLock.lockTitle')}>
        <Stack gap="md">
          <Text size="sm">{t('siteLock.lockIntro')}</Text>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('siteLock.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void lockNow()}>
              {t('siteLock.lock')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ReasonDialog
        opened={dialog === 'unlock'}
        title={t('siteLock.unlockTitle')}
        labels={{
          reason: t('siteLock.reason'),
          hint: t('siteLock.reasonHint'),
          required: t('siteLock.reasonRequired'),
          cancel: t('siteLock.cancel'),
          confirm: t('siteLock.unlock'),
          failed: t('error.generic'),
        }}
        onClose={() => setDialog(null)}
        onConfirm={async (reason) => {
          const done = await api.call(unlockSiteData, { params, body: { reason } });
          notify(t('siteLock.unlockedDone', { count: done.entries }), { kind: 'success' });
          await lock.refetch();
        }}
      >
        <Text size="sm">{t('siteLock.unlockIntro')}</Text>
      </ReasonDialog>
    </Paper>
  );
}
