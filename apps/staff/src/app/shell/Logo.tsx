import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The portal's mark and name, a link to the start page. */
export function Logo() {
  const { t } = useTranslation();
  return (
    // Named by its visible text (label in name, WCAG 2.5.3): "Trialpath Staff portal".
    <Link to="/" style={{ textDecoration: 'none', color: 'inherit' }}>
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
