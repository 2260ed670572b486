/**
 * A document's details (C-141, C-142; decision 0038): its title, description and disclaimer in each of the
 * study's languages (the title required in the default one, which the server decides), saved with the
 * revision read; and its disclaimer images, added (PNG or JPEG, checked before sending) or removed at once
 * through their own calls, whose new revision the form takes in so a later save is not refused as stale.
 */
import {
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Modal,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  ApiRequestError,
  checkUploadFile,
  configureStudyDocument,
  deleteDocumentDisclaimerImage,
  getStudy,
  listStudyDocuments,
  type StudyDocument,
  uploadDocumentDisclaimerImage,
} from '@trialpath/contract';
import { applyServerFieldErrors, ErrorAlert, notify, uiLabel, useContractForm, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, fetchObjectUrl, upload } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';

type Texts = Record<string, string>;
const TEXT_FIELDS = ['title', 'description', 'disclaimer'] as const;

/** The texts of every study language, empty where not written yet (so each field has its place in the form). */
const allLanguages = (texts: Texts, languages: readonly string[]): Texts =>
  Object.fromEntries(languages.map((l) => [l, texts[l] ?? '']));
/** Only the languages written in: an empty translation is not stored. */
const written = (texts: Texts): Texts => Object.fromEntries(Object.entries(texts).filter(([, v]) => v.trim() !== ''));

