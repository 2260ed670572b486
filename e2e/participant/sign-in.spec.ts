import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot } from '../support';

test('a participant picks Español, sees the login in Spanish and signs in', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/participant/#/participants/web/DEMO/language');
  await expect(page.getByRole('heading', { name: 'Choose your language' })).toBeVisible();
  await shot(page, 'participant-language');
  await expectAccessible(page);
  await page.getByText('Español').click();
  await page.getByRole('button', { name: /Continuar|Continue/ }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/login/);
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByLabel('Nombre de usuario')).toBeVisible();
  await shot(page, 'participant-login-es');
  await expectAccessible(page);
  await page.getByLabel('Nombre de usuario').fill('participant.demo');
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/home/);
  await expect(page.getByRole('heading', { name: 'Bienvenido/a' })).toBeVisible();
  await expect(page.getByTestId('study-name')).toHaveText('Trialpath Demo Study');
  await expect(page.getByTestId('participant-id')).not.toBeEmpty();
  await shot(page, 'participant-home-es');
});
