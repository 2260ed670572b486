/**
 * A participant's transfer to another site asked for (E-115; decision E-site-transfers): the study's other sites
 * taking participants in this data space are offered — every one, not only the person's own — and a reason is asked.
 * The receiving site reviews the request; the participant moves when it is approved. Placed by the participant
 * profile; it loads its own texts, so the screen that opens it needs nothing more.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  getParticipant,
  getTransferOptions,
  listParticipantSiteTransfers,
  listParticipants,
  listSiteTransfers,
  requestSiteTransfer,
  TRANSFER_REASON_MAX,
  TRANSFER_REASON_MIN,
} from '@trialpath/contract';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';

/** After a transfer changed: every read that shows transfers or where participants are. */
export function useTransfersRefresh() {
  const queryClient = useQueryClient();
  return () =>
    invalidateEndpoints(queryClient, listSiteTransfers, listParticipantSiteTransfers, getParticipant, listParticipants);
}

export function TransferRequestDialog(props: {
  studyId: string;
  participant: { id: string; participantId: string };
  opened: boolean;
  onClose(): void;
  onRequested(): void;
}) {
  // the namespace is loaded here: the profile that opens the dialog belongs to another feature
  const { t, i18n, ready } = useTranslation('transfers', { useSuspense: false });
  const lang = useLanguage();
  const refresh = useTransfersRefresh();
  const { participant } = props;
  const [siteId, setSiteId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = useEndpointQuery(
    getTransferOptions,
    { params: { studyId: props.studyId, participantId: participant.id } },
    { enabled: props.opened },
  );
  const sites = options.data?.sites ?? [];
  const close = () => {
    setSiteId(null);
    setReason('');
    setErrors({});
    setRefusal(null);
    props.onClose();
  };
  const confirm = async () => {
    const missing: Record<string, string> = {};
    if (!siteId) missing.toSiteId = t('request.chooseSite');
    if (reason.trim().length < TRANSFER_REASON_MIN) missing.reason = t('request.reasonTooShort');
    setErrors(missing);
    setRefusal(null);
    if (Object.keys(missing).length > 0 || !siteId) return;
    setBusy(true);
    try {
      const made = await api.call(requestSiteTransfer, {
        params: { studyId: props.studyId, participantId: participant.id },
        body: { toSiteId: siteId, reason: reason.trim() },
      });
      notify(t('request.done', { participant: participant.participantId, site: made.toSite.name }), {
        kind: 'success',
      });
      await refresh();
      props.onRequested();
      close();
    } catch (err) {
      setErrors(fieldErrorsOf(err, i18n.language));
      setRefusal(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  if (!ready) return null;
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('request.title', { participant: participant.participantId })}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack>
        {options.isError && (
          <Alert color="red" variant="light">
            {t('request.loadFailed')}
          </Alert>
        )}
        {options.data && (
          <Text size="sm">
            {t('request.current', {
              site: `${options.data.currentSite.name} (${options.data.currentSite.siteCode})`,
            })}
          </Text>
        )}
        {options.data && sites.length === 0 ? (
          <Alert color="gray" variant="light">
            {t('request.noSites')}
          </Alert>
        ) : (
          <>
            <Select
              label={t('request.site')}
              data={sites.map((s) => ({ value: s.id, label: `${s.name} (${s.siteCode})` }))}
              value={siteId}
              onChange={setSiteId}
              error={errors.toSiteId}
              required
              disabled={!options.data}
              comboboxProps={{ withinPortal: false }}
            />
            <Textarea
              label={t('request.reason')}
              description={t('request.reasonHint')}
              value={reason}
              maxLength={TRANSFER_REASON_MAX}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={errors.reason}
              required
              rows={3}
            />
            {refusal && Object.keys(errors).length === 0 && (
              <Alert color="red" variant="light" role="alert">
                {refusal}
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('request.cancel')}
          </Button>
          {sites.length > 0 && (
            <Button onClick={confirm} loading={busy}>
              {t('request.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
