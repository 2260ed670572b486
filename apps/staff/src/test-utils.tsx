import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import './app/features';
import i18n from './i18n';

/** Render a staff-portal component with the app's providers and a fresh query cache. */
export function renderApp(
  ui: ReactElement,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return {
    queryClient,
    ...render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider env="test">{ui}</MantineProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    ),
  };
}

/** The client identity call's answer (GET /api/v1/client) as the demo server gives it. */
export function clientIdentity(over: Record<string, unknown> = {}) {
  return {
    id: 'c1',
    name: 'Demo',
    clientId: 'demo',
    isTwoFAEnabled: false,
    isCognitoAuthentication: false,
    isParticipantUsesCognito: false,
    supportDeskUrl: null,
    demoMode: true,
    ...over,
  };
}
