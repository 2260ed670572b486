import { Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
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

/** The language choice: a labelled group of items (a menu may hold only items, groups and separators). */
function LanguageItems() {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const langs: [StaffLanguage, string][] = [
    ['en', t('app.english')],
    ['es', t('app.spanish')],
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of a menu's items (ARIA menu), not a form's fieldset
    <div role="group" aria-labelledby={labelId}>
      <Menu.Label id={labelId}>{t('app.language')}</Menu.Label>
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
    </div>
  );
}

/** Signed out: the language choice; signed in: the account menu (name, role, language, sign-out). */
export function UserMenu() {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const profile = useProfileQuery(signedIn);
  const name = profile.data?.name ?? profile.data?.username ?? '';
  const role = profile.data?.userRole ? roleTitle(profile.data.userRole, i18n.language) : '';
  const accountId = useId();
  if (!signedIn) {
    return (
      <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <UnstyledButton px="sm" py={6} style={{ borderRadius: 6 }} className="tp-header-button">
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
    <Menu position="bottom-end" withinPortal shadow="md" width={240} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton px={6} py={4} style={{ borderRadius: 6 }} className="tp-header-button">
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
              {role && (
                <Text size="xs" c="dimmed" lh={1.2}>
                  {role}
                </Text>
              )}
            </Box>
            {/* Named by the visible name and role (label in name, WCAG 2.5.3), then what it opens. */}
            <VisuallyHidden>{t('app.userMenu')}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <LanguageItems />
        <Menu.Divider role="separator" />
        {/* biome-ignore lint/a11y/useSemanticElements: a group of a menu's items (ARIA menu), not a form's fieldset */}
        <div
          role="group"
          aria-labelledby={name ? accountId : undefined}
          aria-label={name ? undefined : t('app.userMenu')}
        >
          {name && <Menu.Label id={accountId}>{t('app.signedInAs', { name })}</Menu.Label>}
          {/* Red 9 (#c92a2a, 6.0:1 on white); Mantine's red (#fa5252) is 3.3:1. */}
          <Menu.Item component={Link} to="/logout" color="red.9">
            {t('app.signOut')}
          </Menu.Item>
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}
