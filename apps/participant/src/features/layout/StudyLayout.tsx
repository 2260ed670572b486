import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Page, PAGES, studyHref } from '../../app/routes';
import { getParticipantWebStudy } from '@trialpath/contract';
import { queries } from '../../shared/data';
import { useLang } from '../../shared/hooks';
import { storage } from '../../shared/portal';
import { rememberedStudy, rememberStudy } from '../../shared/storage';
import { useEndpointQuery } from '../../shared/queries';
import { usePath } from '../../app/router';
import { prototypeToken, searchOfHash, studyQuery } from './prototype';
import { Shell } from './Shell';
import { StudyContext, studyTheme } from './study-context';

// Only shown when the study cannot be loaded: kept out of the first load.
const StudyLoadError = lazy(() => import('./StudyLoadError'));

/** Every page of a study: loads the study's public facts once, then shows the page in its colours. */
export function StudyLayout({ studyCode, page, children }: { studyCode: string; page?: Page; children: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  usePath(); // the token is read again on every move within the portal
  const prototype = prototypeToken(studyCode, searchOfHash(window.location.hash));
  const input = { params: { studyCode }, query: studyQuery(prototype) };
  const state = useEndpointQuery(queries, getParticipantWebStudy, input);
  const value = useMemo(() => {
    if (state.status !== 'success') return null;
    // Kept before the pages render, as they read it (a prototype previews a draft: not this device's study).
    const loaded = state.data;
    if (!loaded.prototype)
      rememberStudy(storage, { studyCode: loaded.studyCode, name: loaded.name, versionId: loaded.versionId });
    return studyTheme(loaded, lang);
  }, [state, lang]);

  if (state.status === 'loading') {
    return (
      <Shell title={t('app.name')}>
        <PageLoader />
      </Shell>
    );
  }
  if (state.status === 'error' || !value) {
    // Offline, the header still names the study this device knows by its code.
    return (
      <Shell title={rememberedStudy(storage, studyCode)?.name || t('app.name')}>
        <Suspense fallback={<PageLoader />}>
          <StudyLoadError
            input={input}
            prototype={prototype !== null}
            error={state.status === 'error' ? state.error : null}
          />
        </Suspense>
      </Shell>
    );
  }

  const onLanguagePage = page === PAGES.language;
  const code = value.study.studyCode || studyCode;
  const upper = lang.slice(0, 2).toUpperCase();
  return (
    <StudyContext.Provider value={value}>
      <Shell
        title={value.title}
        logoUrl={value.logoUrl}
        color={value.color}
        legalLinks={{ privacy: studyHref(code, PAGES.privacy), terms: studyHref(code, PAGES.terms) }}
        headerEnd={
          onLanguagePage ? null : (
            <Anchor
              href={studyHref(code, PAGES.language)}
              className="tp-lang-link"
              style={{ color: value.contrast, border: `1px solid ${value.contrast}` }}
              // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
              aria-label={`${upper} – ${t('language.change')}`}
              title={t('language.change')}
            >
              {upper}
            </Anchor>
          )
        }
      >
        {value.study.prototype && <PrototypeBanner {...value.study.prototype} />}
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

/** Every page of a prototype says so: what it is, of which version, until when the link works. */
function PrototypeBanner({ versionNumber, expiresAt }: { versionNumber: number; expiresAt: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const until = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(expiresAt));
  return (
    <Alert
      color="yellow"
      variant="light"
      mb="md"
      title={t('prototype.title', { number: versionNumber })}
      // The light yellow's own title colour is too faint to read (WCAG contrast).
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      {t('prototype.text', { until })}
    </Alert>
  );
}
