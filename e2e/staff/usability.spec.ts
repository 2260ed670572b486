import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot, staffSignIn } from '../support';

// Issue 8, usability of the staff portal: the cookie banner in the page flow, whole badges on a phone,
// the mobile menu and Escape, the test twin's badges, axe on every screen (menus open), the text-message
// reset without a phone, and the Spanish portal's role names, dates, features and countries.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * No serious or critical axe finding, with the experimental label-in-name rule on (WCAG 2.5.3: a control's
 * accessible name contains its visible text).
 */
async function expectNoSeriousFinding(page: Page, screen: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    screen,
  ).toEqual([]);
}

async function boxOf(selector: Locator) {
  const box = await selector.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('the cookie banner is part of the page: it covers no button, no footer link, no toast', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/#/login');
  const banner = page.getByRole('region', { name: 'Cookies' });
  await expect(banner).toBeVisible();
  await expect(banner).not.toHaveCSS('position', 'fixed');
  // Scrolled to the end of the page, the sign-in button and the footer's links are all free to click.
  const signIn = page.getByRole('button', { name: 'Sign in' });
  for (const target of [
    signIn,
    page.getByRole('link', { name: 'Privacy policy' }),
    page.getByRole('link', { name: 'Terms of use' }),
  ]) {
    await target.scrollIntoViewIfNeeded();
    expect(overlaps(await boxOf(banner), await boxOf(target))).toBe(false);
  }
  // A toast (a refused sign-in) does not sit on the banner.
  await page.getByLabel('Username').fill('cra.demo');
  await page.getByLabel('Password', { exact: true }).fill('Wrong#pass1');
  await signIn.click();
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  // Both measured at the same moment (a toast closes by itself after a while).
  const [bannerBox, toastBox] = await page.evaluate(() =>
    [
      document.querySelector('[role="region"][aria-label="Cookies"]'),
      document.querySelector('.mantine-Notification-root'),
    ].map((e) => {
      const r = e!.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  expect(overlaps(bannerBox!, toastBox!)).toBe(false);
  await shot(page, 'staff-cookie-banner-inline');
  await banner.getByRole('button', { name: 'Accept necessary cookies' }).click();
  await expect(banner).toBeHidden();
});

test('study badges show whole on a phone; Escape closes the mobile menu and gives focus back', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await staffSignIn(page, 'admin');
  await expect(page).toHaveURL(/#\/studies/);
  await expect(page.getByText('Sleep Quality Observational Study')).toBeVisible();
  const badges = page.locator('.mantine-Badge-label');
  expect(await badges.count()).toBeGreaterThan(0);
  const cut = await badges.evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
  );
  expect(cut).toEqual([]);
  // Other tests create studies in design too: the seeded one's badge.
  await expect(
    page.getByRole('link', { name: /Open study Sleep Quality/ }).getByText('Design', { exact: true }),
  ).toBeVisible();
  // The legal links stay in the footer on a phone, inside the page.
  const legal = page.getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: 'Privacy policy' })).toBeInViewport({ ratio: 1 });
  await expect(legal.getByRole('link', { name: 'Terms of use' })).toBeInViewport({ ratio: 1 });
  await shot(page, 'staff-studies-phone');

  const burger = page.getByRole('button', { name: 'Main navigation' });
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.click();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  const drawer = page.locator('#tp-drawer-nav');
  await expect(drawer.getByRole('link', { name: 'Studies' })).toBeInViewport();
  await shot(page, 'staff-drawer-open');
  await page.keyboard.press('Escape');
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(burger).toBeFocused();
  await expect(drawer.getByRole('link', { name: 'Studies' })).not.toBeInViewport();
});

test('the test twin says "Test data" and "Study: Live", with a badge of enough contrast', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await staffSignIn(page, 'cra.demo');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/([0-9a-f-]+)\/dashboard/);
  const main = page.locator('main');
  // Live: the study's status is the LIVE badge; no test badge.
  await expect(main.locator('.mantine-Badge-root', { hasText: 'Live' })).toBeVisible();
  await expect(main.getByText('Test data')).toHaveCount(0);
  const studyId = /#\/studies\/([0-9a-f-]+)\//.exec(page.url())![1];
  await page.goto(`/#/studies/${studyId}/test/dashboard`);
  await expect(main.getByText('Test data')).toBeVisible();
  await expect(main.getByText('Study: Live')).toBeVisible();
  await expect(main.locator('.mantine-Badge-root', { hasText: /^Live$/ })).toHaveCount(0);
  const badge = page.getByRole('banner').getByText('Test environment');
  await expect(badge).toBeVisible();
  // #c2410c behind white text: 5.2:1.
  await expect(page.getByRole('banner').locator('.mantine-Badge-root')).toHaveCSS(
    'background-color',
    'rgb(194, 65, 12)',
  );
  await expectNoSeriousFinding(page, 'test twin dashboard');
  await shot(page, 'staff-test-twin');
});

