import { Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { roleTitle } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setLanguage, type StaffLanguage } from '../../i18n';
import { useSignedIn } from '../../shared/session';
import { useProfileQuery } from '../../shared/startup';

function GlobeIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </svg>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
}

function LanguageItems() {
  const { t, i18n } = useTranslation();
  const langs: [StaffLanguage, string][] = [
    ['en', t('app.english')],
    ['es', t('app.spanish')],
  ];
  return (
    <>
      <Menu.Label>{t('app.language')}</Menu.Label>
      {langs.map(([code, label]) => (
        <Menu.Item
          key={code}
          lang={code}
          onClick={() => setLanguage(code)}
          aria-current={i18n.language === code ? 'true' : undefined}
          rightSection={i18n.language === code ? <span aria-hidden="true">✓</span> : null}
        >
          {label}
        </Menu.Item>
      ))}
    </>
  );
}

/** Signed out: the language choice; signed in: the account menu (name, role, language, sign-out). */
export function UserMenu() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const profile = useProfileQuery(signedIn);
  const name = profile.data?.name ?? profile.data?.username ?? '';
  if (!signedIn) {
    return (
      <Menu position="bottom-end" withinPortal shadow="md">
        <Menu.Target>
          <UnstyledButton
            aria-label={t('app.language')}
            px="sm"
            py={6}
            style={{ borderRadius: 6 }}
            className="tp-header-button"
          >
            <Group gap={6} wrap="nowrap">
              <GlobeIcon />
              <Text size="sm" fw={500}>
                {t('app.language')}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <LanguageItems />
        </Menu.Dropdown>
      </Menu>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('app.userMenu')}
          px={6}
          py={4}
          style={{ borderRadius: 6 }}
          className="tp-header-button"
        >
          <Group gap={8} wrap="nowrap">
            <Box
              aria-hidden="true"
              w={32}
              h={32}
              style={{
                borderRadius: '50%',
                background: '#e3fafc',
                color: '#0b7285',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 700,
                fontSize: 13,
              }}
            >
              {initials(name) || '•'}
            </Box>
            <Box visibleFrom="sm">
              <Text size="sm" fw={600} lh={1.2}>
                {name}
              </Text>
              {profile.data?.userRole && (
                <Text size="xs" c="dimmed" lh={1.2}>
                  {roleTitle(profile.data.userRole)}
                </Text>
              )}
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {name && (
          <>
            <Menu.Label>{t('app.signedInAs', { name })}</Menu.Label>
            <Menu.Divider />
          </>
        )}
        <LanguageItems />
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red">
          {t('app.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
