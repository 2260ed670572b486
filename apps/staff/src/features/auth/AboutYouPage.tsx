import {
  Alert,
  Avatar,
  Button,
  Center,
  FileButton,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  checkUploadFile,
  endpointKeyOf,
  getProfile,
  getProfileImage,
  PROFILE_IMAGE_TYPES,
  queryKeyOf,
  type StaffUser,
  updateProfile,
  uploadProfileImage,
} from '@trialpath/contract';
import { ErrorAlert, notify, useContractForm, useUnsavedChangesGuard } from '@trialpath/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { redirectAfterSignIn } from './session-start';
import { api, fetchObjectUrl, upload } from '../../shared/api';
import { useSignedIn } from '../../shared/session';
import { usePageEnvironment } from '../../shared/queries';
import { useProfileQuery } from '../../shared/startup';
import { storage } from '../../shared/storage';
import { AuthCard } from './AuthCard';
import { EmailChange } from './EmailChange';
import { MobileChange } from './MobileChange';
import { NameFields } from './NameFields';
import { clientErrorMessage, useFormError } from './form-error';

export interface ProfileForm {
  firstName: string;
  lastName: string;
  workNumber: string;
  licenseType: string;
}

/** The form-draft id of this page (A-038): one draft per user. */
export const aboutYouDraftId = (userId: string) => `about-you.${userId}`;

function formOf(p: StaffUser): ProfileForm {
  return {
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    workNumber: p.workNumber ?? '',
    licenseType: p.licenseType ?? '',
  };
}

const orNull = (v: string | null | undefined) => (v ? v : null);

/** The profile image of a user, fetched with the session's token (an object URL), or null. */
export function useProfileImageUrl(user: Pick<StaffUser, 'id' | 'profileImage'>): string | null {
  const env = usePageEnvironment();
  const path = user.profileImage;
  const image = useQuery({
    // A binary read (not JSON): the contract's key all the same, so an upload invalidates it by endpoint.
    queryKey: queryKeyOf(getProfileImage, { params: { userId: user.id } }, env),
    queryFn: () => (path ? fetchObjectUrl(path) : null),
    enabled: Boolean(path),
    staleTime: Infinity,
  });
  return image.data ?? null;
}

function PhotoField({ profile }: { profile: StaffUser }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const stored = useProfileImageUrl(profile);
  const src = preview ?? stored;

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onFile = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    setError(null);
    const fit = checkUploadFile(uploadProfileImage, file);
    if (fit !== 'ok') {
      setError(fit === 'type' ? t('profile.wrongType') : t('profile.tooLarge'));
      return;
    }
    setProgress(0);
    try {
      const r = await upload(uploadProfileImage, {
        file,
        onProgress: (loaded, total) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 100),
      });
      setProgress(100);
      setPreview(URL.createObjectURL(file));
      queryClient.setQueriesData<StaffUser>({ queryKey: endpointKeyOf(getProfile) }, (p) =>
        p ? { ...p, profileImage: r.profileImage } : p,
      );
      void queryClient.invalidateQueries({ queryKey: endpointKeyOf(getProfileImage) });
      const u = storage.getUser<StaffUser>();
      if (u) storage.setUser({ ...u, profileImage: r.profileImage });
      notify(t('profile.uploaded'), { kind: 'success' });
    } catch (e) {
      setProgress(null);
      const m = clientErrorMessage(e);
      if (m) setError(m);
    }
  };

  return (
    <Group align="center" gap="md" wrap="nowrap">
      <Avatar
        src={src}
        alt={t('profile.photoAlt', { name: profile.name })}
        size={72}
        radius="50%"
        color="cyan"
        data-testid="profile-photo"
        data-loaded={src ? 'true' : 'false'}
      >
        {`${profile.firstName?.[0] ?? ''}${profile.lastName?.[0] ?? ''}`.toUpperCase()}
      </Avatar>
      <Stack gap={6} style={{ flex: 1 }}>
        <Text size="sm" fw={500}>
          {t('profile.photo')}
        </Text>
        <FileButton resetRef={resetRef} onChange={onFile} accept={PROFILE_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="default" size="xs" w="fit-content">
              {t('profile.choosePhoto')}
            </Button>
          )}
        </FileButton>
        {progress !== null && (
          <Progress.Root size="md" radius="xl" data-testid="upload-progress">
            <Progress.Section
              value={progress}
              animated={progress < 100}
              aria-label={t('profile.uploading')}
              aria-valuetext={`${progress}%`}
            />
          </Progress.Root>
        )}
        <Text size="xs" c={error ? 'red.8' : 'dimmed'} role={error ? 'alert' : undefined}>
          {error ?? t('profile.photoHint')}
        </Text>
      </Stack>
    </Group>
  );
}

