import { Anchor, Loader, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Page, PAGES, studyHref } from '../../app/routes';
import { getParticipantWebStudy } from '@trialpath/contract';
import { queries } from '../../shared/data';
import { useLang } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { Shell } from './Shell';
import { StudyContext, studyTheme } from './study-context';

// Only shown when the study cannot be loaded: kept out of the first load.
const StudyLoadError = lazy(() => import('./StudyLoadError'));

/** Every page of a study: loads the study's public facts once, then shows the page in its colours. */
export function StudyLayout({ studyCode, page, children }: { studyCode: string; page?: Page; children: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const state = useEndpointQuery(queries, getParticipantWebStudy, { params: { studyCode } });
  const value = useMemo(() => (state.status === 'success' ? studyTheme(state.data) : null), [state]);

  if (state.status === 'loading') {
    return (
      <Shell title={t('app.name')}>
        <PageLoader />
      </Shell>
    );
  }
  if (state.status === 'error' || !value) {
    return (
      <Shell title={t('app.name')}>
        <Suspense fallback={<PageLoader />}>
          <StudyLoadError studyCode={studyCode} error={state.status === 'error' ? state.error : null} />
        </Suspense>
      </Shell>
    );
  }

  const onLanguagePage = page === PAGES.language;
  return (
    <StudyContext.Provider value={value}>
      <Shell
        title={value.study.name}
        color={value.color}
        headerEnd={
          onLanguagePage ? null : (
            <Anchor
              href={studyHref(value.study.studyCode || studyCode, PAGES.language)}
              className="tp-lang-link"
              style={{ color: value.contrast, border: `1px solid ${value.contrast}` }}
              aria-label={t('language.change')}
              title={t('language.change')}
            >
              {lang.slice(0, 2).toUpperCase()}
            </Anchor>
          )
        }
      >
        {children}
      </Shell>
    </StudyContext.Provider>
  );
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <Text c="dimmed">{t('app.loading')}</Text>
    </Stack>
  );
}
