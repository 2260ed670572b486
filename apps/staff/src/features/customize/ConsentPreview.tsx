/**
 * The eConsent screen's preview (D-034; decision D-140): a consent of the version, chosen in a picker, run
 * in a dialog as the participant goes through it — the shared ConsentFlow in preview mode (a "nothing is
 * signed or saved" banner, no password; Sign ends the preview) — in a study language. Inside the consents
 * editor it shows the form's current value, saved or not; elsewhere the consents as last saved, and says so.
 */
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { buildPath, ConsentSchema, getIconLibraryIcon } from '@trialpath/contract';
import { type Consent, pickText, translate } from '@trialpath/domain';
import { ConsentFlow, consentLabels, fillLabel, studyTextIn, uiLabel } from '@trialpath/ui';
import { useContext, useState } from 'react';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EditorCtx, useLanguageName } from './fields';

const iconUrl = (iconId: string) => buildPath(getIconLibraryIcon.path, { iconId });

const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];
const text = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, string>) : {});

/** A consent of the form as it stands: the schema's reading when it passes, else its parts as far as they go. */
export function previewableConsent(raw: unknown): Consent {
  const parsed = ConsentSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    id: typeof r.id === 'string' ? r.id : 'consent',
    name: text(r.name),
    educationEnabled: r.educationEnabled !== false,
    comprehensionEnabled: r.comprehensionEnabled === true,
    documentAndSignatureEnabled: r.documentAndSignatureEnabled !== false,
    digitalSignatureEnabled: r.digitalSignatureEnabled === true,
    sections: list(r.sections).map((s, i) => ({
      id: String(s.id ?? `section-${i}`),
      title: text(s.title),
      icon: typeof s.icon === 'string' ? (s.icon as Consent['sections'][number]['icon']) : null,
      body: text(s.body),
    })),
    quiz: list(r.quiz).map((q, i) => ({
      id: String(q.id ?? `quiz-${i}`),
      question: text(q.question),
      options: list(q.options).map((o, j) => ({ id: String(o.id ?? `option-${j}`), text: text(o.text) })),
      correctOptionId: String(q.correctOptionId ?? ''),
      explanation: text(q.explanation),
    })),
    documents: list(r.documents).map((d, i) => ({
      id: String(d.id ?? `document-${i}`),
      title: text(d.title),
      body: text(d.body),
      fileId: null,
    })),
    privacyPolicy: text(r.privacyPolicy),
    license: text(r.license),
    disclaimers: list(r.disclaimers).map((d, i) => ({
      id: String(d.id ?? `disclaimer-${i}`),
      text: text(d.text),
      required: d.required !== false,
    })),
    optionalConsents: list(r.optionalConsents).map((o, i) => ({
      id: String(o.id ?? `optional-${i}`),
      text: text(o.text),
    })),
    signatureMeaning: text(r.signatureMeaning),
  };
}

export interface ConsentPreviewProps {
  /** The version's consents as saved (used outside the consents editor). */
  consents: readonly unknown[];
  /** The study's languages, the default first. */
  languages: readonly string[];
  /** The language the screen shows (the preview starts in it). */
  language: string;
}

/** The preview's picker and dialog; inside the consents editor it follows the form as it is being edited. */
export function ConsentPreview(props: ConsentPreviewProps) {
  const editor = useContext(EditorCtx);
  if (editor?.section === 'consents') return <LivePreview {...props} form={editor.form} />;
  return <PreviewPicker {...props} saved />;
}

function LivePreview(props: ConsentPreviewProps & { form: UseFormReturn<FieldValues> }) {
  const items = useWatch({ control: props.form.control, name: 'value.items' }) as unknown[] | undefined;
  return <PreviewPicker {...props} consents={items ?? []} saved={false} />;
}

function PreviewPicker({ consents, languages, language, saved }: ConsentPreviewProps & { saved: boolean }) {
  const { i18n } = useTranslation();
  const ui = i18n.language;
  const labels = consentLabels(ui);
  const languageName = useLanguageName();
  const defaultLanguage = languages[0] ?? 'en';
  const items = consents.map(previewableConsent);
  const [picked, setPicked] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [shownLanguage, setShownLanguage] = useState(language);
  const chosen = items.find((c) => c.id === picked) ?? items[0];
  const nameOf = (c: Consent) => studyTextIn(c.name, language, defaultLanguage) || labels.untitled;

  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="consent-preview">
        {labels.previewEmpty}
      </Text>
    );
  }
  const lang = languages.includes(shownLanguage) ? shownLanguage : language;
  const meaning =
    pickText(chosen?.signatureMeaning, lang, defaultLanguage) || translate('consent.signatureMeaning', undefined, lang);
  return (
    <Stack gap="xs" data-testid="consent-preview">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={labels.previewPick}
          data={items.map((c) => ({ value: c.id, label: nameOf(c) }))}
          value={chosen?.id ?? null}
          onChange={setPicked}
          allowDeselect={false}
          w={320}
        />
        <Button
          variant="light"
          onClick={() => {
            setShownLanguage(language);
            setOpen(true);
          }}
        >
          {labels.previewButton}
        </Button>
      </Group>
      {saved && (
        <Text size="sm" c="dimmed">
          {labels.previewSaved}
        </Text>
      )}
      {chosen && (
        <Modal
          opened={open}
          onClose={() => setOpen(false)}
          title={fillLabel(labels.previewOf, { name: nameOf(chosen) })}
          size="lg"
          closeButtonProps={{ 'aria-label': uiLabel('close', ui) }}
        >
          <Stack gap="md">
            {languages.length > 1 && (
              <Select
                label={labels.previewLanguage}
                data={languages.map((l) => ({ value: l, label: languageName(l) }))}
                value={lang}
                onChange={(v) => v && setShownLanguage(v)}
                allowDeselect={false}
                w={160}
              />
            )}
            <ConsentFlow
              key={`${chosen.id}/${lang}`}
              consent={chosen}
              language={lang}
              defaultLanguage={defaultLanguage}
              meaning={meaning}
              mode="preview"
              iconUrl={iconUrl}
            />
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
