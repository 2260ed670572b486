import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { uiLabel, useLanguage } from '@trialpath/ui';
import { type ReactNode, useState } from 'react';
import { refusalText } from './refusal';

/** The dialog's words, from the feature that opens it. */
export interface ReasonDialogLabels {
  reason: string;
  hint: string;
  /** Shown when the person confirms without a reason. */
  required: string;
  cancel: string;
  confirm: string;
  /** When the server's refusal names nothing better. */
  failed: string;
}

/**
 * A change that GCP asks a reason for (publish, make live, archive, a site's status, a member's role):
 * the dialog says what will happen, asks the reason and runs the change; a refusal stays in the dialog
 * (a field's message first, else the server's), the reason kept.
 */
export function ReasonDialog(props: {
  opened: boolean;
  title: string;
  /** What will happen (a sentence), or more fields of the change (a role picker). */
  children?: ReactNode;
  labels: ReasonDialogLabels;
  color?: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const { labels } = props;
  const lang = useLanguage();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  const close = () => {
    setReason('');
    setError(null);
    setTouched(false);
    props.onClose();
  };
  const submit = async () => {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm(reason.trim());
      close();
    } catch (e) {
      setError(refusalText(e, lang, labels.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      {/* Our own message for a missing reason, in the interface language, rather than the browser's bubble. */}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          {typeof props.children === 'string' ? <Text size="sm">{props.children}</Text> : props.children}
          <Textarea
            label={labels.reason}
            description={labels.hint}
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={touched && missing ? labels.required : undefined}
            data-autofocus
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {labels.cancel}
            </Button>
            <Button type="submit" color={props.color} loading={busy}>
              {labels.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
