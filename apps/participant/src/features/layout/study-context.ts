import { contrastColor, pickText, studyColorOrDefault } from '@trialpath/domain';
import { createContext, useContext } from 'react';
import type { Study } from '../../shared/data';

export interface StudyContextValue {
  study: Study;
  /** The study colour, or the default teal. */
  color: string;
  /** Text colour on the study colour (black or white, from the domain's contrast rule). */
  contrast: string;
  /** The header's title: the live version's site title in the person's language, else the study's name. */
  title: string;
  /** The live version's logo, if it has one. */
  logoUrl: string | null;
}

export const StudyContext = createContext<StudyContextValue | null>(null);

/** The study's look in a language (decision 0037): the live version's branding, else the study colour. */
export function studyTheme(study: Study, language: string): StudyContextValue {
  const b = study.branding;
  const color = b ? b.primaryColor : studyColorOrDefault(study.color);
  const title = b ? pickText(b.siteTitle, language, b.defaultLanguage) : '';
  return { study, color, contrast: contrastColor(color), title: title || study.name, logoUrl: b?.logoUrl ?? null };
}

export function useStudy(): StudyContextValue {
  const v = useContext(StudyContext);
  if (!v) throw new Error('useStudy outside a study page');
  return v;
}
