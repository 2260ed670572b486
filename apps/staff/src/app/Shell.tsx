import { Anchor, AppShell, Badge, Box, Burger, Group, Menu, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { detectEnvironment, MOBILE_BREAKPOINT_PX, roleTitle, translate } from '@trialpath/domain';
import { AppLoader, CookieConsent, CopyrightFooter, OfflineNotifier, ProgressBar } from '@trialpath/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { setLanguage, type StaffLanguage } from '../i18n';
import { loaderStore } from '../shared/loader';
import { useSignedIn } from '../shared/session';
import { useClientQuery, useProfileQuery } from '../shared/startup';
import { IdleWatcher } from './IdleWatcher';
import { StartupEffects } from './StartupEffects';

function Logo() {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label={`${t('app.name')} – ${t('app.portal')}`}
    >
      <Group gap={10} wrap="nowrap">
        <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="#0b7285" />
          <path d="M8 22c4-9 8-12 16-12" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
          <circle cx="8" cy="22" r="2.5" fill="#fff" />
          <circle cx="24" cy="10" r="2.5" fill="#fff" />
        </svg>
        <Box>
          <Text fw={700} size="lg" lh={1.1} c="dark.8">
            {t('app.name')}
          </Text>
          <Text size="xs" c="dimmed" lh={1.1}>
            {t('app.portal')}
          </Text>
        </Box>
      </Group>
    </Link>
  );
}

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

function UserMenu() {
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

export function Shell({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const location = useLocation();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const [navOpen, nav] = useDisclosure(false);
  const client = useClientQuery();
  const isTest = detectEnvironment(`#${location.pathname}`) === 'TEST';
  const lang = i18n.language;

  const links = signedIn ? [{ to: '/studies', label: t('app.studies') }] : [];
  if (client.data?.demoMode) links.push({ to: '/dev/mailbox', label: t('app.mailbox') });

  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: 40 }}
      navbar={
        isMobile && links.length > 0
          ? { width: 260, breakpoint: MOBILE_BREAKPOINT_PX, collapsed: { mobile: !navOpen } }
          : undefined
      }
      padding={isMobile ? 'sm' : 'lg'}
    >
      <button type="button" className="tp-skip-link" onClick={() => document.getElementById('main')?.focus()}>
        {t('app.skipToContent')}
      </button>
      <ProgressBar store={loaderStore} label={t('app.loading')} />
      <AppLoader store={loaderStore} label={t('app.loading')} />
      <AppShell.Header withBorder style={{ borderColor: '#e9ecef' }}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            {isMobile && links.length > 0 && (
              <Burger opened={navOpen} onClick={nav.toggle} size="sm" aria-label={t('app.mainNav')} />
            )}
            <Logo />
            {!isMobile && links.length > 0 && (
              <Group component="nav" aria-label={t('app.mainNav')} gap={4}>
                {links.map((l) => (
                  <Anchor
                    key={l.to}
                    component={Link}
                    to={l.to}
                    className="tp-nav-link"
                    data-active={location.pathname.startsWith(l.to) || undefined}
                    aria-current={location.pathname.startsWith(l.to) ? 'page' : undefined}
                  >
                    {l.label}
                  </Anchor>
                ))}
              </Group>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {isTest && (
              <Badge color="orange" variant="filled" radius="sm">
                {t('app.testEnvironment')}
              </Badge>
            )}
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      {isMobile && links.length > 0 && (
        <AppShell.Navbar p="sm" aria-label={t('app.mainNav')}>
          <Stack gap={4}>
            {links.map((l) => (
              <NavLink
                key={l.to}
                component={Link}
                to={l.to}
                label={l.label}
                active={location.pathname.startsWith(l.to)}
                onClick={nav.close}
              />
            ))}
          </Stack>
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main" tabIndex={-1} style={{ outline: 'none', background: '#f8f9fa' }}>
        {children}
      </AppShell.Main>
      <AppShell.Footer
        withBorder
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', borderColor: '#e9ecef' }}
      >
        <Group gap="md" wrap="nowrap" justify="center">
          <CopyrightFooter />
          <Group gap="sm" wrap="nowrap" component="nav" aria-label={t('app.legal')} visibleFrom="xs">
            <Anchor component={Link} to="/policy" size="xs" c="dark.4">
              {t('app.privacyPolicy')}
            </Anchor>
            <Anchor component={Link} to="/terms-of-use" size="xs" c="dark.4">
              {t('app.termsOfUse')}
            </Anchor>
          </Group>
        </Group>
      </AppShell.Footer>
      <StartupEffects />
      <IdleWatcher />
      <OfflineNotifier
        offlineText={translate('network.offlineStaff', undefined, lang)}
        onlineText={translate('network.onlineStaff', undefined, lang)}
      />
      <CookieConsent scope="portal" />
    </AppShell>
  );
}
