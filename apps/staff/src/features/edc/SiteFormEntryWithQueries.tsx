/**
 * The site form entry page with a data query button next to each saved answer (E-144…E-146): the queries feature's
 * button, loaded with its own chunk (its texts come with this feature's, `uses: ['queries']`).
 */
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { SiteFormEntryPage } from './SiteFormEntryPage';

const QueryButton = lazy(() => import('../queries/pages').then((m) => ({ default: m.QueryButton })));

export function SiteFormEntryWithQueriesPage() {
  const { studyId = '', participantId = '' } = useParams();
  return (
    <SiteFormEntryPage
      renderItemExtras={(item, entry) =>
        entry.entryId ? (
          <Suspense fallback={null}>
            <QueryButton
              studyId={studyId}
              participantId={participantId}
              targetKind="siteForm"
              targetId={entry.entryId}
              item={item}
              itemLabel={entry.label}
            />
          </Suspense>
        ) : null
      }
    />
  );
}
