/**
 * The branding section's own fields (C-046, decision 0034): colours with a sample of the text colour the
 * contrast rule picks (C-129), and the logo and icon, uploaded or removed at once through their own
 * calls (they name the section revision the editor read, as a save does) rather than with the save.
 */
import { Button, ColorInput, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import {
  ApiRequestError,
  checkUploadFile,
  deleteBrandingImage,
  getStudyVersion,
  uploadBrandingImage,
} from '@trialpath/contract';
import { contrastColor, HexColorSchema, translate } from '@trialpath/domain';
import { ErrorAlert, notify } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api, upload } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { clientErrorMessage } from '../auth/form-error';
import { useEditor } from './fields';

export function ColorField({ path, label, required }: { path: string; label: string; required: boolean }) {
  const { t } = useTranslation('customize');
  const { form, readOnly } = useEditor();
  return (
    <Controller
      control={form.control}
      name={path}
      render={({ field, fieldState }) => {
        const value = (field.value as string | null) ?? '';
        const valid = HexColorSchema.safeParse(value).success;
        // What was typed stays in the field (and fails the form's check, so it is not saved); once the
        // person has left the field, a value that is not #RRGGBB says so until it is one.
        const formatError = !valid && value !== '' && fieldState.isTouched ? t('field.color.invalid') : null;
        return (
          <Stack gap={4}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <ColorInput
                ref={field.ref}
                label={label}
                withAsterisk={required}
                format="hex"
                withPicker={!readOnly}
                withEyeDropper={false}
                readOnly={readOnly}
                placeholder={required ? undefined : t('field.color.none')}
                fixOnBlur={false}
                value={value}
                onChange={(v) =>
                  field.onChange(
                    v === '' && !required ? null : HexColorSchema.safeParse(v).success ? v.toUpperCase() : v,
                  )
                }
                onBlur={field.onBlur}
                error={formatError ?? fieldState.error?.message}
                w={220}
              />
              {valid && (
                <Paper
                  px="sm"
                  py={6}
                  radius="sm"
                  data-testid={`sample-${field.name}`}
                  style={{ background: value, color: contrastColor(value) }}
                >
                  <Text size="sm" fw={600} c="inherit">
                    {t('field.color.sample')}
                  </Text>
                </Paper>
              )}
              {!required && !readOnly && value !== '' && (
                <Button variant="subtle" size="xs" onClick={() => field.onChange(null)}>
                  {t('field.color.clear', { label })}
                </Button>
              )}
            </Group>
          </Stack>
        );
      }}
    />
  );
}

/** The logo or icon: shown, uploaded (PNG, JPEG, SVG up to 1 MB, checked before sending) and removed. */
export function ImageField({ path, label, type }: { path: string; label: string; type: 'logo' | 'icon' }) {
  const { t, i18n } = useTranslation('customize');
  const { form, readOnly, studyId } = useEditor();
  const queryClient = useQueryClient();
  const fileId = useWatch({ control: form.control, name: path }) as string | null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Takes the server's branding section in: this image and the revision; the person's unsaved edits stay. */
  const adopt = (saved: { revision: number; value: Record<string, unknown> }, name: string) => {
    const current = form.getValues();
    form.reset(
      { ...current, revision: saved.revision, value: { ...current.value, [name]: saved.value[name] ?? null } },
      { keepDirtyValues: true },
    );
    void invalidateEndpoints(queryClient, getStudyVersion);
  };
  const name = path.split('.').pop()!;
  const run = async (work: () => Promise<{ revision: number; value: Record<string, unknown> }>, done: string) => {
    setError(null);
    setBusy(true);
    try {
      adopt(await work(), name);
      notify(done, { kind: 'success' });
    } catch (e) {
      if (e instanceof ApiRequestError && e.body?.code === 'DRAFT_CONFLICT')
        setError(translate('versions.draftConflict', { section: label }, i18n.language));
      else setError(clientErrorMessage(e) ?? t('field.image.wrongType'));
    } finally {
      setBusy(false);
    }
  };

  const onFile = (file: File | null) => {
    if (!file) return;
    const fit = checkUploadFile(uploadBrandingImage, file);
    if (fit !== 'ok') {
      setError(t(fit === 'type' ? 'field.image.wrongType' : 'field.image.tooLarge'));
      return;
    }
    const revision = form.getValues('revision') as number;
    void run(
      () => upload(uploadBrandingImage, { params: { studyId, type }, query: { revision }, file }),
      t('field.image.uploaded', { label }),
    );
  };
  const remove = () => {
    const revision = form.getValues('revision') as number;
    void run(
      () => api.call(deleteBrandingImage, { params: { studyId, type }, query: { revision } }),
      t('field.image.removed', { label }),
    );
  };

  return (
    <Stack gap={6} role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="md" align="center" wrap="wrap">
        {fileId ? (
          <Image
            src={`/api/v1/branding-files/${fileId}`}
            alt={t('field.image.alt', { label })}
            h={type === 'logo' ? 56 : 40}
            w="auto"
            fit="contain"
            data-testid={`image-${type}`}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('field.image.none')}
          </Text>
        )}
        {!readOnly && (
          <Group gap="xs">
            <FileButton onChange={onFile} accept="image/png,image/jpeg,image/svg+xml">
              {(props) => (
                <Button {...props} variant="default" size="xs" loading={busy}>
                  {t(fileId ? 'field.image.replace' : 'field.image.upload', { label: label.toLowerCase() })}
                </Button>
              )}
            </FileButton>
            {fileId && (
              <Button variant="default" size="xs" onClick={remove} disabled={busy}>
                {t('field.image.remove', { label: label.toLowerCase() })}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('field.image.hint')}
      </Text>
      {error && <ErrorAlert>{error}</ErrorAlert>}
    </Stack>
  );
}
