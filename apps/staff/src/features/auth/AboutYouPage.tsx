import { Alert, Button, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { roleTitle } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useSignedIn } from '../../shared/session';
import { useProfileQuery } from '../../shared/startup';
import { AuthCard } from './AuthCard';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{value || t('support.notSet')}</Text>
    </div>
  );
}

/** #/about-you/:userId: an invited user reviews the details the administrator entered. */
export function AboutYouPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const signedIn = useSignedIn();
  const profile = useProfileQuery(signedIn);
  if (!signedIn) return <Navigate to={`/login?redirectTo=${encodeURIComponent(`/about-you/${userId}`)}`} replace />;
  if (!profile.data) {
    return (
      <Center py={80} role="status">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const p = profile.data;
  return (
    <AuthCard title={t('support.aboutYouTitle')} subtitle={t('support.aboutYouText')}>
      <Stack gap="md">
        {p.id !== userId && (
          <Alert color="orange" variant="light" role="alert">
            {t('support.notYourAccount')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Field label={t('support.firstName')} value={p.firstName} />
          <Field label={t('support.lastName')} value={p.lastName} />
          <Field label={t('auth.username')} value={p.username} />
          <Field label={t('support.email')} value={p.email} />
          <Field label={t('support.phone')} value={p.phoneNumber} />
          <Field label={t('support.role')} value={roleTitle(p.userRole)} />
        </SimpleGrid>
        <Button component={Link} to="/studies">
          {t('support.continue')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