function ProfileEditor({ profile }: { profile: StaffUser }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const draftId = aboutYouDraftId(profile.id);
  const draft = useRef(storage.getFormDraft<ProfileForm>(draftId));
  const form = useContractForm(updateProfile.body!, { defaultValues: draft.current?.data ?? formOf(profile) });
  const { register, handleSubmit, formState, watch } = form;
  const failure = useFormError(form);
  const dirty = (formState.isDirty || draft.current !== null) && !saved;
  const guard = useUnsavedChangesGuard(dirty);

  // A-038: while the form has unsaved changes they are kept as saved form-editing data.
  useEffect(() => {
    const sub = watch((values) => {
      if (!saved) storage.setFormDraft(draftId, values as ProfileForm);
    });
    return () => sub.unsubscribe();
  }, [watch, draftId, saved]);

  useEffect(() => {
    if (draft.current) notify(t('profile.draftRestored'), { kind: 'info' });
  }, [t]);

  useEffect(() => {
    if (saved) navigate(redirectAfterSignIn(params.get('redirectTo')), { replace: true });
  }, [saved, navigate, params]);

  const submit = handleSubmit((v) =>
    failure.run(async () => {
      const user = await api.call(updateProfile, {
        body: {
          firstName: v.firstName,
          lastName: v.lastName,
          workNumber: orNull(v.workNumber),
          licenseType: orNull(v.licenseType),
        },
      });
      storage.clearFormDraft(draftId);
      queryClient.setQueriesData({ queryKey: endpointKeyOf(getProfile) }, user);
      storage.setUser({ ...(storage.getUser<StaffUser>() ?? {}), ...user });
      notify(t('profile.saved'), { kind: 'success' });
      setSaved(true);
    }),
  );

  return (
    <Stack gap="md">
      <PhotoField profile={profile} />
      <EmailChange profile={profile} />
      <MobileChange profile={profile} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorAlert>{failure.error}</ErrorAlert>
          <NameFields form={form} />
          <TextInput
            label={t('profile.workNumber')}
            type="tel"
            autoComplete="work tel"
            error={formState.errors.workNumber?.message}
            {...register('workNumber')}
          />
          <TextInput
            label={t('profile.licenseType')}
            placeholder={t('profile.licensePlaceholder')}
            error={formState.errors.licenseType?.message}
            {...register('licenseType')}
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth>
            {t('profile.save')}
          </Button>
        </Stack>
      </form>
      {guard}
    </Stack>
  );
}

/** #/about-you/:userId: profile completion for an invited user (000 §2.1, A-014). */
export function AboutYouPage() {
  const { t } = useTranslation('auth');
  const { userId = '' } = useParams();
  const signedIn = useSignedIn();
  const profile = useProfileQuery(signedIn);
  if (!signedIn) return <Navigate to={`/login?redirectTo=${encodeURIComponent(`/about-you/${userId}`)}`} replace />;
  if (!profile.data) {
    return (
      <Center py={80} role="status">
        <Loader role="img" aria-label={t('app.loading')} />
      </Center>
    );
  }
  const p = profile.data;
  return (
    <AuthCard title={t('profile.title')} subtitle={t('profile.text')}>
      {p.id !== userId ? (
        <Alert color="orange" variant="light" role="alert">
          {t('support.notYourAccount')}
        </Alert>
      ) : (
        <ProfileEditor profile={p} />
      )}
    </AuthCard>
  );
}
