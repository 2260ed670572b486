/** The studies list's "New study": the form is loaded with the study build's screens, on demand. */
import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFeatureTexts } from '../../i18n';
import { loadStaffMessages } from '../../shared/staff-messages';

const NewStudyDrawer = lazy(() =>
  Promise.all([import('../study-build/StudyBuildPages'), loadFeatureTexts('study-build'), loadStaffMessages()]).then(
    ([m]) => ({ default: m.NewStudyDrawer }),
  ),
);

export function NewStudyButton() {
  const { t } = useTranslation('studies');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('studies.newStudy')}</Button>
      {open && (
        <Suspense fallback={null}>
          <NewStudyDrawer onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
