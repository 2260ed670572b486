import { Anchor, AppShell, Group } from '@mantine/core';
import { CopyrightFooter } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The copyright line and the legal links; on a phone the links wrap to a second line rather than hide. */
export function ShellFooter() {
  const { t } = useTranslation();
  return (
    <AppShell.Footer
      withBorder
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', borderColor: '#e9ecef' }}
    >
      <Group gap="md" wrap="wrap" justify="center" style={{ rowGap: 2 }}>
        <CopyrightFooter />
        <Group gap="sm" wrap="nowrap" component="nav" aria-label={t('app.legal')}>
          <Anchor component={Link} to="/policy" size="xs" c="dark.4">
            {t('app.privacyPolicy')}
          </Anchor>
          <Anchor component={Link} to="/terms-of-use" size="xs" c="dark.4">
            {t('app.termsOfUse')}
          </Anchor>
        </Group>
      </Group>
    </AppShell.Footer>
  );
}
