import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FORM_STATUSES } from '@trialpath/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';

const notify = vi.hoisted(() => vi.fn());
vi.mock('@trialpath/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@trialpath/ui')>()),
  notify,
}));
const { ParticipantProfilePage } = await import('./ParticipantProfilePage');

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const SITE = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const P = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const ACTIVITY = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const BASE = `/api/v1/studies/${S}/participants/${P}`;

const json = jsonResponse;
const counts = Object.fromEntries(FORM_STATUSES.map((s) => [s, 0]));

const detail = (identify: boolean, status = 'INVITED') => ({
  id: P,
  participantId: 'DEMO-US001-0007',
  siteId: SITE,
  siteName: 'Boston Research Center',
  siteCode: 'US-001',
  environment: 'LIVE',
  status,
  consentStatus: 'NOT_SIGNED',
  source: 'MANUAL',
  versionId: null,
  versionName: 'v1',
  labels: [{ id: 'l1', name: 'Call back', color: 'orange' }],
  registered: false,
  registrationDate: null,
  invitedAt: '2026-12-01T10:00:00.000Z',
  emailUnsubscribed: false,
  addedAt: '2026-11-30T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  record: identify
    ? {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.org',
        mobileCountryCode: '+1',
        mobile: '6175550101',
        dateOfBirth: '',
        gender: '',
        address: '',
        city: '',
        state: '',
        zipcode: '',
        countryId: 'US',
        languageId: 'en',
        optInSMS: false,
        parentOrCgFirstName: 'Mary',
        parentOrCgLastName: 'Hopper',
        howDidYouHear: '',
        customField1: 'North clinic',
      }
    : null,
  needs: { parentOrCgFirstName: 'optional', howDidYouHear: 'hidden', customField1: 'optional' },
  fieldLabels: { customField1: 'Referring clinic' },
  manage: identify,
  active: true,
  startDate: null,
  languageId: 'en',
  languageName: 'English',
  mlFLag: true,
  threadParticipantId: 'thread',
  mayUnblind: false,
});

/** The profile's API; `taskQueries` records each tasks call's query. */
function serve(identify: boolean, status = 200, participantStatus = 'INVITED') {
  const taskQueries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [path, query = ''] = url.split('?');
      if (path === BASE)
        return status === 200
          ? json(detail(identify, participantStatus))
          : json(
              { code: 'FORBIDDEN', message: 'You do not have access to this page.', messageKey: 'access.denied' },
              403,
            );
      if (path === `${BASE}/full-detail`)
        return json({
          participant: {
            id: P,
            participantId: 'DEMO-US001-0007',
            siteId: SITE,
            status: 'INVITED',
            environment: 'LIVE',
          },
          schedule: {
            participantId: P,
            versionId: null,
            versionNumber: 1,
            timeZone: 'UTC',
            dayZero: '2026-11-20',
            currentDay: 12,
            milestones: [],
            job: null,
          },
          studyStart: {
            participantId: P,
            dayZero: '2026-11-20',
            isConfirmed: false,
            isPiConfirmed: false,
            isReschedule: false,
            confirmedAt: null,
            piConfirmedAt: null,
          },
          activitiesDisabled: false,
          notificationsDisabled: false,
          compliance: { participantId: P, due: 4, completed: 3, missed: 1, upcoming: 6, percentage: 75 },
          version: {
            id: 'v1',
            number: 1,
            activities: [{ id: ACTIVITY, identifier: 'PHQ9', name: 'Mood check', kind: 'epro', disabled: false }],
            milestones: [],
          },
          forms: { site: counts, participant: counts },
          signoffs: [],
        });
      if (path === `${BASE}/tasks`) {
        taskQueries.push(new URLSearchParams(query));
        return json({
          items: [
            {
              id: 't1',
              scheduleId: 's1',
              type: 'activity',
              targetId: ACTIVITY,
              startDay: 10,
              endDay: 12,
              opensAt: '2026-11-30T00:00:00.000Z',
              closesAt: null,
              delivery: 'scheduled',
              telehealth: false,
              status: 'COMPLETED',
              versionId: 'v1',
              answeredAt: '2026-12-01T09:00:00.000Z',
            },
          ],
          participantCurrentDay: 12,
          pageIndex: 0,
          pageSize: 25,
          totalRecords: 1,
          totalPage: 1,
        });
      }
      if (path === `${BASE}/resend-verification`)
        return json({
          verificationMethod: 'email',
          destination: 'g***@example.org',
          codeExpiresAt: '2026-12-02T10:00:00.000Z',
        });
      if (path === `${BASE}/status-changes`) return json({ status: 'INVITED', items: [] });
      if (url === '/api/v1/feature-flags') return json({ customerId: 'c', flags: {} });
      return json({}, 404);
    }),
  );
  return taskQueries;
}

