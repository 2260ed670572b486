/**
 * The investigator's signature of a participant document (E-095…E-110; decision E-participant-documents): the meaning
 * accepted, a drawn signature adopted ("Use this signature": COMPLETED then ACQUIRED, kept in the stored item of
 * A-039), the password again, Sign (SUBMITTED). Cancelling once anything was given asks first with the spec's text
 * (E-110); leaving the page with an acquired signature asks first and clears it (E-109).
 */
import { Alert, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import {
  type CaptureEvent,
  cancellingAsks,
  captureTransition,
  leavingAsks,
  type ParticipantDocument,
  type SignatureState,
  signDocumentAsPi,
} from '@trialpath/contract';
import { notify, SignaturePad, uiLabel, useLanguage } from '@trialpath/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { api } from '../../shared/api';
import { fieldErrorsOf, refusalText } from '../../shared/refusal';
import { storage } from '../../shared/storage';

/** The capture state and the drawing, moved only along the contract's transitions. */
function useCapture() {
  const [state, setState] = useState<SignatureState>('SIGNATURE_INIT');
  const [image, setImage] = useState<string | null>(null);
  const move = (event: CaptureEvent) => {
    const next = captureTransition(state, event);
    if (next) setState(next);
    return next;
  };
  return { state, image, setImage, move, setState };
}

/** Asks before cancelling or leaving (E-109, E-110). */
function ConfirmCancel(props: { opened: boolean; onYes(): void; onNo(): void }) {
  const { t } = useTranslation('documents');
  return (
    <Modal opened={props.opened} onClose={props.onNo} withCloseButton={false} centered title={null}>
      <Text mb="lg">{t('confirm.cancelSigning')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onNo}>
          {t('confirm.no')}
        </Button>
        <Button color="red" onClick={props.onYes}>
          {t('confirm.yes')}
        </Button>
      </Group>
    </Modal>
  );
}

export function PiSignDialog(props: {
  studyId: string;
  document: ParticipantDocument;
  onClose(): void;
  onSigned(): void;
}) {
  const { t, i18n } = useTranslation('documents');
  const lang = useLanguage();
  const capture = useCapture();
  const [meaningAccepted, setMeaningAccepted] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const title = props.document.title;

  // E-109: leaving the document with an acquired signature asks first, then clears it
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      leavingAsks(capture.state) && currentLocation.pathname !== nextLocation.pathname,
  );
  // a signature left over from an earlier visit is not reused: each signing starts empty
  useEffect(() => storage.clearSignature(), []);

  const clearAll = () => {
    storage.clearSignature();
    capture.move('leave');
  };
  const close = () => {
    clearAll();
    props.onClose();
  };
  const cancel = () => (cancellingAsks(capture.state) ? setAsking(true) : close());

  const onDraw = (dataUrl: string | null) => {
    capture.setImage(dataUrl);
    if (dataUrl) capture.move('draw');
    else {
      capture.move('clear');
      storage.clearSignature();
    }
  };
  const adopt = () => {
    const finished = captureTransition(capture.state, 'finish');
    const acquired = finished && captureTransition(finished, 'acquire');
    if (!capture.image || !acquired) {
      setErrors({ drawing: t('sign.drawFirst') });
      return;
    }
    storage.setSignature({ status: 'acquired', image: capture.image });
    capture.setState(acquired);
    setErrors({});
  };
  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!meaningAccepted) missing.meaning = t('sign.acceptMeaningRequired');
    if (capture.state !== 'ACQUIRED') missing.drawing = t('sign.drawFirst');
    if (!password) missing.currentPassword = t('sign.passwordRequired');
    setErrors(missing);
    setRefusal(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      await api.call(signDocumentAsPi, {
        params: { studyId: props.studyId, documentId: props.document.id },
        body: {
          currentPassword: password,
          meaningAccepted: true,
          documentHash: props.document.documentHash,
          drawnSignature: storage.getSignature()?.image ?? capture.image,
        },
      });
      capture.move('submit');
      storage.clearSignature();
      notify(t('sign.done', { title }), { kind: 'success' });
      props.onSigned();
    } catch (err) {
      setErrors(fieldErrorsOf(err, i18n.language));
      setRefusal(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal
        opened
        onClose={cancel}
        title={t('sign.title', { title })}
        size="lg"
        closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
      >
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text fw={600}>{t('sign.meaningHeading')}</Text>
            <Text size="sm">{t('sign.meaning')}</Text>
            <Checkbox
              label={t('sign.acceptMeaning')}
              checked={meaningAccepted}
              onChange={(e) => setMeaningAccepted(e.currentTarget.checked)}
              error={errors.meaning}
            />
            <SignaturePad
              onChange={onDraw}
              labels={{
                drawArea: t('sign.drawArea'),
                clear: t('sign.clear'),
                drawn: t('sign.drawn'),
                notDrawn: t('sign.notDrawn'),
              }}
            />
            <Group justify="space-between">
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="capture-state">
                {t('sign.state', { state: capture.state })}
              </Text>
              <Button variant="light" onClick={adopt} disabled={capture.state === 'ACQUIRED'}>
                {t('sign.adopt')}
              </Button>
            </Group>
            {errors.drawing && (
              <Text size="sm" c="red" role="alert">
                {errors.drawing}
              </Text>
            )}
            {capture.state === 'ACQUIRED' && <Text size="sm">{t('sign.adopted')}</Text>}
            <PasswordInput
              label={t('sign.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.currentPassword}
              autoComplete="current-password"
              required
            />
            {refusal && Object.keys(errors).length === 0 && (
              <Alert color="red" variant="light" role="alert">
                {refusal}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                {t('sign.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('sign.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmCancel
        opened={asking || blocker.state === 'blocked'}
        onYes={() => {
          setAsking(false);
          if (blocker.state === 'blocked') {
            clearAll();
            blocker.proceed();
          } else close();
        }}
        onNo={() => {
          setAsking(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
      />
    </>
  );
}
