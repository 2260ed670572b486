import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot, staffSignIn } from '../support';

// One fresh invitee walks through registration, profile completion, a password reset by text
// message and the forgot-username e-mail. Demo accounts are not touched.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const email = `nina.${stamp}@trialpath.example`;
const username = `nina.${stamp}#1`;
const password = 'Welcome#2026';
const newPassword = 'Renewed#2027';
const phone = '+1 5550100142';

async function adminToken(request: APIRequestContext): Promise<string> {
  const r = await request.post('/api/v1/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } });
  expect(r.ok()).toBe(true);
  return (await r.json()).tokens.accessToken as string;
}

async function mailbox(request: APIRequestContext, recipient: string) {
  const r = await request.get(`/api/v1/dev/mailbox?recipient=${encodeURIComponent(recipient)}`);
  expect(r.ok()).toBe(true);
  return (await r.json()).items as { channel: string; subject: string | null; body: string }[];
}

/** A valid PNG of w×h pixels (about `w*h*3` bytes, so large sizes give several progress events). */
function png(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = (x * 7 + y) & 0xff;
      raw[o + 1] = 120;
      raw[o + 2] = (y * 5) & 0xff;
    }
  // Stored with little compression so the upload has some size.
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signIn(page: Page, user: string, pw: string) {
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(pw);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// The invitee's journey is three tests (serial, each with its own time limit): registering, completing
// the profile, signing in again. As one test it came near the 60 s limit on a busy machine.
test('an invitee registers with a username checked for availability (A-017, A-077, A-078, A-079)', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const invite = await request.post('/api/v1/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { email, firstName: 'Nina', lastName: 'Newman', role: 'StudyCoordinator' },
  });
  expect(invite.ok(), await invite.text()).toBe(true);
  const [mail] = await mailbox(request, email);
  const link = /https?:\/\/\S+#\/register\/\S+/.exec(mail!.body)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // Names come prefilled from the invitation.
  await expect(page.getByLabel('First name')).toHaveValue('Nina');
  await expect(page.getByLabel('Last name')).toHaveValue('Newman');
  // The username's rules are shown up front, as the password's are, and ticked while typing.
  const rules = page.locator('#username-rules');
  await expect(rules.getByText('Username requirements')).toBeVisible();
  await expect(rules.getByRole('listitem').filter({ hasText: '(not met)' })).toHaveCount(4);
  // The availability check reports why a username cannot be used, after leaving the field.
  await page.getByLabel('Username').fill('crc.demo');
  await page.getByLabel('Username').blur();
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription(/Username must contain at least one number/);
  await expect(rules.getByRole('listitem').filter({ hasText: '(not met)' })).toHaveCount(2);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Username').blur();
  await expect(page.getByText('This username is available.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await shot(page, 'staff-register');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been created' })).toBeVisible();
});

