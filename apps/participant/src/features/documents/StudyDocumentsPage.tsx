import '../../feature-styles';
import { Anchor, Box, Loader, Stack, Title } from '@mantine/core';
import { getMyPortalData, type PortalData } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { segmentsOf, usePath } from '../../app/router';
import { PAGES, studyPath } from '../../app/routes';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { api } from '../../shared/portal';
import { ErrorAlert, PageTitle, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { ContentMissing, fetchDocument, fileUrl } from './portal-files';

/** The documents each page shows (001 §2): the study overview; the privacy policy with the licence agreement. */
const PAGE_DOCUMENTS = {
  [PAGES.overview]: ['study_overview'],
  [PAGES.documents]: ['privacy_policy', 'licenseAgreement'],
} as const;

type Loaded = { name: string; title: string; html: string; pdf: string | null };
type State = { kind: 'loading' } | { kind: 'error'; text: string } | { kind: 'ready'; docs: Loaded[] };

/**
 * D-036 study overview and D-037 privacy policy and licence agreement: the documents of the participant's
 * version, fetched directly by the signed addresses of their portal data (D-093); a missing one shows the
 * spec's data-sync message (D-094, D-115). Each also as a PDF to keep.
 */
export default function StudyDocumentsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const session = useSession();
  const page = segmentsOf(usePath()).at(-1) === PAGES.documents ? PAGES.documents : PAGES.overview;
  const [state, setState] = useState<State>({ kind: 'loading' });
  const first = state.kind === 'ready' ? state.docs[0]?.title : undefined;
  useDocumentTitle(first, study.name);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    (async () => {
      const data: PortalData = await api.call(getMyPortalData, {
        query: session?.pid ? { participantId: session.pid } : {},
      });
      const docs = await Promise.all(
        PAGE_DOCUMENTS[page].map(async (name) => ({
          name,
          ...(await fetchDocument(data, `${name}.html`, lang)),
          pdf: fileUrl(data, `${name}.pdf`),
        })),
      );
      if (live) setState({ kind: 'ready', docs });
    })().catch((err: unknown) => {
      if (!live) return;
      const text =
        err instanceof ContentMissing
          ? translate('data.syncFailed', undefined, lang)
          : failureText(err, lang, 'data.syncFailed', navigator.onLine);
      setState({ kind: 'error', text });
    });
    return () => {
      live = false;
    };
  }, [page, lang, session?.pid]);

  return (
    <Stack gap="lg">
      {state.kind === 'loading' && <Loader size="sm" role="img" aria-label={t('app.loading')} />}
      {state.kind === 'error' && (
        <>
          <PageTitle>{study.name}</PageTitle>
          <ErrorAlert>{state.text}</ErrorAlert>
        </>
      )}
      {state.kind === 'ready' &&
        state.docs.map((doc, i) => (
          <Stack key={doc.name} gap="sm" component="section" aria-labelledby={`doc-${doc.name}`}>
            <Title order={i === 0 ? 1 : 2} fz="h2" id={`doc-${doc.name}`}>
              {doc.title}
            </Title>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rich text (A-166), in a page that runs nothing */}
            <Box className="tp-rich" dangerouslySetInnerHTML={{ __html: doc.html }} />
            {doc.pdf && (
              <Anchor href={doc.pdf} target="_blank" rel="noopener">
                {`${doc.title} (PDF)`}
              </Anchor>
            )}
          </Stack>
        ))}
      <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{t('nav.backToStart')}</TouchLink>
    </Stack>
  );
}
