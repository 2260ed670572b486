import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, shot, staffSignIn } from '../support';

test('opening by address a study one is not assigned to toasts the server message and stays put (A-029)', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/v1/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  const token = (await login.json()).tokens.accessToken as string;
  const list = await request.get('/api/v1/studies?search=SLEEP', { headers: { authorization: `Bearer ${token}` } });
  const sleep = (await list.json()).items.find((s: { code: string }) => s.code === 'SLEEP');
  expect(sleep).toBeTruthy();

  await staffSignIn(page, 'crc.demo');
  await expect(page).toHaveURL(/#\/studies$/);
  await expect(page.getByText('Trialpath Demo Study')).toBeVisible();

  const validate = page.waitForResponse(
    (r) =>
      (r.url().includes(`/studies/${sleep.id}/validate-user`) || r.url().includes('/auth/study-token')) &&
      r.status() >= 400,
  );
  await page.evaluate((id) => {
    window.location.hash = `#/studies/${id}/dashboard`;
  }, sleep.id);
  const refused = await validate;
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  const message = (await refused.json()).message as string;
  expect(message).toBeTruthy();
  // The server's message is toasted and the navigation cancelled.
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page).toHaveURL(/#\/studies$/);
  await expect(page.getByRole('heading', { name: 'Studies', exact: true })).toBeVisible();
  await shot(page, 'staff-study-access-refused');
});

test('staff sign-in sends the web-portal and strict web-login flags (A-053)', async ({ page }) => {
  await page.goto('/#/login');
  const req = page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/login') && r.method() === 'POST');
  await page.getByLabel('Username').fill('cra.demo');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect((await req).postDataJSON()).toMatchObject({ username: 'cra.demo', isWebPortal: true, strictWebLogin: true });
  await expect(page).toHaveURL(/#\/studies/);
});

test('the per-study token decides the study navigation; the read-only role shows (A-118, A-122, A-165)', async ({
  page,
}) => {
  await staffSignIn(page, 'cra.demo');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/dashboard/);
  const studyNav = page.getByRole('navigation', { name: 'Study navigation' });
  await expect(studyNav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  // A monitor does not manage participants: no test-environment entry.
  await expect(studyNav.getByRole('link', { name: 'Test environment' })).toHaveCount(0);
  await expect(page.getByText('Your role: ')).toBeVisible();
  await expect(page.getByText('Read only')).toBeVisible();
  const stored = await page.evaluate(() => {
    const studyId = /studies\/([0-9a-f-]+)/.exec(location.hash)![1]!;
    return {
      user: JSON.parse(localStorage.getItem('trialpath.user') ?? 'null'),
      features: JSON.parse(localStorage.getItem(`trialpath.studyFeatures.${studyId}`) ?? 'null'),
    };
  });
  expect(stored.user).toMatchObject({ userRole: 'Cra', readOnly: true });
  expect(stored.features).toMatchObject({ telehealth: true });
  await shot(page, 'staff-study-nav-cra');
});
