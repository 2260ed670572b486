import { contrastColor, studyColorOrDefault } from '@trialpath/domain';
import { createContext, useContext } from 'react';
import type { Study } from '../../shared/data';

export interface StudyContextValue {
  study: Study;
  /** The study colour, or the default teal. */
  color: string;
  /** Text colour on the study colour (black or white, from the domain's contrast rule). */
  contrast: string;
}

export const StudyContext = createContext<StudyContextValue | null>(null);

export function studyTheme(study: Study): StudyContextValue {
  const color = studyColorOrDefault(study.color);
  return { study, color, contrast: contrastColor(color) };
}

export function useStudy(): StudyContextValue {
  const v = useContext(StudyContext);
  if (!v) throw new Error('useStudy outside a study page');
  return v;
}
