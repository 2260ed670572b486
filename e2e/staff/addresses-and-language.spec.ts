import { expect, type Page, test } from '@playwright/test';
import { shot, staffSignIn } from '../support';

async function chooseSpanish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
}

test('a plain address typed into the browser opens that screen of the portal', async ({ page }) => {
  await staffSignIn(page, 'crc.demo');
  await expect(page).toHaveURL(/#\/studies/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/#\/profile$/);
  await expect(page.locator('body')).not.toContainText('"code":"NOT_FOUND"');
  await page.goto('/studies?search=demo');
  await expect(page).toHaveURL(/\/#\/studies\?search=demo/);
  await expect(page.getByText('Trialpath Demo Study')).toBeVisible();
  await shot(page, 'staff-plain-address');
});

test('the Spanish portal gets the server’s own texts in Spanish: the attempts left, the reset notice', async ({
  page,
}) => {
  await page.goto('/');
  await chooseSpanish(page);
  await page.getByLabel('Nombre de usuario').fill('cra.demo');
  await page.getByLabel('Contraseña', { exact: true }).fill('Wrong#pass1');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(
    page.getByText('Intentos restantes antes de que se bloquee su cuenta: 4.', { exact: false }).first(),
  ).toBeVisible();
  await shot(page, 'staff-login-attempts-left-es');

  await page.getByRole('link', { name: '¿Ha olvidado su contraseña?' }).click();
  await page.getByLabel('Nombre de usuario o correo electrónico').fill('cra.demo');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  // The server's own notice (not the portal's fallback), in the portal's language.
  await expect(
    page
      .getByText(
        'Si la cuenta existe, se ha enviado un correo electrónico con un enlace para restablecer la contraseña.',
      )
      .first(),
  ).toBeVisible();
  await shot(page, 'staff-forgot-password-es');
});

test('a code by text message for an account without a mobile number says so, instead of a masked number', async ({
  page,
}) => {
  await page.goto('/#/forgot-password');
  await page.getByLabel('Username or e-mail').fill('pi.demo');
  await page.getByRole('button', { name: 'Send a code by text message instead' }).click();
  await expect(
    page.getByText('No mobile number is on file for this account. Choose e-mail to receive the code.').first(),
  ).toBeVisible();
  // It stays on the form, where the e-mailed link is one click away.
  await expect(page).toHaveURL(/#\/forgot-password$/);
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await shot(page, 'staff-sms-no-phone');
});
