import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { translate } from '@trialpath/domain';
import { PageNotFound } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from '../shared/lazy';

/** Error screen of the router: a chunk that failed to load, a 404, or an unexpected error. */
export function RouteError() {
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <PageNotFound homeHref="#/" />;
  const chunk =
    error instanceof ChunkLoadError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message));
  return (
    <Center py={64} px="md">
      <Stack maw={520} w="100%">
        <Alert
          color="red"
          variant="light"
          title={chunk ? t('app.somethingWrong') : t('app.somethingWrong')}
          role="alert"
        >
          <Text size="sm">
            {chunk ? translate('errors.chunkLoad', undefined, i18n.language) : t('app.unexpectedError')}
          </Text>
        </Alert>
        <Button onClick={() => window.location.reload()} variant="default" style={{ alignSelf: 'flex-start' }}>
          {t('app.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
