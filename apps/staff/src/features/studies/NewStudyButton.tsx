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

const UsdmImportDialog = lazy(() =>
  Promise.all([import('./UsdmImportDialog'), loadStaffMessages()]).then(([m]) => ({ default: m.UsdmImportDialog })),
);

/** "Import USDM 4.0": a study from another system's digital protocol (decision 0044), loaded on demand. */
export function ImportUsdmButton() {
  const { t } = useTranslation('studies');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)}>
        {t('usdm.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <UsdmImportDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
