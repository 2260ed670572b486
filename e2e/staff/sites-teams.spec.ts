/**
 * Sites and teams in the staff portal (issue 9, decision 0032): a StudyAdmin creates a site in Spain,
 * invites a coordinator to it (the demo mailbox shows the invitation), marks a member blinded/unblinded.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot, staffSignIn } from '../support';

async function demoStudyId(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { username: 'studyadmin', password: DEMO_PASSWORD } });
  const token = (await login.json()).tokens.accessToken as string;
  const list = await request.get('/api/v1/studies?search=DEMO', { headers: { authorization: `Bearer ${token}` } });
  return (await list.json()).items.find((s: { code: string }) => s.code === 'DEMO').id as string;
}

test('a StudyAdmin creates a site in Spain, invites a coordinator to it and marks a member unblinded', async ({
  page,
  request,
}) => {
  const studyId = await demoStudyId(request);
  await staffSignIn(page, 'studyadmin');
  await expect(page).toHaveURL(/#\/studies$/);
  await page.evaluate((id) => {
    window.location.hash = `#/studies/${id}/dashboard`;
  }, studyId);
  await page.getByRole('link', { name: 'Research team and sites' }).click();
  await expect(page.getByRole('heading', { name: 'Research sites', level: 1 })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'ES-001' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'staff-sites-list');

  // Create a site in Spain: a bad code is refused on its field first.
  await page.getByRole('link', { name: 'Create a site' }).click();
  await expect(page.getByRole('heading', { name: 'Create a research site' })).toBeVisible();
  await page.getByLabel('Site ID').fill('ES-001');
  await page.getByLabel('Site name').fill('Hospital Clínic Barcelona');
  await page.getByRole('combobox', { name: 'Country' }).fill('Spain');
  await page.getByRole('option', { name: 'Spain' }).click();
  await page.getByLabel('City').fill('Barcelona');
  await page.getByLabel('Contact e-mail').fill('marta.puig@clinic.example');
  await page.getByRole('button', { name: 'Save site' }).click();
  await expect(page.getByText('This study already has a site with the code ES-001.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'staff-site-create-refused');
  await page.getByLabel('Site ID').fill('ES-002');
  await page.getByRole('button', { name: 'Save site' }).click();
  await expect(page.getByRole('heading', { name: 'Hospital Clínic Barcelona', level: 1 })).toBeVisible();
  await expect(page.getByText('Pending activation')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'staff-site-view');

  // Invite a coordinator to the new site's team.
  await page.getByRole('link', { name: 'Manage the site team' }).click();
  await expect(page.getByRole('heading', { name: 'Site team', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Invite a person' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill('lucia.garcia@clinic.example');
  await dialog.getByLabel('First name').fill('Lucía');
  await dialog.getByLabel('Last name').fill('García');
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Study Coordinator' }).click();
  await expectAccessible(page);
  await shot(page, 'staff-site-team-invite');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('cell', { name: /^Lucía García lucia/ })).toBeVisible();
  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();

  const mail = await request.get(`/api/v1/dev/mailbox?recipient=${encodeURIComponent('lucia.garcia@clinic.example')}`);
  const items = (await mail.json()).items as { body: string }[];
  expect(items.length).toBe(1);
  expect(items[0]!.body).toMatch(/#\/register\/[A-Za-z0-9_-]+/);

  // The coordinator is blinded by default; unblind her with a reason.
  const blind = page.getByRole('switch', { name: 'Blinded to treatment allocation: Lucía García' });
  await expect(blind).toBeChecked();
  await blind.dispatchEvent('click');
  const reason = page.getByRole('dialog');
  await reason.getByLabel('Reason').fill('Unblinded site pharmacist');
  await shot(page, 'staff-site-team-blind-reason');
  await reason.getByRole('button', { name: 'Save change' }).click();
  await expect(blind).not.toBeChecked();
  await expect(page.getByText('Unblinded', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'staff-site-team');
});

test('the study admins and study team pages list the research team by scope', async ({ page, request }) => {
  const studyId = await demoStudyId(request);
  await staffSignIn(page, 'studyadmin');
  await expect(page).toHaveURL(/#\/studies$/);
  await page.evaluate((id) => {
    window.location.hash = `#/studies/${id}/research-team/study-admins`;
  }, studyId);
  await expect(page.getByRole('heading', { name: 'Study admins', level: 1 })).toBeVisible();
  await expect(page.getByText('studyadmin@trialpath.example')).toBeVisible();
  await expect(page.getByText('cra.demo@trialpath.example')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'staff-study-admins');
  await page.getByRole('link', { name: 'Study team' }).click();
  await expect(page.getByRole('heading', { name: 'Study team', level: 1 })).toBeVisible();
  await expect(page.getByText('cra.demo@trialpath.example')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'staff-study-team');
});
