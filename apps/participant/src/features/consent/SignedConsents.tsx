import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { type ConsentSignature, getMyConsentPdf } from '@trialpath/contract';
import { DATE_FORMATS, formatDisplayDate, type StudyText } from '@trialpath/domain';
import { studyTextIn } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert } from '../layout/parts';
import { callFailureText } from './data';
import { saveBase64Pdf } from './signing';
import './texts';

export interface SignedConsent {
  consentId: string;
  name: StudyText;
  signature: ConsentSignature;
}

const at = (iso: string, lang: string) => formatDisplayDate(iso, DATE_FORMATS.DATE_TIME, undefined, lang);

/** The participant's signed consents, each with when and as whom it was signed and its PDF to download. */
export function SignedConsents({
  items,
  defaultLanguage,
}: {
  items: readonly SignedConsent[];
  defaultLanguage: string;
}) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <SignedCard key={item.signature.id} item={item} defaultLanguage={defaultLanguage} named={items.length > 1} />
      ))}
    </Stack>
  );
}

function SignedCard({
  item,
  defaultLanguage,
  named,
}: {
  item: SignedConsent;
  defaultLanguage: string;
  named: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = studyTextIn(item.name, lang, defaultLanguage);
  const s = item.signature;
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const pdf = await api.call(getMyConsentPdf, { params: { signatureId: s.id } });
      saveBase64Pdf(pdf.fileName, pdf.base64);
    } catch (e) {
      setError(callFailureText(e, lang, t('consent.signed.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid={`signed-${item.consentId}`}>
      <Stack gap="xs">
        <Title order={3} fz="h4">
          {name}
        </Title>
        <Text size="sm">{t('consent.signed.at', { at: at(s.signedAt, lang), name: s.participantName })}</Text>
        <Text size="sm" c="dimmed">
          {s.countersignedAt
            ? t('consent.signed.countersigned', { at: at(s.countersignedAt, lang) })
            : t('consent.signed.waiting')}
        </Text>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Button
          variant="outline"
          size="md"
          loading={busy}
          onClick={() => void download()}
          aria-label={named ? t('consent.signed.downloadNamed', { name }) : undefined}
        >
          {t('consent.signed.download')}
        </Button>
      </Stack>
    </Paper>
  );
}