test('axe: no serious or critical finding on the staff screens, signed out and in, menus open', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const signedOut: [string, string][] = [
    ['sign-in', '/#/login'],
    ['forgot password', '/#/forgot-password'],
    ['privacy policy', '/#/policy'],
    ['terms of use', '/#/terms-of-use'],
    ['mailbox (signed out)', '/#/dev/mailbox'],
    ['page not found', '/#/no-such-page'],
  ];
  for (const [name, url] of signedOut) {
    await page.goto(url);
    await expect(page.locator('main')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousFinding(page, name);
  }
  // Field errors (red at 4.5:1 or more) on sign-in and forgot password.
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousFinding(page, 'sign-in with field errors');
  await page.getByLabel('Username').focus();
  // A focused field shows a 2 px ring.
  await expect(page.getByLabel('Username')).toHaveCSS('outline-width', '2px');
  await page.getByRole('button', { name: 'Language' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousFinding(page, 'language menu open');
  await page.keyboard.press('Escape');
  await page.goto('/#/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByLabel('Username or e-mail')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousFinding(page, 'forgot password with field errors');
  // Code entry (000 §2.1 forgot-password-otp), with the field's message after an empty submit.
  await page.goto('/#/forgot-password-otp/no-such-challenge/%2B1%20***%200142');
  const code = page.getByRole('textbox', { name: 'One-time code' });
  await expect(code).toBeVisible();
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousFinding(page, 'code entry with a field error');

  await staffSignIn(page, 'cra.demo');
  await expect(page.getByText('Trialpath Demo Study').first()).toBeVisible();
  await expectNoSeriousFinding(page, 'studies');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expectNoSeriousFinding(page, 'account menu open');
  await shot(page, 'staff-account-menu');
  await page.keyboard.press('Escape');
  await page.getByText('Trialpath Demo Study').first().click();
  await expect(page.getByRole('heading', { name: 'Sites you can see' })).toBeVisible();
  await expectNoSeriousFinding(page, 'study dashboard');
  await page.goto('/#/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Demo mailbox' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const subject = page.locator('main table button').first();
  if ((await subject.count()) > 0) await subject.click();
  await expectNoSeriousFinding(page, 'mailbox with a message open');
  await page.goto('/#/policy');
  await expectNoSeriousFinding(page, 'privacy policy signed in');
});

test('an account without a mobile number: the text-message choice says so, turns off, and e-mail goes on', async ({
  page,
}) => {
  await page.goto('/#/forgot-password');
  await page.getByLabel('Username or e-mail').fill('pi.demo');
  const sms = page.getByRole('button', { name: 'Send a code by text message instead' });
  await sms.click();
  const message = page.getByRole('alert').filter({ hasText: 'No mobile number is on file for this account.' });
  await expect(message).toBeVisible();
  await expect(sms).toBeDisabled();
  await expect(page).toHaveURL(/#\/forgot-password$/);
  await shot(page, 'staff-forgot-no-phone');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If the account exists/).first()).toBeVisible();
});

test('the Spanish portal names roles, months, features and countries in Spanish', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await staffSignIn(page, 'cra.demo');
  await expect(page).toHaveURL(/#\/studies/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: /Español/ }).click();
  await expect(page.getByRole('heading', { name: 'Estudios' })).toBeVisible();
  const row = page.getByRole('row', { name: /Trialpath Demo Study/ });
  await expect(row).toContainText('CRA (ciego)');
  const month = new Intl.DateTimeFormat('es', { month: 'short' }).format(new Date()).replace(/\.$/, '');
  await expect(row).toContainText(` ${month} `);
  await shot(page, 'staff-studies-es');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page.getByRole('heading', { name: 'Centros que puede ver' })).toBeVisible();
  await expect(page.getByText('Consentimiento electrónico')).toBeVisible();
  await expect(page.getByText('Telemedicina')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'España' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Estados Unidos' })).toBeVisible();
  await expectNoSeriousFinding(page, 'dashboard in Spanish');
  await shot(page, 'staff-dashboard-es');
});
