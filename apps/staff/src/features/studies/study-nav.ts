/**
 * The study navigation of a study page, decided from the per-study token's authorities (000 §6,
 * each item needs a permission of one of the roles the token carries; the test twin link
 * also needs the test-portal flag. Pure, so it is tested without rendering.
 */
import { type Action, can, testTwinPath } from '@trialpath/domain';

export interface StudyNavItem {
  id: 'dashboard' | 'testEnvironment' | 'liveEnvironment';
  to: string;
  action: Action;
}

export function studyNavItems(
  studyId: string,
  authorities: readonly string[],
  options: { twin: boolean; testPortal: boolean },
): StudyNavItem[] {
  const live = `/studies/${studyId}/dashboard`;
  const twin = testTwinPath(live);
  const items: StudyNavItem[] = [{ id: 'dashboard', to: options.twin ? twin : live, action: 'studies.view' }];
  if (options.testPortal) {
    items.push(
      options.twin
        ? { id: 'liveEnvironment', to: live, action: 'studies.view' }
        : { id: 'testEnvironment', to: twin, action: 'participants.manage' },
    );
  }
  return items.filter((item) => authorities.some((a) => can(a, item.action)));
}
