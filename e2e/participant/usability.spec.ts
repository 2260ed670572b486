import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot } from '../support';

const base = '/participant/#/participants/web/DEMO';

test.use({ viewport: { width: 390, height: 844 } });

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/home/);
}

test('change password on a phone: each message at its field, in view', async ({ page }) => {
  await signIn(page, 'participant.us2');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expectAccessible(page);

  // An empty form: each field says it is required; no form-wide failure.
  const submit = page.getByRole('button', { name: 'Change password' });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  const current = page.getByLabel('Current password');
  await expect(current).toHaveAttribute('data-invalid', 'true');
  await expect(page.getByText('This field is required.')).toHaveCount(3);
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to change password' })).toHaveCount(0);
  await expect(current).toBeFocused();
  await expect(current).toBeInViewport();
  await shot(page, 'participant-change-password-empty');
  await expectAccessible(page);

  // A wrong current password: the server's message at that field, focused and in view.
  await current.fill('Not#theone1');
  await page.getByLabel('New password', { exact: true }).fill('Changed#2026');
  await page.getByLabel('Confirm new password').fill('Changed#2026');
  await submit.click();
  const wrong = page.getByText('The current password is not correct.');
  await expect(wrong).toBeVisible();
  await expect(wrong).toBeInViewport();
  await expect(current).toBeFocused();
  await expect(page.getByText('Bad Request.')).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/participant-change-password-wrong-current.png' });
  await expectAccessible(page);
});

test('privacy policy and terms of use are linked from every page, signed in or not, in the chosen language', async ({
  page,
}) => {
  await page.goto(`${base}/login`);
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/DEMO\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await shot(page, 'participant-privacy');
  await expectAccessible(page);
  await page.getByRole('main').getByRole('link', { name: 'Terms of use' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expectAccessible(page);
  // Back to the study's start: its language page for a visitor who has not chosen one yet.
  await page.getByRole('link', { name: 'Back to the study portal' }).click();
  await expect(page).toHaveURL(/\/DEMO\/(language|login)$/);

  // In Spanish, from the language page.
  await page.goto(`${base}/language`);
  await page.getByText('Español').click();
  await page.getByRole('button', { name: /Continuar/ }).click();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Condiciones de uso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Condiciones de uso' })).toBeVisible();
  await shot(page, 'participant-terms-es');
  await expectAccessible(page);
});

test('the participant screens have no serious or critical accessibility finding', async ({ page }) => {
  for (const screen of ['language', 'login', 'forgot-username', 'forgot-password']) {
    await page.goto(`${base}/${screen}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);
  }
  // A field error shown by the form (red text) keeps its contrast.
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await shot(page, 'participant-login-required');
  await expectAccessible(page);
  // The language link's name starts with the code it shows.
  await expect(page.getByRole('link', { name: /^EN – / })).toBeVisible();
});
