/**
 * #/participants/web/{studyCode}/signing (decision E-participant-documents): the documents the study team sent the
 * participant, those waiting for their signature first; one opened to read (the PDF as sent) and sign — the meaning
 * accepted, the full name typed, a drawing if they wish (the consent's signature pad), the password again — or decline.
 * The signature is bound to the hash of the document the page showed.
 */
import { Badge, Button, Checkbox, Group, PasswordInput, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  declineMyDocument,
  getMyDocument,
  getMySignedDocumentPdf,
  listMyDocuments,
  type MyDocument,
  signMyDocument,
} from '@trialpath/contract';
import { SignaturePad } from '@trialpath/ui';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { i18next } from '../../i18n';
import { api } from '../../shared/portal';
import { queries } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { makeRequestId, saveBase64Pdf } from '../consent/signing';
import { ErrorAlert, PageTitle, PrimaryButton, SuccessAlert, TouchLink } from '../layout/parts';
import { PageLoader } from '../layout/StudyLayout';
import { useStudy } from '../layout/study-context';
import { SIGNING_NS } from './texts';

const ALL = {};

function statusLabel(d: MyDocument, t: (k: string, o?: Record<string, string>) => string, lang: string) {
  if (d.awaitingMySignature) return t('waiting');
  if (d.signedAt) return t('signedOn', { date: new Date(d.signedAt).toLocaleDateString(lang) });
  return t('sharedOnly');
}

