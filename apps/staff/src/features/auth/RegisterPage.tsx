import { Center, Loader, Stack, Text } from '@mantine/core';
import { checkResetToken } from '@trialpath/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { api } from '../../shared/api';

/**
 * #/register/:token: registration of an invited staff user. Accounts are created by invitation, so
 * registering means creating the first password with the invitation token; an unusable token goes
 * to the expired-link page.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const check = useQuery({
    queryKey: ['password-token', token],
    queryFn: () => api.call(checkResetToken, { params: { token } }),
    enabled: token.length >= 10,
    retry: false,
    staleTime: Infinity,
  });
  if (token.length < 10 || check.isError || (check.data && (!check.data.valid || check.data.purpose !== 'invite')))
    return <Navigate to="/expire-link" replace />;
  if (check.data) return <Navigate to={`/create-password/${encodeURIComponent(token)}`} replace />;
  return (
    <Center py={80} role="status">
      <Stack align="center" gap="xs">
        <Loader aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {t('support.registerChecking')}
        </Text>
      </Stack>
    </Center>
  );
}