function renderPage(address = `/studies/${S}/participants/${P}`) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/participants/:participantId', element: <ParticipantProfilePage /> },
      { path: '*', element: null },
    ],
    { initialEntries: [address] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

screenTestSetup(['participants'], 'StudyCoordinator');

describe('the participant profile (E-006, E-007, E-010…E-013)', { timeout: 20_000 }, () => {
  it('shows where the participant stands and who they are, with the actions the person may take', async () => {
    serve(true);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'DEMO-US001-0007' })).toBeTruthy();
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.getAllByText('Invited')).toHaveLength(2); // the status, and when they were invited
    expect(screen.getByText('Boston Research Center (US-001)')).toBeTruthy();
    expect(screen.getByText('grace@example.org')).toBeTruthy();
    expect(screen.getByText('(617) 555-0101')).toBeTruthy();
    // E-028: the parent's names and the study's own field under its name; a field not asked and empty not shown
    expect(screen.getByText('Mary Hopper')).toBeTruthy();
    expect(screen.getByText('Referring clinic')).toBeTruthy();
    expect(screen.getByText('North clinic')).toBeTruthy();
    expect(screen.queryByText('How they heard of the study')).toBeNull();
    const compliance = await screen.findByRole('region', { name: 'Compliance' });
    expect(within(compliance).getByText('75 %')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend invitation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Emergency unblinding' })).toBeNull();
    // E-018: the participant's data dashboards, the participant focus filtered to them
    expect(screen.getByRole('link', { name: 'Data dashboards' }).getAttribute('href')).toMatch(
      /\/vis\/participant-focus\?participantsIds=[0-9a-f-]+$/,
    );
  });

  it('a blinded investigator unblinds the participant for themselves, with a reason (decision E-blinding)', async () => {
    serve(true);
    const inner = globalThis.fetch as unknown as (url: string, init?: RequestInit) => Promise<Response>;
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === BASE) return json({ ...detail(true), mayUnblind: true });
        if (url === `${BASE}/unblinding` && init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return json({ items: [] });
        }
        return inner(url, init);
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Emergency unblinding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unblind DEMO-US001-0007 for yourself' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unblind' }));
    expect(await within(dialog).findByText('Give the reason for unblinding.')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for unblinding/ }), {
      target: { value: 'Serious adverse event' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unblind' }));
    await waitFor(() => expect(posts).toEqual([{ reason: 'Serious adverse event' }]));
    expect(notify).toHaveBeenCalledWith('DEMO-US001-0007 is unblinded for you.', { kind: 'success' });
  });

  it('offers a registered participant who has not confirmed their account a new code (E-084)', async () => {
    serve(true, 200, 'REGISTERED');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend verification code' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('A new code was sent to g***@example.org.', { kind: 'success' }),
    );
  });

  it('calls by video a participant who can answer in the portal, from the profile (issue 15, unscheduled)', async () => {
    serve(true, 200, 'ACTIVE');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Video call' }));
    const picker = await screen.findByRole('dialog', { name: 'Video call with DEMO-US001-0007' });
    expect(within(picker).getByRole('button', { name: 'Call Now' })).toBeTruthy();
    fireEvent.click(within(picker).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no video call to a participant without a portal account to answer it', async () => {
    serve(true, 200, 'INVITED');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'DEMO-US001-0007' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Video call' })).toBeNull();
  });

  it('shows no identity and no actions to a role that may not identify or change participants', async () => {
    serve(false);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'DEMO-US001-0007' })).toBeTruthy();
    expect(screen.queryByText('Grace Hopper')).toBeNull();
    expect(screen.getByText(/Your role does not show who participants are/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
  });

  it('lists the activities by study day with their names, filtered by kind and status by the server', async () => {
    const queries = serve(true);
    const router = renderPage(`/studies/${S}/participants/${P}?tab=activities`);
    const table = await screen.findByRole('table', { name: 'Activities' });
    expect(await within(table).findByText('Mood check')).toBeTruthy();
    expect(within(table).getByText('ePRO')).toBeTruthy();
    expect(within(table).getByText('10–12')).toBeTruthy();
    expect(within(table).getByText('Done')).toBeTruthy();
    expect(screen.getByText('Today is study day 12 for this participant.')).toBeTruthy();
    expect(queries[0]?.get('pageSize')).toBe('25');
    expect(queries[0]?.has('activityGroup')).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: 'Status history' }));
    expect(router.state.location.search).toBe('?tab=history');
    expect(await screen.findByText('The status has not been changed by staff yet.')).toBeTruthy();
  });

  it('opens the participant’s surveys or forms from the address, and keeps the kind chosen there (E-009, E-011)', async () => {
    const queries = serve(true);
    const router = renderPage(`/studies/${S}/participants/${P}?tab=activities&kind=survey`);
    await screen.findByRole('table', { name: 'Activities' });
    await waitFor(() => expect(queries.at(-1)?.get('activityGroup')).toBe('survey'));
    expect(screen.getByLabelText(/^Kind/, { selector: 'input' })).toHaveProperty('value', 'Surveys');
    fireEvent.click(screen.getByLabelText(/^Kind/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Participant forms (ePRO, eDRO)' }));
    await waitFor(() => expect(queries.at(-1)?.get('activityGroup')).toBe('participantForm'));
    expect(router.state.location.search).toBe('?tab=activities&kind=participantForm');
    fireEvent.click(screen.getByLabelText(/^Kind/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Visit packets' }));
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('packet'));
    expect(queries.at(-1)?.has('activityGroup')).toBe(false);
  });

  it('says "You do not have access to this page." for a participant the person may not see (E-055)', async () => {
    serve(true, 403);
    renderPage();
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
  });
});
