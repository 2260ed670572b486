import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { ParticipantFormPage } from './ParticipantFormPage';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const SITE = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const P = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const NEEDS = {
  participantId: 'optional',
  siteId: 'required',
  optInSMS: 'optional',
  firstName: 'required',
  lastName: 'required',
  email: 'required',
  mobile: 'optional',
  mobileCountryCode: 'optional',
  dateOfBirth: 'hidden',
  gender: 'hidden',
  address: 'hidden',
  city: 'required',
  state: 'required',
  zipcode: 'hidden',
  countryId: 'required',
  languageId: 'required',
  parentOrCgFirstName: 'hidden',
  parentOrCgLastName: 'hidden',
  howDidYouHear: 'optional',
  customField1: 'optional',
  customField2: 'hidden',
  customField3: 'hidden',
};
const FIELD_LABELS = { customField1: 'Referring clinic' };

const detail = () => ({
  id: P,
  participantId: 'DEMO-US001-0009',
  siteId: SITE,
  siteName: 'Boston',
  siteCode: 'US-001',
  environment: 'LIVE',
  status: 'NOTINVITED',
  consentStatus: 'NOT_SIGNED',
  source: 'MANUAL',
  versionId: null,
  versionName: null,
  labels: [],
  registered: false,
  registrationDate: null,
  invitedAt: null,
  emailUnsubscribed: false,
  addedAt: '2026-12-02T10:00:00.000Z',
  updatedAt: '2026-12-02T10:00:00.000Z',
  record: null,
  needs: NEEDS,
  fieldLabels: FIELD_LABELS,
  manage: true,
  active: true,
  startDate: null,
  languageId: 'en',
  languageName: 'English',
  mlFLag: true,
  threadParticipantId: 'thread',
  mayUnblind: false,
});

const json = jsonResponse;

/** The form's API: options, the duplicate check (one match by e-mail), the add call (recorded). */
function serve() {
  const added: unknown[] = [];
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    const [path, query = ''] = url.split('?');
    if (path === `/api/v1/studies/${S}/participant-form-options`)
      return json({
        sites: [
          { id: SITE, name: 'Boston', siteCode: 'US-001', countryId: 'US', needs: NEEDS, fieldLabels: FIELD_LABELS },
        ],
        countries: [{ id: 'US', name: 'United States' }],
        languages: [{ id: 'en', name: 'English' }],
        today: '2026-12-02',
      });
    if (path === `/api/v1/studies/${S}/participant-duplicates`) {
      const q = new URLSearchParams(query);
      return json({
        matches: q.get('email') === 'taken@example.org' ? [{ field: 'email', participantId: 'DEMO-US001-0004' }] : [],
      });
    }
    if (path === `/api/v1/studies/${S}/participants` && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      // a match the lookup missed (typed meanwhile elsewhere): the server refuses with the field's key
      if (body.record.email === 'late@example.org' && !body.isDuplicateAllowed)
        return json(
          {
            code: 'CONFLICT',
            message: 'Another participant has this e-mail address.',
            fieldErrorKeys: { email: [{ key: 'participants.emailShared' }] },
          },
          409,
        );
      added.push(body);
      return json({ participant: detail(), invited: false });
    }
    if (url === '/api/v1/feature-flags') return json({ customerId: 'c', flags: {} });
    return json({}, 404);
  });
  vi.stubGlobal('fetch', f);
  return added;
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/participants/new', element: <ParticipantFormPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/studies/${S}/participants/new`] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

screenTestSetup(['participants'], 'StudyCoordinator');

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

describe('the add participant screen (E-020, E-058…E-061)', { timeout: 20_000 }, () => {
  it('asks what the site’s version asks, with the spec’s prompts, before anything is sent', async () => {
    const added = serve();
    renderPage();
    await screen.findByText(/The form asks what the study asks/);
    expect(screen.queryByLabelText(/^Date of birth/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your first name!')).toBeTruthy();
    expect(screen.getByText('Please enter your last name!')).toBeTruthy();
    expect(screen.getByText('Please select a city!')).toBeTruthy();
    expect(screen.getByText('Please select a state!')).toBeTruthy();
    expect(added).toEqual([]);
  });

  it('says who has an e-mail address already as it is typed, then adds the participant with the study’s own fields (E-028)', async () => {
    const added = serve();
    const router = renderPage();
    await screen.findByText(/The form asks what the study asks/);
    fireEvent.change(field(/^First name/), { target: { value: 'Ada' } });
    fireEvent.change(field(/^Last name/), { target: { value: 'Lovelace' } });
    fireEvent.change(field(/^E-mail/), { target: { value: 'taken@example.org' } });
    fireEvent.blur(field(/^E-mail/));
    expect(await screen.findByText('Participant DEMO-US001-0004 has this e-mail address too.')).toBeTruthy();
    fireEvent.change(field(/^E-mail/), { target: { value: 'ada@example.org' } });
    fireEvent.change(field(/^City/), { target: { value: 'Boston' } });
    fireEvent.change(field(/^State/), { target: { value: 'MA' } });
    // E-028: the fields the study asks, its own named as the study named it; the others not offered
    fireEvent.change(field(/^How they heard of the study/), { target: { value: 'From my doctor' } });
    fireEvent.change(field(/^Referring clinic/), { target: { value: 'North clinic' } });
    expect(screen.queryByLabelText(/^Parent or caregiver/)).toBeNull();
    expect(screen.queryByLabelText(/^Study field 2/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      record: { howDidYouHear: 'From my doctor', customField1: 'North clinic', customField2: '' },
    });
    expect(added[0]).toMatchObject({
      siteId: SITE,
      sendInvite: false,
      record: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', city: 'Boston', countryId: 'US' },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/studies/${S}/participants`));
  });

  it('keeps an e-mail address another participant has only when the person ticks that one person looks after both (E-081)', async () => {
    const added = serve();
    renderPage();
    await screen.findByText(/The form asks what the study asks/);
    fireEvent.change(field(/^First name/), { target: { value: 'Byron' } });
    fireEvent.change(field(/^Last name/), { target: { value: 'Lovelace' } });
    fireEvent.change(field(/^E-mail/), { target: { value: 'taken@example.org' } });
    fireEvent.blur(field(/^E-mail/));
    fireEvent.click(await screen.findByLabelText(/Keep this e-mail address: one person/));
    fireEvent.change(field(/^City/), { target: { value: 'Boston' } });
    fireEvent.change(field(/^State/), { target: { value: 'MA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      isDuplicateAllowed: true,
      allowSharedPhone: false,
      record: { email: 'taken@example.org' },
    });
  });

  it('offers to keep an address only for a duplicate, never for a badly formed one (E-081)', async () => {
    const added = serve();
    renderPage();
    await screen.findByText(/The form asks what the study asks/);
    fireEvent.change(field(/^First name/), { target: { value: 'Byron' } });
    fireEvent.change(field(/^Last name/), { target: { value: 'Lovelace' } });
    fireEvent.change(field(/^City/), { target: { value: 'Boston' } });
    fireEvent.change(field(/^State/), { target: { value: 'MA' } });
    fireEvent.change(field(/^E-mail/), { target: { value: 'not-an-address' } });
    fireEvent.blur(field(/^E-mail/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/valid e-mail/i)).toBeTruthy();
    expect(screen.queryByLabelText(/Keep this e-mail address/)).toBeNull();
    fireEvent.change(field(/^E-mail/), { target: { value: 'late@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByLabelText(/Keep this e-mail address: one person/));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({ isDuplicateAllowed: true, record: { email: 'late@example.org' } });
  });
});
