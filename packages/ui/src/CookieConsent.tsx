import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { type CookieConsentScope, giveCookieConsent, hasCookieConsent } from './cookies';
import { useMessages } from './i18n';

/**
 * Cookie-consent banner (002 §9): the portals use only necessary cookies; accepting stores a
 * consent flag cookie for one year. It sits in the page's flow, where it never covers a button, a link or a
 * focused field, and toasts never cover it (decision 0029).
 */
export function CookieConsent({ scope }: { scope: CookieConsentScope }) {
  const { label } = useMessages();
  const [shown, setShown] = useState(() => !hasCookieConsent(scope));
  if (!shown) return null;
  return (
    <Paper
      role="region"
      aria-label={label('cookieTitle')}
      withBorder
      p="md"
      radius="md"
      shadow="xs"
      style={{ maxWidth: 720, margin: '0 auto 16px' }}
    >
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm" style={{ flex: '1 1 320px' }}>
          {label('cookieText')}
        </Text>
        <Button
          onClick={() => {
            giveCookieConsent(scope);
            setShown(false);
          }}
        >
          {label('cookieAccept')}
        </Button>
      </Group>
    </Paper>
  );
}
