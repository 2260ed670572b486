import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot, staffSignIn } from '../support';

test('studyadmin publishes DEMO’s draft with a reason, sees the changed welcome text in the diff, downloads the IRB PDF', async ({
  page,
  request,
}) => {
  // Change one welcome-screen text of the draft through the API first.
  const login = await request.post('/api/v1/auth/login', { data: { username: 'studyadmin', password: DEMO_PASSWORD } });
  const token = (await login.json()).tokens.accessToken as string;
  const auth = { authorization: `Bearer ${token}` };
  const list = await request.get('/api/v1/studies?search=DEMO', { headers: auth });
  const demo = (await list.json()).items.find((s: { code: string }) => s.code === 'DEMO');
  const draft = await (await request.get(`/api/v1/studies/${demo.id}/versions/draft`, { headers: auth })).json();
  const screens = draft.content.welcomeScreens.screens;
  screens[0].title.en = 'Welcome to version two';
  const saved = await request.put(`/api/v1/studies/${demo.id}/versions/${draft.id}/content/welcome-screens`, {
    headers: auth,
    data: { revision: draft.sectionRevisions.welcomeScreens, value: draft.content.welcomeScreens },
  });
  expect(saved.status()).toBe(200);

  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/dashboard/);
  await page.getByRole('navigation', { name: 'Study navigation' }).getByRole('link', { name: 'Versions' }).click();
  await expect(page.getByRole('heading', { name: 'Study versions' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Study versions' }).getByText('Draft', { exact: true })).toBeVisible();
  await shot(page, 'staff-versions-management');
  await expectAccessible(page);

  await page.getByRole('navigation', { name: 'Versions navigation' }).getByRole('link', { name: 'Publish' }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByText('Enter the reason for the change.')).toBeVisible();
  await dialog.getByLabel('Reason for the change').fill('Amendment 1 approved by the IRB');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  // earlier journeys may have published versions of DEMO: the draft is whichever number comes next
  await expect(page.getByText(`${draft.name} is published`)).toBeVisible();
  await shot(page, 'staff-versions-published');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'See the changes' }).click();
  await expect(page.getByRole('heading', { name: 'Compare versions' })).toBeVisible();
  const group = page.getByRole('table', { name: 'Welcome screens' });
  await expect(group.getByText('Welcome to the Trialpath Demo Study', { exact: true })).toBeVisible();
  await expect(group.getByText('Welcome to version two', { exact: true }).first()).toBeVisible();
  await shot(page, 'staff-versions-diff');
  await expectAccessible(page);

  await page.getByRole('navigation', { name: 'Versions navigation' }).getByRole('link', { name: 'IRB/EC' }).click();
  await page.getByRole('button', { name: 'Generate PDF' }).click();
  await expect(page.getByText(`irb-DEMO-${draft.name}.pdf generated.`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`irb-DEMO-${draft.name}.pdf`);
  await shot(page, 'staff-versions-irb');
  await expectAccessible(page);
});