test('the new account completes the profile with a photo and reaches the studies (A-014, A-159)', async ({
  page,
  request,
}) => {
  await page.goto('/#/login');
  await signIn(page, username, password);

  // Profile not completed yet: about-you first.
  await expect(page).toHaveURL(/#\/about-you\/[0-9a-f-]+/);
  await expect(page.getByRole('heading', { name: 'About you' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Nina');
  // The profile step cannot be skipped: Studies (and any signed-in address) lead back to it.
  await page.getByRole('link', { name: 'Studies' }).click();
  await expect(page).toHaveURL(/#\/about-you\/[0-9a-f-]+$/);
  await page.goto('/#/studies?page=2');
  await expect(page).toHaveURL(/#\/about-you\/[0-9a-f-]+\?redirectTo=/);
  await expect(page.getByLabel('First name')).toHaveValue('Nina');

  await page.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png(400, 400),
  });
  const bar = page.getByRole('progressbar', { name: 'Uploading photo' });
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  const photo = page.getByRole('img', { name: 'Profile photo of Nina Newman' });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);

  // The mobile number needs the password and a texted code (decision 0028).
  await page.getByRole('button', { name: 'Add a mobile number' }).click();
  await page.getByRole('textbox', { name: 'Mobile number' }).fill('555 010 0142');
  await page.getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Send code' }).click();
  const texted = (await mailbox(request, phone)).find((m) => m.channel === 'sms');
  await page.getByRole('textbox', { name: 'One-time code' }).fill(/\b(\d{6})\b/.exec(texted!.body)![1]!);
  await page.getByRole('button', { name: 'Confirm new number' }).click();
  await expect(page.getByTestId('current-mobile')).toHaveText(phone);
  await page.getByLabel('Work phone').fill('+1 555 0100 100');
  await page.getByLabel('Licence type').fill('RN');
  await shot(page, 'staff-about-you');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/#\/studies\?page=2$/);
  await expect(page.getByRole('heading', { name: 'Studies', exact: true })).toBeVisible();
});

test('the next sign-in goes straight to the studies; profile and photo are kept (A-014)', async ({ page }) => {
  await page.goto('/#/login');
  await signIn(page, username, password);
  await expect(page).toHaveURL(/#\/studies$/);
  const me = await page.evaluate(async () => {
    const token = localStorage.getItem('trialpath.token');
    const r = await fetch('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    return r.json();
  });
  expect(me).toMatchObject({ profileCompleted: true, phoneNumber: phone, licenseType: 'RN' });
  expect(me.profileImage).toBeTruthy();
});

test('forgot password by a text-message code, then sign in with the new password (A-019)', async ({
  page,
  request,
}) => {
  await page.goto('/#/forgot-password');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByRole('button', { name: 'Send a code by text message instead' }).click();
  await expect(page).toHaveURL(/#\/forgot-password-otp\/[^/]+\/.+/);
  await expect(page.getByText(/Enter the one-time code we sent to \+1 .*0142/)).toBeVisible();
  await shot(page, 'staff-forgot-password-otp');

  const sms = (await mailbox(request, phone)).find((m) => m.channel === 'sms');
  const code = /\b(\d{6})\b/.exec(sms!.body)?.[1];
  expect(code).toBeTruthy();

  // A wrong code is refused with the server's message, on the code field (decision 0018).
  const codeField = page.getByRole('textbox', { name: 'One-time code' });
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await expect(codeField).toHaveAccessibleDescription(/code/i);

  await page.getByRole('textbox', { name: 'One-time code' }).fill(code!);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/#\/reset-password\//);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/#\/login/);

  await staffSignIn(page, username, newPassword);
  await expect(page).toHaveURL(/#\/studies/);
});

test('reset flow: send a code by e-mail from a reset link (A-019)', async ({ page, request }) => {
  await request.post('/api/v1/auth/forgot-password', { data: { username } });
  const resetMail = (await mailbox(request, email)).find((m) => /#\/reset-password\//.test(m.body));
  const resetToken = /#\/reset-password\/([^\s]+)/.exec(resetMail!.body)![1];
  await page.goto(`/#/reset-password-send-otp/${resetToken}`);
  await expect(page.getByRole('heading', { name: 'Reset your password with a code' })).toBeVisible();
  await page.getByLabel('By e-mail').check();
  await shot(page, 'staff-reset-password-send-otp');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/#\/forgot-password-otp\//);
  const codeMail = (await mailbox(request, email)).find(
    (m) => /\b\d{6}\b/.test(m.body) && !/reset-password/.test(m.body),
  );
  const code = /\b(\d{6})\b/.exec(codeMail!.body)![1]!;
  await page.getByRole('textbox', { name: 'One-time code' }).fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/#\/reset-password\//);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
});

test('forgot username e-mails the username (A-062)', async ({ page, request }) => {
  await page.goto('/#/forgot-password');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail my username' }).click();
  await expect(page.getByRole('status').filter({ hasText: /username/i })).toBeVisible();
  await shot(page, 'staff-forgot-username');
  await expect.poll(async () => (await mailbox(request, email)).some((m) => m.body.includes(username))).toBe(true);
});