/** A disclaimer image, read with the session's token (the endpoint needs it) and shown from an object URL. */
function Thumbnail({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    void fetchObjectUrl(url).then((u) => {
      if (live) {
        made = u;
        setSrc(u);
      } else if (u) URL.revokeObjectURL(u);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return src ? (
    <Image
      src={src}
      alt={alt}
      h={72}
      w={96}
      fit="contain"
      radius="sm"
      bg="gray.0"
      style={{ border: '1px solid var(--mantine-color-gray-4)' }}
    />
  ) : (
    <Stack h={72} w={96} bg="gray.0" aria-hidden />
  );
}

function DetailsForm({
  studyId,
  document,
  languages,
  title,
  onClose,
}: {
  studyId: string;
  document: StudyDocument;
  languages: string[];
  title: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('sites');
  const queryClient = useQueryClient();
  const [images, setImages] = useState(document.disclaimerImages);
  const [tab, setTab] = useState<string | null>(languages[0] ?? null);
  const [error, setError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [imageBusy, setImageBusy] = useState(false);
  const form = useContractForm(configureStudyDocument.body!, {
    defaultValues: {
      revision: document.revision,
      siteId: document.siteId,
      title: allLanguages(document.title, languages),
      description: allLanguages(document.description, languages),
      disclaimer: allLanguages(document.disclaimer, languages),
    },
  });
  const errors = form.formState.errors as Partial<
    Record<(typeof TEXT_FIELDS)[number], Record<string, { message?: string }>>
  >;
  const names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'language', fallback: 'code' });
  const languageName = (code: string) => names.of(code) ?? code;

  /** The tab of the first field with a message, so the person sees it. */
  const showFirstError = () => {
    const errs = form.formState.errors as typeof errors;
    const first = languages.find((l) => TEXT_FIELDS.some((f) => errs[f]?.[l]));
    if (first) setTab(first);
  };

  const save = form.handleSubmit(
    async (values) => {
      setError(null);
      try {
        await api.call(configureStudyDocument, {
          params: { studyId, documentId: document.documentId },
          body: {
            ...values,
            title: written(values.title),
            description: written(values.description),
            disclaimer: written(values.disclaimer),
          },
        });
        notify(t('documents.details.saved', { title }), { kind: 'success' });
        void invalidateEndpoints(queryClient, listStudyDocuments);
        onClose();
      } catch (e) {
        if (applyServerFieldErrors(e, form, i18n.language)) {
          showFirstError();
          return;
        }
        // A 409 (someone saved first) keeps what the person typed; the list is read again for a next try.
        if (e instanceof ApiRequestError && e.status === 409) void invalidateEndpoints(queryClient, listStudyDocuments);
        setError(errorMessage(e, t('error.generic')));
      }
    },
    () => showFirstError(),
  );

  /** An image call's answer: its images, and its revision taken into the form (the texts typed stay). */
  const runImage = async (work: () => Promise<StudyDocument>, done: string) => {
    setImageError(null);
    setImageBusy(true);
    try {
      const saved = await work();
      setImages(saved.disclaimerImages);
      form.setValue('revision', saved.revision);
      notify(done, { kind: 'success' });
      void invalidateEndpoints(queryClient, listStudyDocuments);
    } catch (e) {
      setImageError(errorMessage(e, t('error.generic')));
    } finally {
      setImageBusy(false);
    }
  };
  const params = { studyId, documentId: document.documentId };
  const addImage = (file: File | null) => {
    if (!file) return;
    const fit = checkUploadFile(uploadDocumentDisclaimerImage, file);
    if (fit !== 'ok') {
      setImageError(fit === 'type' ? t('documents.details.imageWrongType') : t('documents.details.imageTooLarge'));
      return;
    }
    void runImage(() => upload(uploadDocumentDisclaimerImage, { params, file }), t('documents.details.imageAdded'));
  };
  const removeImage = (fileId: string) =>
    void runImage(
      () => api.call(deleteDocumentDisclaimerImage, { params: { ...params, fileId } }),
      t('documents.details.imageRemoved'),
    );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('documents.details.intro')}
        </Text>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            {languages.map((l, i) => (
              <Tabs.Tab key={l} value={l}>
                {i === 0 ? t('documents.details.defaultLanguage', { language: languageName(l) }) : languageName(l)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {languages.map((l, i) => (
            <Tabs.Panel key={l} value={l} pt="md">
              <Stack gap="sm">
                <TextInput
                  label={t('documents.title')}
                  withAsterisk={i === 0}
                  maxLength={200}
                  {...form.register(`title.${l}`)}
                  error={errors.title?.[l]?.message}
                />
                <Textarea
                  label={t('documents.details.description')}
                  autosize
                  minRows={2}
                  maxRows={6}
                  maxLength={2000}
                  {...form.register(`description.${l}`)}
                  error={errors.description?.[l]?.message}
                />
                <Textarea
                  label={t('documents.details.disclaimer')}
                  autosize
                  minRows={3}
                  maxRows={10}
                  {...form.register(`disclaimer.${l}`)}
                  error={errors.disclaimer?.[l]?.message}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Stack gap={6} role="group" aria-labelledby="disclaimer-images">
          <Text size="sm" fw={500} id="disclaimer-images">
            {t('documents.details.images')}
          </Text>
          {images.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('documents.details.noImages')}
            </Text>
          ) : (
            <Group gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {images.map((img, n) => (
                <Group key={img.id} component="li" gap={4} align="flex-start" wrap="nowrap">
                  <Thumbnail url={img.url} alt={t('documents.details.imageAlt', { number: n + 1 })} />
                  <CloseButton
                    size="sm"
                    disabled={imageBusy}
                    onClick={() => removeImage(img.id)}
                    aria-label={t('documents.details.removeImage', { number: n + 1 })}
                  />
                </Group>
              ))}
            </Group>
          )}
          <Group gap="xs">
            <FileButton onChange={addImage} accept="image/png,image/jpeg">
              {(props) => (
                <Button {...props} variant="default" size="xs" loading={imageBusy}>
                  {t('documents.details.addImage')}
                </Button>
              )}
            </FileButton>
          </Group>
          <Text size="xs" c="dimmed">
            {t('documents.details.imageHint')}
          </Text>
          {imageError && <ErrorAlert>{imageError}</ErrorAlert>}
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('documents.details.cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('documents.details.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The details dialog of a document (null: closed), titled with the document's title. */
export function DocumentDetailsDialog({
  studyId,
  document,
  title,
  onClose,
}: {
  studyId: string;
  document: StudyDocument | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('sites');
  const lang = useLanguage();
  const study = useEndpointQuery(getStudy, { params: { studyId } }, { enabled: document !== null });
  const languages = study.data?.languages.length ? study.data.languages : null;
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      {study.isError && <ErrorAlert>{t('documents.details.loadError')}</ErrorAlert>}
      {document && languages && (
        <DetailsForm
          key={document.documentId}
          studyId={studyId}
          document={document}
          languages={languages}
          title={title}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
