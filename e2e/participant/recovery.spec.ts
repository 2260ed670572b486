/**
 * A participant who forgot the username or the password (001 §1, §6–§8; D-031, D-032, D-085): from the demo
 * study's sign-in page to the e-mailed username and reset link in the demo mailbox, a new password and a sign-in
 * with it; and the spec's limit text when a name is asked for too often.
 *
 * participant.us2's password is changed here, and put back to the demo password afterwards through the API: the
 * last five passwords cannot be chosen again (decision 0024), so it takes five changes. The usability spec signs in
 * as participant.us2 after this one.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot } from '../support';

const base = '/participant/#/participants/web/DEMO';
const USERNAME = 'participant.us2';
const EMAIL = 'participant.us2@trialpath.example';
const NEW_PASSWORD = 'Recovered#2026';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The account's password as this file last set it (the demo password until the reset). */
let current = DEMO_PASSWORD;

async function participantToken(request: APIRequestContext, password: string): Promise<string> {
  const r = await request.post('/api/v1/participant-auth/login', {
    data: { studyCode: 'DEMO', username: USERNAME, password, deviceId: 'e2e-recovery', isWebPortal: true },
  });
  expect(r.ok(), await r.text()).toBe(true);
  return (await r.json()).tokens.accessToken;
}

/** Back to the demo password: four passwords in between push it out of the last five (decision 0024). */
async function restoreDemoPassword(request: APIRequestContext): Promise<void> {
  if (current === DEMO_PASSWORD) return;
  const token = await participantToken(request, current);
  for (const next of ['Between#1a', 'Between#2b', 'Between#3c', 'Between#4d', DEMO_PASSWORD]) {
    const r = await request.put('/api/v1/participant/password', {
      headers: { authorization: `Bearer ${token}` },
      data: { previousPassword: current, proposedPassword: next },
    });
    expect(r.ok(), await r.text()).toBe(true);
    current = next;
  }
  // The other specs sign in with it.
  await participantToken(request, DEMO_PASSWORD);
}

test.afterEach(async ({ request }) => {
  await restoreDemoPassword(request);
});

test('a participant recovers the username and the password by e-mail, then signs in with the new password', async ({
  page,
}) => {
  // The country chosen on the language page travels with the forgot-password request (D-085).
  await page.setViewportSize(DESKTOP);
  await page.goto(`${base}/language`);
  await page.getByLabel('Country').selectOption('ES');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/DEMO\/login$/);

  // Forgot username (D-031): a wrong address is said at the field, then the same answer for any address.
  await page.getByRole('link', { name: 'Forgot username?' }).click();
  await expect(page).toHaveURL(/\/DEMO\/forgot-username$/);
  await expect(page.getByRole('heading', { name: 'Forgot username' })).toBeVisible();
  await page.getByLabel('E-mail address').fill('participant.us2@');
  await page.getByRole('button', { name: 'Send my username' }).click();
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  await shot(page, 'participant-forgot-username-desktop');
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByRole('button', { name: 'Send my username' }).click();
  await expect(page.getByText('If an account exists for this e-mail address, we have sent the username')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send my username' })).toHaveCount(0);
  await shot(page, 'participant-forgot-username-sent-desktop');
  await expectAccessible(page);

  // Forgot password (D-032) on a phone: the request names the web participant, the reset link and the country.
  await page.setViewportSize(PHONE);
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Username').fill(USERNAME);
  await shot(page, 'participant-forgot-password-phone');
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/participant-auth/forgot-password'),
  );
  await page.getByRole('button', { name: 'Send reset link' }).click();
  expect((await sent).postDataJSON()).toEqual({
    studyCode: 'DEMO',
    username: USERNAME,
    language: 'en',
    userType: 'webParticipant',
    requestKind: 'resetLink',
    countryId: 'ES',
  });
  await expect(page.getByText('If the username exists, we have e-mailed a link to reset the password.')).toBeVisible();
  await shot(page, 'participant-forgot-password-sent-phone');
  await expectAccessible(page);

  // Both e-mails are in the demo mailbox; the newest, the reset link, is open.
  await page.setViewportSize(DESKTOP);
  await page.goto('/#/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Demo mailbox' })).toBeVisible();
  await page.getByLabel('Filter by recipient').fill(EMAIL);
  await expect(page.getByText('Your username for Trialpath Demo Study')).toBeVisible();
  await expect(page.getByText('Reset your password for Trialpath Demo Study')).toBeVisible();
  const link = page.locator('a[href*="/participant/#/participants/web/DEMO/reset-password/"]').first();
  await expect(link).toBeVisible();
  await shot(page, 'participant-recovery-mailbox');
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();

  // The link sets a new password; the old one stops working, the new one signs in.
  await page.setViewportSize(PHONE);
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await shot(page, 'participant-reset-password-phone');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByText('Your password has been changed. You can now log in with your new password.'),
  ).toBeVisible();
  current = NEW_PASSWORD;
  await shot(page, 'participant-reset-password-done-phone');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Username').fill(USERNAME);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'You have entered an invalid username or password' }),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/DEMO\/home$/);
  await expect(page.getByTestId('study-name')).toHaveText('Trialpath Demo Study');

  // The link was single use.
  await page.goto(href!);
  await page.getByLabel('New password', { exact: true }).fill('Another#2026');
  await page.getByLabel('Confirm new password').fill('Another#2026');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('This link has already been used. Please request a new one.')).toBeVisible();
});

test('a name asked for too often gets the spec’s text: "Attempt limit exceeded, please try after some time."', async ({
  page,
  request,
}) => {
  // Five requests an hour per name, whether or not an account has it (decision 0022); the sixth is refused.
  const ghost = `nobody.${Date.now()}`;
  for (let i = 0; i < 5; i++) {
    const r = await request.post('/api/v1/participant-auth/forgot-password', {
      data: {
        studyCode: 'DEMO',
        username: ghost,
        userType: 'webParticipant',
        requestKind: 'resetLink',
        countryId: 'US',
      },
    });
    expect(r.status()).toBe(200);
  }
  await page.setViewportSize(PHONE);
  await page.goto(`${base}/forgot-password`);
  await page.getByLabel('Username').fill(ghost);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Attempt limit exceeded, please try after some time.' }),
  ).toBeVisible();
  // Nothing was sent: the form stays for another try later.
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await shot(page, 'participant-forgot-password-limit-phone');
  await expectAccessible(page);
});
