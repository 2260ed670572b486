import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { resolveLanguage } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEGAL } from './content';

function LegalPage({ doc }: { doc: 'policy' | 'terms' }) {
  const { t, i18n } = useTranslation('legal');
  const content = LEGAL[doc][resolveLanguage(i18n.language) as 'en' | 'es'];
  return (
    <Container size="md" py="lg" px={0}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={1} fz={28}>
              {content.title}
            </Title>
            <Text size="xs" c="dimmed" mt={4}>
              {t('legal.updated')}
            </Text>
          </div>
          <Text>{content.intro}</Text>
          {content.sections.map((s) => (
            <section key={s.heading}>
              <Title order={2} fz="lg" mb={4}>
                {s.heading}
              </Title>
              <Text size="sm">{s.body}</Text>
            </section>
          ))}
          <Anchor component={Link} to={doc === 'policy' ? '/terms-of-use' : '/policy'} size="sm">
            {doc === 'policy' ? t('app.termsOfUse') : t('app.privacyPolicy')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}

export function PolicyPage() {
  return <LegalPage doc="policy" />;
}
export function TermsPage() {
  return <LegalPage doc="terms" />;
}
