import { Navigate } from 'react-router';

/** #/studies/:studyId (and its twin): the study's first page is its dashboard. */
export function StudyHome() {
  return <Navigate to="dashboard" replace />;
}
