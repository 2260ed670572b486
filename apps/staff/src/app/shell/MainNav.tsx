import { Anchor, AppShell, Group, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSignedIn } from '../../shared/session';
import { useClientQuery } from '../../shared/startup';

export interface NavItem {
  to: string;
  label: string;
}

/** The main navigation's links: the studies and the activity library when signed in, the demo mailbox in demo mode. */
export function useNavItems(): NavItem[] {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const client = useClientQuery();
  const links = signedIn
    ? [
        { to: '/studies', label: t('app.studies') },
        { to: '/activity-library/home', label: t('app.activityLibrary') },
      ]
    : [];
  if (client.data?.demoMode) links.push({ to: '/dev/mailbox', label: t('app.mailbox') });
  return links;
}

/** The links in the header (wide screens). */
export function HeaderNav({ links }: { links: NavItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={t('app.mainNav')} gap={4}>
      {links.map((l) => (
        <Anchor
          key={l.to}
          component={Link}
          to={l.to}
          className="tp-nav-link"
          data-active={pathname.startsWith(l.to) || undefined}
          aria-current={pathname.startsWith(l.to) ? 'page' : undefined}
        >
          {l.label}
        </Anchor>
      ))}
    </Group>
  );
}

/** The links in the side drawer (small screens). */
export function DrawerNav({ id, links, onNavigate }: { id: string; links: NavItem[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <AppShell.Navbar id={id} p="sm" aria-label={t('app.mainNav')}>
      <Stack gap={4}>
        {links.map((l) => (
          <NavLink
            key={l.to}
            component={Link}
            to={l.to}
            label={l.label}
            active={pathname.startsWith(l.to)}
            onClick={onNavigate}
          />
        ))}
      </Stack>
    </AppShell.Navbar>
  );
}
