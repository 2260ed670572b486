/**
 * Issue 9's journey: a StudyAdmin builds a study from nothing — two languages, two sites in two countries,
 * branding and onboarding, a coordinator invited to the first site — publishes and makes live version 1,
 * changes a welcome screen and a site, publishes version 2, and the diff shows exactly those two changes;
 * the participant portal then shows the new branding in Spanish.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, shot, staffSignIn } from '../support';

test.describe.configure({ timeout: 300_000 });

/** A 2×1 PNG (navy), enough for the upload's sniffing and for a browser to draw. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGOQkpL6z8DAwAAACpUBgQ8xz2QAAAAASUVORK5CYII=',
  'base64',
);

async function createSite(page: Page, base: string, code: string, name: string, country: string, city: string) {
  await page.goto(`${base}/research-team/research-site/create`);
  await expect(page.getByRole('heading', { name: 'Create a research site' })).toBeVisible();
  await page.getByLabel('Site ID').fill(code);
  await page.getByLabel('Site name').fill(name);
  await page.getByRole('combobox', { name: 'Country' }).fill(country);
  await page.getByRole('option', { name: country }).click();
  await page.getByLabel('City').fill(city);
  await page.getByRole('button', { name: 'Save site' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

async function publishAndMakeLive(page: Page, base: string, name: string, reason: string) {
  await page.goto(`${base}/publish`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog');
  await publish.getByLabel('Reason for the change').fill(reason);
  await publish.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`${name} is published`)).toBeVisible();
  await page.getByRole('button', { name: 'Make live…' }).click();
  const live = page.getByRole('dialog');
  await live.getByLabel('Reason for the change').fill(`${reason}: go live`);
  await live.getByRole('button', { name: 'Make live in the LIVE environment' }).click();
  await expect(page.getByText(`${name} is now live.`)).toBeVisible();
}

test('a StudyAdmin builds, brands, staffs and versions a study; the diff and the participant portal show it', async ({
  page,
}) => {
  // 1. The study: two languages, two countries.
  await staffSignIn(page, 'studyadmin');
  await expect(page).toHaveURL(/#\/studies$/);
  await page.getByRole('button', { name: 'New study' }).click();
  const drawer = page.getByRole('dialog', { name: 'New study' });
  const code = `JRN-${Date.now().toString(36).slice(-6).toUpperCase()}`;
  await drawer.getByLabel('Study name').fill('Sleep at Home');
  await drawer.getByLabel('Study code').fill(code);
  await drawer.getByRole('combobox', { name: 'Languages' }).click();
  await page.getByRole('option', { name: /\(es\)$/ }).click();
  for (const country of ['Spain', 'United Kingdom']) {
    await drawer.getByRole('combobox', { name: 'Countries' }).fill(country);
    await page.getByRole('option', { name: country }).click();
  }
  await drawer.getByRole('button', { name: 'Create study' }).click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]{36}\/study-details$/);
  const base = `/#/studies/${/studies\/([0-9a-f-]{36})\//.exec(page.url())![1]}`;

  // 2. Branding: the logo and a navy primary colour.
  await page.goto(`${base}/customize/branding`);
  await expect(page.getByRole('heading', { name: 'Branding', level: 1 })).toBeVisible();
  await page
    .getByRole('group', { name: 'Logo' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await expect(page.getByText('Logo uploaded.')).toBeVisible();
  await expect(page.getByTestId('image-logo')).toBeVisible();
  await page.getByRole('textbox', { name: 'Primary colour' }).fill('#1A237E');
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(page.getByText('Branding saved.')).toBeVisible();
  await shot(page, 'journey-branding');
  await expectAccessible(page);

  // 3. Onboarding: a welcome screen in both languages; the web portal's title in both.
  await page.goto(`${base}/customize/onboarding`);
  const welcome = page.getByTestId('section-welcomeScreens');
  await welcome.getByRole('button', { name: /^Add/ }).click();
  const screen = welcome.getByTestId('screens-item').first();
  await screen.getByRole('textbox', { name: /^Title/ }).fill('Welcome to Sleep at Home');
  await page
    .locator('label')
    .filter({ hasText: /^Spanish$/ })
    .click();
  await screen.getByRole('textbox', { name: /^Title/ }).fill('Bienvenido a Dormir en casa');
  await welcome.getByRole('button', { name: 'Save Welcome screens' }).click();
  await expect(page.getByText('Welcome screens saved.')).toBeVisible();

  await page.goto(`${base}/web/global`);
  const global = page.getByTestId('section-webGlobal');
  await global.getByRole('textbox', { name: /^Site title/ }).fill('Sleep at Home');
  await page
    .locator('label')
    .filter({ hasText: /^Spanish$/ })
    .click();
  await global.getByRole('textbox', { name: /^Site title/ }).fill('Dormir en casa');
  await global.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Web: global elements saved.')).toBeVisible();

  // 4. Two sites in two countries; a coordinator invited to the first.
  await createSite(page, base, 'ES-001', 'Hospital del Sueño Madrid', 'Spain', 'Madrid');
  await page.getByRole('link', { name: 'Manage the site team' }).click();
  await page.getByRole('button', { name: 'Invite a person' }).click();
  const invite = page.getByRole('dialog');
  await invite.getByLabel('E-mail').fill(`coordinator.${code.toLowerCase()}@clinic.example`);
  await invite.getByLabel('First name').fill('Elena');
  await invite.getByLabel('Last name').fill('Ruiz');
  await invite.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Study Coordinator' }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('cell', { name: /^Elena Ruiz/ })).toBeVisible();
  await createSite(page, base, 'GB-001', 'Oxford Sleep Centre', 'United Kingdom', 'Oxford');
  const gbSite = page.url();

  // 5. Version 1: published and live.
  await publishAndMakeLive(page, base, 'v1', 'Initial protocol approved by the IRB');

  // 6. Version 2: one welcome screen text and one site changed.
  await page.goto(`${base}/version-management`);
  await page.getByRole('button', { name: 'Create version' }).click();
  await expect(page.getByRole('table', { name: 'Study versions' }).getByText('Draft', { exact: true })).toBeVisible();
  await page.goto(`${base}/customize/onboarding`);
  await welcome
    .getByTestId('screens-item')
    .first()
    .getByRole('textbox', { name: /^Title/ })
    .fill('Welcome, sleepers');
  await welcome.getByRole('button', { name: 'Save Welcome screens' }).click();
  await expect(page.getByText('Welcome screens saved.')).toBeVisible();
  await page.goto(gbSite);
  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByLabel('City').fill('Cambridge');
  await page.getByRole('button', { name: 'Save site' }).click();
  await expect(page.getByText('Site saved.')).toBeVisible();

  await publishAndMakeLive(page, base, 'v2', 'Amendment 1: welcome text and the UK site');

  // 7. The diff: exactly the two changes.
  await page.goto(`${base}/publish`);
  await page.getByRole('link', { name: 'See the changes' }).click();
  await expect(page.getByRole('heading', { name: 'Compare versions' })).toBeVisible();
  const welcomeGroup = page.getByRole('table', { name: 'Welcome screens' });
  await expect(welcomeGroup.getByText('Welcome to Sleep at Home', { exact: true })).toBeVisible();
  await expect(welcomeGroup.getByText('Welcome, sleepers', { exact: true }).first()).toBeVisible();
  const sitesGroup = page.getByRole('table', { name: 'Sites' });
  await expect(sitesGroup.getByText('Oxford', { exact: true })).toBeVisible();
  await expect(sitesGroup.getByText('Cambridge', { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(2);
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2);
  await shot(page, 'journey-diff');
  await expectAccessible(page);

  // 8. The participant portal, in Spanish: the live version's title, logo and colour.
  await page.goto(`/participant/#/participants/web/${code}/language`);
  await page.getByText('Español').click();
  await page.getByRole('button', { name: /Continuar|Continue/ }).click();
  await expect(page).toHaveURL(new RegExp(`#/participants/web/${code}/login`));
  const header = page.locator('header');
  await expect(header.getByText('Dormir en casa', { exact: true })).toBeVisible();
  await expect(header.getByTestId('study-logo')).toBeVisible();
  await expect(header).toHaveCSS('background-color', 'rgb(26, 35, 126)');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toHaveCSS('background-color', 'rgb(26, 35, 126)');
  await shot(page, 'journey-participant-es');
  await expectAccessible(page);
});
