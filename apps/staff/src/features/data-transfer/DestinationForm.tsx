/**
 * Add or modify an SFTP destination (H-017, H-018, H-022, H-035): the connection, a password or a PEM file (read by
 * the server: its key type and fingerprint shown, or the parser's reason), the folder and the schedule. "Test
 * connection" tries the details as they stand and shows the server's host key, which can be pinned before saving.
 * On a modify, an empty password or key keeps the saved one.
 */
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  createSftpDestination,
  listSftpDestinations,
  SFTP_AUTH_METHODS,
  SFTP_SCHEDULE_KINDS,
  type SftpDestination,
  SftpDestinationUpdateSchema,
  type SftpTestResult,
  testSftpDetails,
  updateSftpDestination,
  uploadSftpPem,
} from '@trialpath/contract';
import { applyServerFieldErrors, ErrorAlert, notify, uiLabel, useContractForm, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, upload } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { TestResult } from './TestResult';
import { useTransferLabels } from './labels';

type Props = { studyId: string; destination: SftpDestination | null; onClose: () => void };

export function DestinationForm({ studyId, destination, onClose }: Props) {
  const { t, i18n } = useTranslation('data-transfer');
  const labels = useTransferLabels();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const form = useContractForm(SftpDestinationUpdateSchema, {
    defaultValues: {
      name: destination?.name ?? '',
      host: destination?.host ?? '',
      port: destination?.port ?? 22,
      username: destination?.username ?? '',
      authMethod: destination?.authMethod ?? 'PASSWORD',
      password: '',
      privateKey: '',
      passphrase: '',
      remoteFolder: destination?.remoteFolder ?? '.',
      scheduleKind: destination?.scheduleKind ?? 'NONE',
      scheduleTime: destination?.scheduleTime ?? '',
      scheduleDay: destination?.scheduleDay ?? 1,
      hostKeyFingerprint: destination?.hostKeyFingerprint ?? null,
      resetHostKey: false,
    },
  });
  const { register, handleSubmit, formState, watch, setValue } = form;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [keyNote, setKeyNote] = useState<string | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<SftpTestResult | null>(null);
  const method = watch('authMethod');
  const kind = watch('scheduleKind');
  const pinned = watch('hostKeyFingerprint');

  /** The PEM file is read by the server (H-035); its text goes with the save. */
  const readPem = async (file: File | null) => {
    setKeyNote(null);
    setKeyError(null);
    setValue('privateKey', '');
    if (!file) return;
    const text = await file.text();
    try {
      const info = await upload(uploadSftpPem, {
        params: { studyId },
        query: { fileType: 'PRIVATE_KEY' },
        file: new Blob([text], { type: 'application/x-pem-file' }),
      });
      setValue('privateKey', text);
      setKeyNote(
        info.encrypted
          ? t('form.keyEncrypted')
          : t('form.keyRead', { type: info.keyType, fingerprint: info.fingerprint }),
      );
    } catch (e) {
      setKeyError(refusalText(e, i18n.language, t('error.generic')));
    }
  };

  const runTest = async () => {
    const v = form.getValues();
    setTesting(true);
    setTested(null);
    setRefusal(null);
    try {
      setTested(
        await api.call(testSftpDetails, {
          params: { studyId },
          body: {
            name: v.name,
            host: v.host,
            port: v.port,
            username: v.username,
            authMethod: v.authMethod,
            password: v.password,
            privateKey: v.privateKey,
            passphrase: v.passphrase,
            remoteFolder: v.remoteFolder,
            hostKeyFingerprint: v.resetHostKey ? null : (v.hostKeyFingerprint ?? null),
            sftpId: destination?.id ?? null,
          },
        }),
      );
    } catch (e) {
      if (!applyServerFieldErrors(e, form, i18n.language)) setRefusal(errorMessage(e, t('error.generic')));
    } finally {
      setTesting(false);
    }
  };

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    const { resetHostKey, ...body } = values;
    try {
      const saved = destination
        ? await api.call(updateSftpDestination, {
            params: { studyId, sftpId: destination.id },
            body: { ...body, resetHostKey },
          })
        : await api.call(createSftpDestination, { params: { studyId }, body });
      notify(t('form.saved', { name: saved.name }), { kind: 'success' });
      await invalidateEndpoints(queryClient, listSftpDestinations);
      onClose();
    } catch (e) {
      if (!applyServerFieldErrors(e, form, i18n.language)) setRefusal(errorMessage(e, t('error.generic')));
    }
  });

  const err = formState.errors;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={destination ? t('form.editTitle', { name: destination.name }) : t('form.addTitle')}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ErrorAlert>{refusal}</ErrorAlert>
          <TextInput label={t('form.name')} error={err.name?.message} {...register('name')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('form.host')} error={err.host?.message} {...register('host')} />
            <TextInput label={t('form.port')} inputMode="numeric" error={err.port?.message} {...register('port')} />
            <TextInput label={t('form.username')} error={err.username?.message} {...register('username')} />
          </SimpleGrid>
          <NativeSelect
            label={t('form.authMethod')}
            data={SFTP_AUTH_METHODS.map((m) => ({ value: m, label: labels.method[m] }))}
            {...register('authMethod')}
          />
          {method === 'PASSWORD' ? (
            <PasswordInput
              label={t('form.password')}
              description={destination?.hasPassword ? t('form.passwordKept') : undefined}
              error={err.password?.message}
              autoComplete="new-password"
              {...register('password')}
            />
          ) : (
            <>
              <FileInput
                label={t('form.privateKey')}
                description={
                  destination?.hasPrivateKey
                    ? t('form.privateKeyKept', { fingerprint: destination.privateKeyFingerprint ?? '' })
                    : undefined
                }
                accept=".pem,.key,application/x-pem-file,text/plain"
                clearable
                onChange={(file) => void readPem(file)}
                error={keyError ?? err.privateKey?.message}
              />
              {keyNote && (
                <Text size="sm" c="dimmed">
                  {keyNote}
                </Text>
              )}
              <PasswordInput
                label={t('form.passphrase')}
                error={err.passphrase?.message}
                autoComplete="off"
                {...register('passphrase')}
              />
            </>
          )}
          <TextInput label={t('form.remoteFolder')} error={err.remoteFolder?.message} {...register('remoteFolder')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label={t('form.scheduleKind')}
              data={SFTP_SCHEDULE_KINDS.map((k) => ({ value: k, label: labels.kind[k] }))}
              {...register('scheduleKind')}
            />
            {kind !== 'NONE' && (
              <TextInput
                label={t('form.scheduleTime')}
                placeholder="02:00"
                error={err.scheduleTime?.message}
                {...register('scheduleTime')}
              />
            )}
            {kind === 'WEEKLY' && (
              <NativeSelect
                label={t('form.scheduleDay')}
                data={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: labels.day(d) }))}
                error={err.scheduleDay?.message}
                {...register('scheduleDay')}
              />
            )}
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('form.hostKey')}
            </Text>
            <Text size="sm" c="dimmed" ff={pinned ? 'monospace' : undefined}>
              {pinned ?? t('form.hostKeyNone')}
            </Text>
            {destination?.hostKeyFingerprint && (
              <Checkbox label={t('form.resetHostKey')} {...register('resetHostKey')} />
            )}
          </Stack>
          {testing && (
            <Alert color="blue" variant="light">
              {t('test.running')}
            </Alert>
          )}
          {tested && (
            <TestResult
              result={tested}
              onPin={
                tested.ok && tested.hostKeyFingerprint !== pinned
                  ? () => setValue('hostKeyFingerprint', tested.hostKeyFingerprint)
                  : undefined
              }
            />
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => void runTest()} loading={testing}>
              {t('form.test')}
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" loading={formState.isSubmitting}>
                {t('form.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
