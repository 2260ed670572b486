import { MantineProvider } from '@mantine/core';
import { ToastHost } from '@trialpath/ui';
import { type DefaultOptions, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../i18n';
import { onLoggedOut } from '../shared/api';
import { refreshAfterWrites } from '../shared/queries';
import { staffCssVariables, staffTheme } from './theme';

/** The portal's query defaults (exported so tests can build a client that behaves like the app's). */
export const queryDefaults = {
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  mutations: { retry: false },
} satisfies DefaultOptions;

const queryClient = new QueryClient({ defaultOptions: queryDefaults });
onLoggedOut(() => queryClient.clear());
refreshAfterWrites(queryClient);

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={staffTheme} cssVariablesResolver={staffCssVariables}>
          <ToastHost />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
