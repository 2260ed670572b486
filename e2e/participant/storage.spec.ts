import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, shot } from '../support';

/** The portal's local storage, as the browser keeps it (001 §9; decision D-133). */
const stored = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('trialpath.'))));

test('the portal keeps language, country, study, version, study name and device id; `#/` returns to the study', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const study = page.waitForResponse((r) => /\/api\/v1\/participant-web\/studies\/DEMO$/.test(r.url()));
  await page.goto('/participant/#/participants/web/DEMO/language');
  const facts = await (await study).json();
  await page.getByText('Español').click();
  await page.getByRole('button', { name: /Continuar|Continue/ }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/login/);

  await page.getByLabel('Nombre de usuario').fill('participant.demo');
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/home/);

  const keys = await stored(page);
  expect(keys).toMatchObject({
    'trialpath.language': 'es',
    'trialpath.country': expect.any(String),
    'trialpath.study': 'DEMO',
    'trialpath.studyName': 'Trialpath Demo Study',
    'trialpath.version': facts.versionId,
  });
  expect(facts.versionId).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys['trialpath.deviceId']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

  // A returning person who opens the portal's bare address lands in the study this device knows.
  await page.goto('/participant/#/');
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/home/);

  // When the study cannot be loaded (no connection to the API), the page still names it from storage.
  await page.route(/\/api\/v1\/participant-web\/studies\/DEMO$/, (route) => route.abort('internetdisconnected'));
  await page.reload();
  // the portal's warning names the cause; the page says what it means for it, once
  await expect(page.getByRole('alert').filter({ hasText: 'Hay un problema con el servidor' })).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'No se ha podido cargar el estudio. Compruebe su conexión e inténtelo de nuevo.',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Trialpath Demo Study' })).toBeVisible();
  await shot(page, 'participant-study-unreachable');
});
