import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { EhrRecords } from './EhrRecords';
import { P, RECORDS, S, serve } from './fixture.test-data';

/** The profile shows it inside the portal's router (the page's data space comes from the address). */
const inRouter = (ui: ReactElement) => (
  <MemoryRouter initialEntries={[`/studies/${S}/participants/${P}`]}>{ui}</MemoryRouter>
);

const PATH = `/api/v1/studies/${S}/participants/${P}/ehr`;

screenTestSetup(['ehr'], 'StudyCoordinator');

describe('a participant’s EHR records (H-036)', () => {
  it('shows the connection, the Patient summary, Observations, Conditions and Medications', async () => {
    serve((c) => (c.path === PATH ? jsonResponse(RECORDS) : undefined));
    renderApp(inRouter(<EhrRecords studyId={S} participantId={P} />));
    expect(await screen.findByText('Status: Connected')).toBeTruthy();
    expect(screen.getByText('Name: Derrick Lin')).toBeTruthy();
    expect(screen.getByText('Date of birth: 1973-06-03')).toBeTruthy();
    const observations = screen.getByRole('table', { name: 'Observations' });
    expect(within(observations).getByText('Heart rate')).toBeTruthy();
    expect(within(observations).getByText('72 /min')).toBeTruthy();
    const conditions = screen.getByRole('table', { name: 'Conditions' });
    expect(within(conditions).getByText('Hypertension')).toBeTruthy();
    expect(within(conditions).getByText('active')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Medications' })).getByText('Lisinopril 10 mg tablet'),
    ).toBeTruthy();
  });

  it('says when no health record is linked, and when the records cannot be read', async () => {
    serve((c) => (c.path === PATH ? jsonResponse({ connection: null, patientFhirId: null, groups: [] }) : undefined));
    const first = renderApp(inRouter(<EhrRecords studyId={S} participantId={P} />));
    expect(await screen.findByText('No health record is linked for this participant.')).toBeTruthy();
    first.unmount();
    serve(() => jsonResponse({ code: 'FORBIDDEN', message: 'You do not have access.' }, 403));
    renderApp(inRouter(<EhrRecords studyId={S} participantId={P} />));
    expect(await screen.findByText('The EHR records could not be loaded.')).toBeTruthy();
  });
});
