/**
 * The EDC entry page's dialogs (decision E-edc): the reason for change listing each changed saved value (old → new),
 * the investigator's signature with the password re-entered and the 21 CFR 11.50 meaning shown, and an unlock's
 * reason. A refusal stays in the dialog with what was typed.
 */
import { Alert, Button, Group, List, Modal, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import { SITE_FORM_REASON_MAX } from '@trialpath/contract';
import { uiLabel, useLanguage } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One changed value as the dialog shows it. */
export interface ShownChange {
  item: string;
  question: string;
  oldText: string;
  newText: string;
}

interface TextDialogProps {
  title: string;
  intro?: React.ReactNode;
  label: string;
  requiredText: string;
  confirm: string;
  cancel: string;
  password?: boolean;
  onConfirm: (value: string) => Promise<string | null>;
  onClose: () => void;
}

/** A dialog asking one text (a reason, a password); `onConfirm` answers a refusal to show, or null when done. */
function TextDialog(p: TextDialogProps) {
  const lang = useLanguage();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setRefusal(null);
    if (!value.trim()) {
      setError(p.requiredText);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const refused = await p.onConfirm(p.password ? value : value.trim());
      if (refused) setRefusal(refused);
      else p.onClose();
    } finally {
      setBusy(false);
    }
  };
  const Field = p.password ? PasswordInput : Textarea;
  return (
    <Modal opened onClose={p.onClose} title={p.title} closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <Stack>
          {p.intro}
          <Field
            label={p.label}
            value={value}
            maxLength={p.password ? 200 : SITE_FORM_REASON_MAX}
            onChange={(e: React.ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => setValue(e.currentTarget.value)}
            error={error}
            required
            data-autofocus
          />
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={p.onClose}>
              {p.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {p.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function ReasonForChangeDialog(p: {
  changes: ShownChange[];
  onConfirm: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation('edc');
  return (
    <TextDialog
      title={t('reason.title')}
      intro={
        <>
          <Text size="sm">{t('reason.intro')}</Text>
          <List size="sm" aria-label={t('reason.title')}>
            {p.changes.map((c) => (
              <List.Item key={c.item}>
                {t('reason.change', {
                  question: c.question,
                  old: c.oldText || t('reason.empty'),
                  new: c.newText || t('reason.empty'),
                })}
              </List.Item>
            ))}
          </List>
        </>
      }
      label={t('reason.label')}
      requiredText={t('reason.required')}
      confirm={t('reason.confirm')}
      cancel={t('reason.cancel')}
      onConfirm={p.onConfirm}
      onClose={p.onClose}
    />
  );
}

export function SignDialog(p: {
  meaning: string;
  onConfirm: (password: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation('edc');
  return (
    <TextDialog
      title={t('signDialog.title')}
      intro={
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('signDialog.meaning')}
          </Text>
          <Text size="sm">{p.meaning}</Text>
        </Stack>
      }
      label={t('signDialog.password')}
      requiredText={t('signDialog.required')}
      confirm={t('signDialog.confirm')}
      cancel={t('signDialog.cancel')}
      password
      onConfirm={p.onConfirm}
      onClose={p.onClose}
    />
  );
}

export function UnlockDialog(p: { onConfirm: (reason: string) => Promise<string | null>; onClose: () => void }) {
  const { t } = useTranslation('edc');
  return (
    <TextDialog
      title={t('unlockDialog.title')}
      label={t('unlockDialog.label')}
      requiredText={t('unlockDialog.required')}
      confirm={t('unlockDialog.confirm')}
      cancel={t('unlockDialog.cancel')}
      onConfirm={p.onConfirm}
      onClose={p.onClose}
    />
  );
}
