import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot, staffSignIn } from '../support';

// The icon library (C-126, decision 0040): a study builder picks an icon for study content in a dialog
// with a search and pages of icons; the icon is saved with the section and shown again after a reload.
test.describe.configure({ timeout: 120_000 });

/** The DEMO study's draft as the server holds it, read as `studyadmin`. */
async function demoDraft(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { data: { username: 'studyadmin', password: DEMO_PASSWORD } });
  const token = (await login.json()).tokens.accessToken as string;
  const headers = { authorization: `Bearer ${token}` };
  const list = await request.get('/api/v1/studies?search=DEMO', { headers });
  const demo = (await list.json()).items.find((s: { code: string }) => s.code === 'DEMO') as { id: string };
  const r = await request.get(`/api/v1/studies/${demo.id}/versions/draft`, { headers });
  expect(r.status()).toBe(200);
  return r.json();
}

async function openCustomize(page: Page, screen: string) {
  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/dashboard/);
  await page.getByRole('navigation', { name: 'Customize' }).getByRole('link', { name: screen }).click();
}

test('studyadmin pages through the icon library, finds an icon by search, saves it on a welcome screen and sees it after a reload', async ({
  page,
  request,
}) => {
  await openCustomize(page, 'Onboarding');
  const section = page.getByTestId('section-welcomeScreens');
  const first = section.getByTestId('screens-item').first();
  await first.getByRole('button', { name: 'Icon No icon' }).click();

  const dialog = page.getByRole('dialog', { name: 'Choose an icon' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('searchbox', { name: 'Search icons' })).toBeFocused();
  await expect(dialog.getByText(/^\d+ icons$/)).toBeVisible();
  const grid = dialog.getByTestId('icon-grid');
  await expect(grid.getByRole('button')).toHaveCount(25);
  await expect(grid.getByRole('button', { name: 'Heart', exact: true })).toBeVisible();
  // every icon is drawn (the image loaded), not a broken picture
  await expect
    .poll(() => grid.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  await shot(page, 'staff-icon-picker');
  await dialog.screenshot({
    path: path.join(import.meta.dirname, '..', 'screenshots', 'staff-icon-picker-dialog.png'),
  });
  await expectAccessible(page);

  // the next page shows other icons
  const pager = dialog.getByRole('navigation', { name: 'Pages of icons' });
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(grid.getByRole('button', { name: 'Heart', exact: true })).toHaveCount(0);
  await expect(grid.getByRole('button').first()).toBeVisible();

  // a search (accents or not, English or Spanish) narrows the grid and starts at its first page
  await dialog.getByRole('searchbox', { name: 'Search icons' }).fill('calendario');
  await expect(dialog.getByText(/^[1-9] icons?$/)).toBeVisible();
  await expect(grid.getByRole('button', { name: 'Calendar', exact: true })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'Heart', exact: true })).toHaveCount(0);
  await shot(page, 'staff-icon-picker-search');
  await dialog.screenshot({
    path: path.join(import.meta.dirname, '..', 'screenshots', 'staff-icon-picker-search-dialog.png'),
  });
  await dialog.getByRole('searchbox', { name: 'Search icons' }).fill('unicornio');
  await expect(dialog.getByText('No icon found')).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Search icons' }).fill('calendar');
  await grid.getByRole('button', { name: 'Calendar', exact: true }).click();
  await expect(dialog).toBeHidden();

  const trigger = first.getByRole('button', { name: 'Icon Calendar' });
  await expect(trigger).toBeVisible();
  await expect(trigger).toBeFocused();
  await expect(section.getByText('Unsaved changes')).toBeVisible();
  await section.getByRole('button', { name: 'Save Welcome screens' }).click();
  await expect(page.getByText('Welcome screens saved.')).toBeVisible();
  expect((await demoDraft(request)).content.welcomeScreens.screens[0].icon).toBe('calendar');

  await page.reload();
  const again = page.getByTestId('section-welcomeScreens').getByTestId('screens-item').first();
  await expect(again.getByRole('button', { name: 'Icon Calendar' })).toBeVisible();
  await expect(again.locator('img[src="/api/v1/icon-libraries/calendar"]')).toBeVisible();
  await again.screenshot({ path: path.join(import.meta.dirname, '..', 'screenshots', 'staff-icon-picker-saved.png') });
  // the second screen still has none; the chosen icon is marked in the dialog
  await expect(
    page.getByTestId('section-welcomeScreens').getByTestId('screens-item').nth(1).getByRole('button', {
      name: 'Icon No icon',
    }),
  ).toBeVisible();
  await again.getByRole('button', { name: 'Icon Calendar' }).click();
  await page.getByRole('dialog', { name: 'Choose an icon' }).getByRole('searchbox').fill('calendar');
  await expect(
    page.getByRole('dialog', { name: 'Choose an icon' }).getByRole('button', { name: 'Calendar', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('dialog', { name: 'Choose an icon' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(again.getByRole('button', { name: 'Icon Calendar' })).toBeVisible();
});

test('a new learn-more section gets an icon found by its Spanish name; the icon is removed again', async ({
  page,
  request,
}) => {
  await openCustomize(page, 'Engagement content');
  const section = page.getByTestId('section-learnMore');
  await section.getByRole('button', { name: 'Add: Learn-more section' }).click();
  const item = section.getByTestId('sections-item').last();
  await item.getByRole('textbox', { name: /^Title/ }).fill('Your medication');
  await item.getByRole('button', { name: 'Icon No icon' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose an icon' });
  await dialog.getByRole('searchbox', { name: 'Search icons' }).fill('pastilla');
  await dialog.getByRole('button', { name: 'Pill', exact: true }).click();
  await section.getByRole('button', { name: 'Save Learn more' }).click();
  await expect(page.getByText('Learn more saved.')).toBeVisible();
  const saved = (await demoDraft(request)).content.learnMore.sections;
  expect(saved.at(-1)).toMatchObject({ title: { en: 'Your medication' }, icon: 'pill' });

  await page.reload();
  const reloaded = page.getByTestId('section-learnMore').getByTestId('sections-item').last();
  await expect(reloaded.getByRole('button', { name: 'Icon Pill' })).toBeVisible();
  await reloaded.getByRole('button', { name: 'Remove icon' }).click();
  await expect(reloaded.getByRole('button', { name: 'Icon No icon' })).toBeFocused();
  await page.getByTestId('section-learnMore').getByRole('button', { name: 'Save Learn more' }).click();
  await expect(page.getByText('Learn more saved.')).toBeVisible();
  expect((await demoDraft(request)).content.learnMore.sections.at(-1).icon).toBeNull();
  await expectAccessible(page);
});
