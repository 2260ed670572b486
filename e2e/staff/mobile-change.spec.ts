import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot, staffSignIn } from '../support';

// Decision 0028: the mobile number and the e-mail address change only with the current password and a code
// sent to the new number or address; the old address is told afterwards. The admin account is used because
// the password-reset journey changes pi.demo's password, and no other browser test needs admin's contacts.
const NEW_NUMBER = '+1 5550100177';

async function mailbox(request: APIRequestContext, recipient: string) {
  const r = await request.get(`/api/v1/dev/mailbox?recipient=${encodeURIComponent(recipient)}`);
  expect(r.ok()).toBe(true);
  return (await r.json()).items as { channel: string; subject: string | null; body: string }[];
}

test('a signed-in user changes their mobile number with their password and a texted code', async ({
  page,
  request,
}) => {
  await staffSignIn(page, 'admin');
  await expect(page).toHaveURL(/#\/studies/);
  const me = await page.evaluate(async () => {
    const token = localStorage.getItem('trialpath.token');
    return (await fetch('/api/v1/me', { headers: { authorization: `Bearer ${token}` } })).json();
  });
  await page.goto(`/#/about-you/${me.id}`);
  await expect(page.getByRole('heading', { name: 'About you' })).toBeVisible();
  await expect(page.getByTestId('current-mobile')).toHaveText('No mobile number on file.');
  // The number is no longer a free text field of the profile form.
  await expect(page.getByRole('textbox', { name: 'Mobile phone' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add a mobile number' }).click();
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('555 010 0177');
  // A wrong password is refused on its field; nothing is sent.
  const password = page.getByLabel('Current password');
  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(password).toHaveAccessibleDescription('The current password is not correct.');
  expect(await mailbox(request, NEW_NUMBER)).toEqual([]);
  await shot(page, 'staff-mobile-change-wrong-password');
  await expectAccessible(page);

  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/Enter the one-time code we sent to \+1 .*0177/)).toBeVisible();
  const sms = (await mailbox(request, NEW_NUMBER)).find((m) => m.channel === 'sms');
  const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
  await page.getByRole('textbox', { name: 'One-time code' }).fill(code);
  await shot(page, 'staff-mobile-change-code');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm new number' }).click();

  await expect(page.getByTestId('current-mobile')).toHaveText(NEW_NUMBER);
  await shot(page, 'staff-mobile-change-done');
  const notice = (await mailbox(request, 'admin@trialpath.example')).find(
    (m) => m.subject === 'Your Trialpath mobile number was changed',
  );
  expect(notice?.body).toContain('0177');
});

test('a signed-in user changes their e-mail address with their password and a code sent to the new address', async ({
  page,
  request,
}) => {
  const NEW_ADDRESS = 'ada.admin@trialpath.example';
  await staffSignIn(page, 'admin');
  await expect(page).toHaveURL(/#\/studies/);
  const me = await page.evaluate(async () => {
    const token = localStorage.getItem('trialpath.token');
    return (await fetch('/api/v1/me', { headers: { authorization: `Bearer ${token}` } })).json();
  });
  await page.goto(`/#/about-you/${me.id}`);
  await expect(page.getByTestId('current-email')).toHaveText('admin@trialpath.example');

  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  await page.getByRole('textbox', { name: 'New e-mail address' }).fill(NEW_ADDRESS);
  const password = page.getByLabel('Current password');
  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(password).toHaveAccessibleDescription('The current password is not correct.');
  expect(await mailbox(request, NEW_ADDRESS)).toEqual([]);

  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/Enter the one-time code we sent to/)).toBeVisible();
  const mail = (await mailbox(request, NEW_ADDRESS)).find((m) => m.channel === 'email');
  const code = /\b(\d{6})\b/.exec(mail!.body)![1]!;
  await page.getByRole('textbox', { name: 'One-time code' }).fill(code);
  await shot(page, 'staff-email-change-code');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm new address' }).click();

  await expect(page.getByTestId('current-email')).toHaveText(NEW_ADDRESS);
  await shot(page, 'staff-email-change-done');
  const told = (await mailbox(request, 'admin@trialpath.example')).map((m) => m.subject);
  expect(told).toEqual(
    expect.arrayContaining([
      'Your Trialpath e-mail address is being changed',
      'Your Trialpath e-mail address was changed',
    ]),
  );
});
