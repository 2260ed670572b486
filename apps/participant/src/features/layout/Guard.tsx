import type { ReactNode } from 'react';
import { Redirect } from '../../app/router';
import { decideStudyPage, type Page } from '../../app/routes';
import { useSession } from '../../shared/hooks';

/** Applies the navigation guard of a study page (signed-in pages, signed-out pages). */
export function Guard({ page, studyCode, children }: { page: Page; studyCode: string; children: ReactNode }) {
  const session = useSession();
  const decision = decideStudyPage(page, studyCode, session);
  if (decision.kind === 'redirect') return <Redirect to={decision.to} />;
  return <>{children}</>;
}
