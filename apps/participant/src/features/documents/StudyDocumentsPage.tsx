import '../../feature-styles';
import { Anchor, Box, Loader, Stack, Title } from '@mantine/core';
import { getMyPortalData, getPortalData, type PortalData } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { segmentsOf, usePath } from '../../app/router';
import { PAGES, studyPath } from '../../app/routes';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { api, storage } from '../../shared/portal';
import { isLoggedIn } from '../../shared/session';
import { rememberedStudy } from '../../shared/storage';
import { ErrorAlert, PageTitle, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { ContentMissing, fetchDocument, fileUrl } from './portal-files';
import { DOCUMENTS_NS } from './texts';

/** The documents each page shows (001 §2): the study overview; the privacy policy with the licence agreement. */
const PAGE_DOCUMENTS = {
  [PAGES.overview]: ['study_overview'],
  [PAGES.documents]: ['privacy_policy', 'licenseAgreement'],
} as const;

/**
 * Before sign-in (a person deciding whether to join): the version this device keeps for the study (001 §7:
 * portal data by a version id, no participant). No version: the study has nothing to show yet.
 */
function publicPortalData(studyId: string, studyCode: string): Promise<PortalData> {
  const versionId = rememberedStudy(storage, studyCode)?.versionId;
  if (!versionId) return Promise.reject(new ContentMissing('portal-data'));
  return api.call(getPortalData, { params: { studyId, versionId } });
}

type Loaded = { name: string; title: string; html: string; pdf: string | null };
type State = { kind: 'loading' } | { kind: 'error'; text: string } | { kind: 'ready'; docs: Loaded[] };

/**
 * D-036 study overview and D-037 privacy policy and licence agreement: the documents of the participant's
 * version, fetched directly by the signed addresses of their portal data (D-093); a missing one shows the
 * spec's data-sync message (D-094, D-115). Each also as a PDF to keep.
 */
export default function StudyDocumentsPage() {
  const { t } = useTranslation();
  const { t: td } = useTranslation(DOCUMENTS_NS);
  const lang = useLang();
  const { study } = useStudy();
  const session = useSession();
  const signedIn = isLoggedIn(session, study.studyCode);
  const page = segmentsOf(usePath()).at(-1) === PAGES.documents ? PAGES.documents : PAGES.overview;
  const [state, setState] = useState<State>({ kind: 'loading' });
  // The page's name as home links to it: the tab and the heading while no document says its own title.
  const pageName = td(page === PAGES.documents ? 'documents' : 'overview');
  const first = state.kind === 'ready' ? state.docs[0]?.title : undefined;
  useDocumentTitle(first || pageName, study.name);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    (async () => {
      const data: PortalData = signedIn
        ? await api.call(getMyPortalData, { query: { participantId: session!.pid } })
        : await publicPortalData(study.studyId, study.studyCode);
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
  }, [page, lang, signedIn, session?.pid, study.studyId, study.studyCode]);

  return (
    <Stack gap="lg">
      {state.kind === 'loading' && <Loader size="sm" role="img" aria-label={t('app.loading')} />}
      {state.kind === 'error' && (
        <>
          <PageTitle>{pageName}</PageTitle>
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