/** The PDF as an object URL for the viewer, revoked when the page closes. */
function usePdfUrl(base64: string | undefined) {
  const url = useMemo(() => {
    if (!base64 || typeof URL.createObjectURL !== 'function') return null;
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  }, [base64]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function SignForm(props: { documentId: string; onDone(message: string): void }) {
  const { t } = useTranslation(SIGNING_NS);
  const lang = useLang();
  const doc = useEndpointQuery(queries, getMyDocument, { params: { documentId: props.documentId } });
  const [meaningAccepted, setMeaningAccepted] = useState(false);
  const [typedName, setTypedName] = useState('');
  const [password, setPassword] = useState('');
  const [drawing, setDrawing] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [requestId] = useState(makeRequestId);
  const pdfUrl = usePdfUrl(doc.status === 'success' ? doc.data.pdf.base64 : undefined);
  if (doc.status === 'error')
    return <ErrorAlert>{failureText(doc.error, lang, 'network.serverIssue', navigator.onLine)}</ErrorAlert>;
  if (doc.status !== 'success') return <PageLoader />;
  const d = doc.data;
  const sign = async () => {
    const missing: Record<string, string> = {};
    if (!meaningAccepted) missing.meaning = t('acceptMeaningRequired');
    if (typedName.trim().length < 2) missing.typedName = t('typedNameRequired');
    if (!password) missing.password = t('passwordRequired');
    setErrors(missing);
    setFailure(null);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      await queries.mutate(
        signMyDocument,
        {
          params: { documentId: d.id },
          body: {
            requestId,
            documentHash: d.documentHash,
            password,
            meaningAccepted: true,
            typedName: typedName.trim(),
            drawnSignature: drawing,
          },
        },
        [listMyDocuments, getMyDocument],
      );
      props.onDone(t('signed'));
    } catch (err) {
      setFailure(failureText(err, lang, 'network.serverIssue', navigator.onLine));
    } finally {
      setBusy(false);
    }
  };
  const decline = async () => {
    setBusy(true);
    try {
      await queries.mutate(declineMyDocument, { params: { documentId: d.id }, body: { reason: reason.trim() } }, [
        listMyDocuments,
        getMyDocument,
      ]);
      props.onDone(t('declined'));
    } catch (err) {
      setFailure(failureText(err, lang, 'network.serverIssue', navigator.onLine));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="md">
      <Title order={2}>{d.title}</Title>
      {pdfUrl && (
        <iframe
          title={t('viewer', { title: d.title })}
          src={pdfUrl}
          style={{ width: '100%', height: 480, border: 0 }}
        />
      )}
      <Button variant="subtle" onClick={() => saveBase64Pdf(d.pdf.fileName, d.pdf.base64)}>
        {t('download')}
      </Button>
      {d.awaitingMySignature && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void sign();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('readHint')}</Text>
            <Text fw={600}>{t('meaningHeading')}</Text>
            <Text data-testid="signature-meaning">{d.meaning}</Text>
            <Checkbox
              label={t('acceptMeaning')}
              checked={meaningAccepted}
              onChange={(e) => setMeaningAccepted(e.currentTarget.checked)}
              error={errors.meaning}
            />
            <TextInput
              label={t('typedName')}
              value={typedName}
              onChange={(e) => setTypedName(e.currentTarget.value)}
              error={errors.typedName}
              autoComplete="name"
              required
            />
            <Text size="sm">{t('drawHint')}</Text>
            <SignaturePad
              onChange={setDrawing}
              value={drawing}
              labels={{ drawArea: t('drawArea'), clear: t('clear'), drawn: t('drawn'), notDrawn: t('notDrawn') }}
            />
            <PasswordInput
              label={t('password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              autoComplete="current-password"
              required
            />
            {failure && <ErrorAlert>{failure}</ErrorAlert>}
            <PrimaryButton type="submit" loading={busy}>
              {t('sign')}
            </PrimaryButton>
            {!declining ? (
              <Button variant="subtle" onClick={() => setDeclining(true)}>
                {t('decline')}
              </Button>
            ) : (
              <Stack gap="xs">
                <Textarea
                  label={t('declineReason')}
                  value={reason}
                  maxLength={500}
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
                <Group>
                  <Button color="red" variant="outline" onClick={() => void decline()} loading={busy}>
                    {t('declineConfirm')}
                  </Button>
                  <Button variant="default" onClick={() => setDeclining(false)}>
                    {t('cancel')}
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}

export default function SigningPage() {
  const { t } = useTranslation(SIGNING_NS);
  const lang = useLang();
  const { study } = useStudy();
  const pid = useSession()?.pid ?? null;
  const list = useEndpointQuery(queries, listMyDocuments, pid ? ALL : null);
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useDocumentTitle(t('title'), study.name);
  const backHome = <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{i18next.t('nav.backToHome')}</TouchLink>;
  const downloadSigned = async (d: MyDocument) => {
    const pdf = await api.call(getMySignedDocumentPdf, { params: { documentId: d.id } });
    saveBase64Pdf(pdf.fileName, pdf.base64);
  };
  return (
    <Stack gap="md">
      <PageTitle>{t('title')}</PageTitle>
      {notice && <SuccessAlert>{notice}</SuccessAlert>}
      {open ? (
        <>
          <Button variant="subtle" onClick={() => setOpen(null)} style={{ alignSelf: 'flex-start' }}>
            {t('back')}
          </Button>
          <SignForm
            documentId={open}
            onDone={(message) => {
              setNotice(message);
              setOpen(null);
            }}
          />
        </>
      ) : list.status === 'error' ? (
        <ErrorAlert>{failureText(list.error, lang, 'network.serverIssue', navigator.onLine)}</ErrorAlert>
      ) : list.status !== 'success' ? (
        <PageLoader />
      ) : list.data.items.length === 0 ? (
        <Text>{t('empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0 }}>
          {list.data.items.map((d) => (
            <li key={d.id}>
              <Group justify="space-between" wrap="wrap">
                <Stack gap={2}>
                  <Text fw={600}>{d.title}</Text>
                  <Badge color={d.awaitingMySignature ? 'yellow' : 'teal'} variant="light" tt="none" c="dark.7">
                    {statusLabel(d, t, lang)}
                  </Badge>
                </Stack>
                <Group gap="xs">
                  {d.hasSignedPdf && (
                    <Button variant="subtle" onClick={() => void downloadSigned(d)}>
                      {t('downloadSigned')}
                    </Button>
                  )}
                  <Button
                    variant={d.awaitingMySignature ? 'filled' : 'default'}
                    onClick={() => {
                      setNotice(null);
                      setOpen(d.id);
                    }}
                    aria-label={t('open', { title: d.title })}
                  >
                    {d.awaitingMySignature ? t('sign') : t('open', { title: '' }).trim()}
                  </Button>
                </Group>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {backHome}
    </Stack>
  );
}
