/**
 * A participant's status changed by staff (decision E-046): only the statuses allowed from the current one are
 * offered; a screen failure or a way out asks its reason code; every change asks a reason. The change is made
 * from the status shown, so a change someone made meanwhile is refused with its message, the reason kept.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { changeParticipantStatus, listParticipantStatusChanges, type StatusChange } from '@trialpath/contract';
import {
  FINAL_STATUSES,
  type ParticipantStatus,
  reasonCodesFor,
  STAFF_STATUS_CHANGES,
  STATUS_REASON_MAX,
  STATUS_REASON_MIN,
  type StatusReasonCode,
} from '@trialpath/domain';
import { notify, uiLabel, useLanguage } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { useRefresh } from './ParticipantLabels';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';

/** The participant's earlier status changes, newest first: from, to, why, who and when. */
export function StatusHistory({ items }: { items: StatusChange[] }) {
  const { t, i18n } = useTranslation('participants');
  if (items.length === 0) return null;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Stack gap={6} aria-label={t('statusChange.history')} role="list">
      <Text size="sm" fw={600}>
        {t('statusChange.history')}
      </Text>
      {items.map((c) => (
        <Text key={c.id} size="sm" role="listitem">
          {t('statusChange.historyLine', {
            from: t(`status.${c.fromStatus}`),
            to: t(`status.${c.toStatus}`),
            by: c.changedBy,
            when: when(c.changedAt),
          })}
          {c.reasonCode ? ` — ${t(`reasonCode.${c.reasonCode}`)}` : ''}: {c.reason}
        </Text>
      ))}
    </Stack>
  );
}

export function StatusChangeDialog(props: {
  studyId: string;
  participant: { id: string; participantId: string; status: ParticipantStatus };
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('participants');
  const lang = useLanguage();
  const refresh = useRefresh();
  const { participant } = props;
  const [to, setTo] = useState<ParticipantStatus | null>(null);
  const [code, setCode] = useState<StatusReasonCode | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const targets = STAFF_STATUS_CHANGES[participant.status];
  const history = useEndpointQuery(
    listParticipantStatusChanges,
    { params: { studyId: props.studyId, participantId: participant.id } },
    { enabled: props.opened },
  );
  const codes = to ? reasonCodesFor(to) : [];
  const close = () => {
    setTo(null);
    setCode(null);
    setReason('');
    setErrors({});
    setRefusal(null);
    props.onClose();
  };
  const confirm = async () => {
    const missing: Record<string, string> = {};
    if (!to) missing.status = t('statusChange.chooseStatus');
    if (codes.length > 0 && !code) missing.reasonCode = t('statusChange.chooseReason');
    if (reason.trim().length < STATUS_REASON_MIN) missing.reason = t('statusChange.reasonTooShort');
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !to) return;
    setBusy(true);
    try {
      await api.call(changeParticipantStatus, {
        params: { studyId: props.studyId, participantId: participant.id },
        body: {
          status: to,
          expectedStatus: participant.status,
          reason: reason.trim(),
          ...(code ? { reasonCode: code } : {}),
        },
      });
      notify(t('statusChange.done', { participant: participant.participantId, status: t(`status.${to}`) }), {
        kind: 'success',
      });
      await refresh();
      close();
    } catch (err) {
      setErrors(fieldErrorsOf(err, i18n.language));
      setRefusal(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={t('statusChange.title', { participant: participant.participantId })}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <Stack>
        <Text size="sm">{t('statusChange.current', { status: t(`status.${participant.status}`) })}</Text>
        {targets.length === 0 ? (
          <Alert color="gray" variant="light">
            {t('statusChange.final')}
          </Alert>
        ) : (
          <>
            <Select
              label={t('statusChange.newStatus')}
              data={targets.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              value={to}
              onChange={(v) => {
                setTo(v as ParticipantStatus | null);
                setCode(null);
              }}
              error={errors.status}
              required
              comboboxProps={{ withinPortal: false }}
            />
            {to && FINAL_STATUSES.includes(to) && (
              <Alert color="orange" variant="light">
                {t('statusChange.finalWarning')}
              </Alert>
            )}
            {codes.length > 0 && (
              <Select
                label={t('statusChange.reasonCode')}
                data={codes.map((c) => ({ value: c, label: t(`reasonCode.${c}`) }))}
                value={code}
                onChange={(v) => setCode(v as StatusReasonCode | null)}
                error={errors.reasonCode}
                required
                comboboxProps={{ withinPortal: false }}
              />
            )}
            <Textarea
              label={t('statusChange.reason')}
              description={t('statusChange.reasonHint')}
              value={reason}
              maxLength={STATUS_REASON_MAX}
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
        <StatusHistory items={history.data?.items ?? []} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('labels.cancel')}
          </Button>
          {targets.length > 0 && (
            <Button onClick={confirm} loading={busy}>
              {t('statusChange.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
