import { AppShell, Badge, Burger, Group } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { detectEnvironment, MOBILE_BREAKPOINT_PX, translate } from '@trialpath/domain';
import { AppLoader, CookieConsent, OfflineNotifier, ProgressBar, TEST_BADGE_COLOR } from '@trialpath/ui';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { loaderStore } from '../shared/loader';
import { IdleWatcher } from './IdleWatcher';
import { StartupEffects } from './StartupEffects';
import { Logo } from './shell/Logo';
import { DrawerNav, HeaderNav, useNavItems } from './shell/MainNav';
import { ShellFooter } from './shell/ShellFooter';
import { lazyComponent } from '../shared/lazy';
import { useActiveCall } from '../features/telehealth/call-store';
import { usePlayback } from '../features/telehealth/playback-store';
import { loadFeatureTexts } from '../i18n';

// The account menu (Mantine's menu, the role titles) is some 15 kB: it follows the first screen instead of
// weighing on it (DESIGN.md §5 budget); a same-size box holds its place meanwhile.
const UserMenu = lazyComponent(() => import('./shell/UserMenu').then((m) => m.UserMenu));

// The call panel and its texts come with the first call (decision F-calls).
const CallPanel = lazy(() =>
  Promise.all([import('../features/telehealth/CallPanel'), loadFeatureTexts('telehealth')]).then(([m]) => ({
    default: m.CallPanel,
  })),
);

// The playback panel comes with the first recording opened (decision F-recording).
const PlaybackPanel = lazy(() =>
  Promise.all([import('../features/telehealth/PlaybackPanel'), loadFeatureTexts('telehealth')]).then(([m]) => ({
    default: m.PlaybackPanel,
  })),
);

/** The frame of every page: header (navigation, environment badge, account), main, footer, and the app-wide watchers. */
export function Shell({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const [navOpen, nav] = useDisclosure(false);
  const links = useNavItems();
  const isTest = detectEnvironment(`#${location.pathname}`) === 'TEST';
  const lang = i18n.language;
  const drawer = isMobile && links.length > 0;
  const burger = useRef<HTMLButtonElement>(null);
  const call = useActiveCall();
  const [callFullScreen, setCallFullScreen] = useState(false);
  const [callSharing, setCallSharing] = useState(false);
  // a running call comes first; the playback panel waits behind it
  const playback = usePlayback();
  const [playbackFullScreen, setPlaybackFullScreen] = useState(false);
  const showPlayback = playback !== null && !call;
  const narrow = (call && !callFullScreen && !callSharing) || (showPlayback && !playbackFullScreen);

  // Escape closes the side drawer and gives the focus back to the menu button.
  useEffect(() => {
    if (!navOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      nav.close();
      burger.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navOpen, nav]);

  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: { base: 52, xs: 40 } }}
      navbar={drawer ? { width: 260, breakpoint: MOBILE_BREAKPOINT_PX, collapsed: { mobile: !navOpen } } : undefined}
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
            {drawer && (
              <Burger
                ref={burger}
                opened={navOpen}
                onClick={nav.toggle}
                size="sm"
                aria-label={t('app.mainNav')}
                aria-expanded={navOpen}
                aria-controls="tp-drawer-nav"
              />
            )}
            <Logo />
            {!isMobile && links.length > 0 && <HeaderNav links={links} />}
          </Group>
          <Group gap="sm" wrap="nowrap">
            {isTest && (
              <Badge color={TEST_BADGE_COLOR} variant="filled" radius="sm">
                {t('app.testEnvironment')}
              </Badge>
            )}
            <Suspense fallback={<div style={{ width: 44, height: 40 }} />}>
              <UserMenu />
            </Suspense>
          </Group>
        </Group>
      </AppShell.Header>
      {drawer && <DrawerNav id="tp-drawer-nav" links={links} onNavigate={nav.close} />}
      {/* F-044…F-048: the page keeps 74% of the width beside a call's or a playback's panel, all of it in full screen
          or while one shares one's screen */}
      <AppShell.Main
        id="main"
        tabIndex={-1}
        style={{ outline: 'none', background: '#f8f9fa', width: narrow ? '74%' : undefined }}
      >
        {/* In the page flow, above the page: it never covers a button, a footer link or a toast's place. */}
        <CookieConsent scope="portal" />
        {children}
      </AppShell.Main>
      {call && (
        <Suspense fallback={null}>
          <CallPanel
            active={call}
            fullScreen={callFullScreen}
            onFullScreen={setCallFullScreen}
            onSharing={setCallSharing}
          />
        </Suspense>
      )}
      {showPlayback && (
        <Suspense fallback={null}>
          <PlaybackPanel
            key={`${playback.appointmentId}:${playback.recordingId}`}
            active={playback}
            fullScreen={playbackFullScreen}
            onFullScreen={setPlaybackFullScreen}
          />
        </Suspense>
      )}
      <ShellFooter />
      <StartupEffects />
      <IdleWatcher />
      <OfflineNotifier
        offlineText={translate('network.offlineStaff', undefined, lang)}
        onlineText={translate('network.onlineStaff', undefined, lang)}
      />
    </AppShell>
  );
}
