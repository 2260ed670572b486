import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, shot } from '../support';

/**
 * Decision 0018: a form refuses what the contract's schema refuses before sending; what only the server
 * knows comes back as a 400 whose field messages land on the fields, in the interface language. To get
 * the server's own answer here, the request is changed on its way out — as a portal built before a
 * server rule changed would send it; the answer is the real server's.
 */
async function sendInstead(page: Page, path: string, change: (body: Record<string, unknown>) => void) {
  await page.route(`**${path}`, async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    change(body);
    await route.continue({ postData: JSON.stringify(body) });
  });
}

test("staff sign-in: the form's own check, then the server's field message on the field", async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Nothing sent: the contract's schema says both fields are required.
  await expect(page.getByText('This field is required.')).toHaveCount(2);

  await sendInstead(page, '/api/v1/auth/login', (body) => {
    body.username = 'u'.repeat(151);
  });
  await page.getByLabel('Username').fill('crc.demo');
  await page.getByLabel('Password', { exact: true }).fill('Whatever#1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter at most 150 characters.')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
  await shot(page, 'staff-login-server-field-error');
  // The pointer is still on the button: its hover colour is checked too (staff theme, 4.5:1 at least).
  await expectAccessible(page);
});

test("participant forgot username: the server's field message in Spanish, from its key", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/participant/#/participants/web/DEMO/language');
  await page.getByText('Español').click();
  await page.getByRole('button', { name: /Continuar|Continue/ }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/participant/#/participants/web/DEMO/forgot-username');

  const email = page.getByLabel('Correo electrónico');
  const send = page.getByRole('button', { name: 'Enviar mi nombre de usuario' });
  await email.fill('not an address');
  await send.click();
  await expect(page.getByText('Introduzca una dirección de correo electrónico válida.')).toBeVisible();

  await sendInstead(page, '/api/v1/participant-auth/forgot-username', (body) => {
    body.email = `${'x'.repeat(320)}@example.org`;
  });
  await email.fill('participant@example.org');
  await send.click();
  await expect(page.getByText('Introduzca como máximo 320 caracteres.')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'participant-forgot-username-server-field-error');
  await expectAccessible(page);
});
