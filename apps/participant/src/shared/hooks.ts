import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from './portal';
import type { ParticipantSession } from './session';

export function useSession(): ParticipantSession | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** Current interface language (re-renders on change). */
export function useLang(): string {
  const { i18n } = useTranslation();
  return i18n.language || 'en';
}

/** The browser tab's title: "page · study". */
export function useDocumentTitle(...parts: (string | undefined)[]): void {
  const title = parts.filter(Boolean).join(' · ');
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
