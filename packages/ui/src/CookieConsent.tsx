import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { type CookieConsentScope, giveCookieConsent, hasCookieConsent } from './cookies';
import { useMessages } from './i18n';

/**
 * Cookie-consent banner (002 §9): the portals use only necessary cookies; accepting stores a
 * consent flag cookie for one year.
 */
export function CookieConsent({ scope }: { scope: CookieConsentScope }) {
  const { label } = useMessages();
  const [shown, setShown] = useState(() => !hasCookieConsent(scope));
  if (!shown) return null;
  return (
    <Paper
      role="region"
      aria-label={label('cookieTitle')}
      shadow="md"
      withBorder
      p="md"
      radius="md"
      style={{ position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 1500, maxWidth: 720, margin: '0 auto' }}
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
