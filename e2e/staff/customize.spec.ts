import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot, staffSignIn } from '../support';

// A slow shared machine: each test signs in, edits and runs axe.
test.describe.configure({ timeout: 120_000 });

/** The DEMO study's id and a per-study token of `studyadmin`, to read and save the draft as another person would. */
async function asStudyAdmin(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { data: { username: 'studyadmin', password: DEMO_PASSWORD } });
  const token = (await login.json()).tokens.accessToken as string;
  const list = await request.get('/api/v1/studies?search=DEMO', { headers: { authorization: `Bearer ${token}` } });
  const demo = (await list.json()).items.find((s: { code: string }) => s.code === 'DEMO') as { id: string };
  const st = await request.post('/api/v1/auth/study-token', {
    data: { studyId: demo.id },
    headers: { authorization: `Bearer ${token}` },
  });
  const headers = { authorization: `Bearer ${(await st.json()).accessToken as string}` };
  const draft = async () => {
    const r = await request.get(`/api/v1/studies/${demo.id}/versions/draft`, { headers });
    expect(r.status()).toBe(200);
    return r.json();
  };
  return { studyId: demo.id, headers, draft };
}

async function openCustomize(page: Page, screen: string) {
  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/dashboard/);
  await page.getByRole('navigation', { name: 'Customize' }).getByRole('link', { name: screen }).click();
}

test('studyadmin edits the draft’s welcome screen in English and Spanish (C-045, C-079)', async ({ page, request }) => {
  const api = await asStudyAdmin(request);
  await openCustomize(page, 'Onboarding');
  await expect(page.getByRole('heading', { name: 'Onboarding', level: 1 })).toBeVisible();
  const section = page.getByTestId('section-welcomeScreens');
  const first = section.getByTestId('screens-item').first();
  await expect(first.getByRole('textbox', { name: /^Title/ })).toHaveValue('Welcome to the Trialpath Demo Study');
  await first.getByRole('textbox', { name: /^Title/ }).fill('Welcome to the Demo Study');
  await page
    .locator('label')
    .filter({ hasText: /^Spanish$/ })
    .click();
  await expect(first.getByRole('textbox', { name: /^Title/ })).toHaveValue(
    'Bienvenido al estudio de demostración de Trialpath',
  );
  await first.getByRole('textbox', { name: /^Title/ }).fill('Bienvenido al estudio de demostración');
  await shot(page, 'staff-customize-onboarding-es');
  await section.getByRole('button', { name: 'Save Welcome screens' }).click();
  await expect(page.getByText('Welcome screens saved.')).toBeVisible();
  const draft = await api.draft();
  expect(draft.content.welcomeScreens.screens[0].title).toEqual({
    en: 'Welcome to the Demo Study',
    es: 'Bienvenido al estudio de demostración',
  });
  await expectAccessible(page);
});

test('studyadmin adds two learn-more sections and reorders them; the order is saved (C-052, C-081)', async ({
  page,
  request,
}) => {
  const api = await asStudyAdmin(request);
  await openCustomize(page, 'Engagement content');
  const section = page.getByTestId('section-learnMore');
  for (const title of ['Alpha', 'Beta']) {
    await section.getByRole('button', { name: 'Add: Learn-more section' }).click();
    await section
      .getByTestId('sections-item')
      .last()
      .getByRole('textbox', { name: /^Title/ })
      .fill(title);
  }
  await section.getByRole('button', { name: 'Save Learn more' }).click();
  await expect(page.getByText('Learn more saved.')).toBeVisible();
  await section.getByRole('button', { name: 'Move down: Learn-more section 1 Alpha' }).click();
  await section.getByRole('button', { name: 'Save Learn more' }).click();
  await expect(section.getByText('Unsaved changes')).toHaveCount(0);
  const draft = await api.draft();
  expect(draft.content.learnMore.sections.map((s: { title: { en: string } }) => s.title.en)).toEqual(['Beta', 'Alpha']);
  await shot(page, 'staff-customize-engagement');
  await expectAccessible(page);
});

test('a save over another person’s newer save is refused with a reload, the edits kept (DRAFT_CONFLICT)', async ({
  page,
  request,
}) => {
  const api = await asStudyAdmin(request);
  await openCustomize(page, 'Onboarding');
  const section = page.getByTestId('section-welcomeScreens');
  const title = section
    .getByTestId('screens-item')
    .first()
    .getByRole('textbox', { name: /^Title/ });
  await expect(title).not.toHaveValue('');
  await title.fill('My own title');
  // Someone else saves the same section meanwhile.
  const draft = await api.draft();
  const value = draft.content.welcomeScreens;
  value.screens[0].title.en = 'Their title';
  const saved = await request.put(`/api/v1/studies/${api.studyId}/versions/${draft.id}/content/welcome-screens`, {
    headers: api.headers,
    data: { revision: draft.sectionRevisions.welcomeScreens, value },
  });
  expect(saved.status()).toBe(200);
  await section.getByRole('button', { name: 'Save Welcome screens' }).click();
  const alert = section.getByRole('alert').filter({ hasText: 'Another person saved' });
  await expect(alert).toBeVisible();
  await expect(title).toHaveValue('My own title');
  await shot(page, 'staff-customize-conflict');
  await expectAccessible(page);
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(title).toHaveValue('Their title');
  await section.getByRole('button', { name: 'Put my edits back' }).click();
  await expect(title).toHaveValue('My own title');
  await section.getByRole('button', { name: 'Save Welcome screens' }).click();
  await expect(page.getByText('Welcome screens saved.')).toBeVisible();
  expect((await api.draft()).content.welcomeScreens.screens[0].title.en).toBe('My own title');
});

test('a published version shows read-only (C-045)', async ({ page }) => {
  await openCustomize(page, 'Onboarding');
  await page.getByRole('combobox', { name: 'Version' }).click();
  // the journeys before may have published more versions of DEMO: any published one is read-only
  await page
    .getByRole('option', { name: /\(published\)/ })
    .first()
    .click();
  await expect(page.getByTestId('read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(
    page
      .getByTestId('screens-item')
      .first()
      .getByRole('textbox', { name: /^Title/ }),
  ).toHaveAttribute('readonly', '');
  await shot(page, 'staff-customize-published');
  await page.getByRole('navigation', { name: 'Customize' }).getByRole('link', { name: 'Content library' }).click();
  await expect(page.getByTestId('library-welcomeScreens')).toContainText('Complete');
  await shot(page, 'staff-customize-library');
  await expectAccessible(page);
});
