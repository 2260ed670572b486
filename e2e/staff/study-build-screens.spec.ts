/**
 * Every study build screen of the demo study opens for a StudyAdmin and has no serious or critical
 * accessibility finding (issue 9's axe proof): study details and lifecycle, review, customize and web
 * pages, versions, research team and sites.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot, staffSignIn } from '../support';

test.describe.configure({ timeout: 300_000 });

// Neighbours have different headings, so each heading proves its own screen rendered (not the last one).
const SCREENS: [path: string, heading: RegExp][] = [
  ['design', /^Study design$/],
  ['study-details', /^Study details$/],
  ['manage', /^Manage$/],
  ['launch', /^Launch$/],
  ['study-build-progress', /^Build progress$/],
  ['review/study-summary', /^Study summary$/],
  ['review/approval', /^Approval$/],
  ['review/study-approval-confirm?internal=record', /^Confirm the approvals$/],
  ['review/scan', /^Build progress$/],
  ['review/documentation', /^IRB\/EC documentation$/],
  ['review/generate-prototype', /^Prototype links$/],
  ['previewpage', /^Preview$/],
  ['customize/library', /Content library/],
  ['customize/branding', /Branding/],
  ['customize/onboarding', /Onboarding/],
  ['customize/eligibility', /Eligibility/],
  ['customize/engagement-content', /Engagement content/],
  ['customize/registration', /Registration/],
  ['customize/econsent', /eConsent/],
  ['customize/multieconsent', /Cohorts and consents/],
  ['customize/app-store', /App description/],
  ['web/global', /Global elements/],
  ['web/homepage', /Home page/],
  ['web/eligibility-screening', /Eligibility screening/],
  ['web/agreement', /Agreement/],
  ['web/register', /Register/],
  ['web/publish', /Publish/],
  ['version-management', /Study versions/],
  ['version-management/history', /^Version history$/],
  ['version-management/version-notes', /^Version notes$/],
  ['version-management/version-assignments', /^Version assignments$/],
  ['version-management/diff', /Compare versions/],
  ['publish', /Publish/],
  ['translations', /^Translations$/],
  ['research-team/study-admins', /Study admins/],
  ['research-team/study-team', /Study team/],
  ['research-team/research-site/list', /Research sites/],
  ['research-team/research-site/create', /Create a research site/],
  ['resource-list-site', /^Documents and resources$/],
  ['eDro/forced-spirometry', /^Forced spirometry$/],
];

test('every study build screen opens and passes axe', async ({ page }) => {
  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]{36}\/dashboard/);
  const base = page.url().replace(/\/dashboard$/, '');
  for (const [path, heading] of SCREENS) {
    await test.step(path, async () => {
      await page.goto(`${base}/${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
      await expect(page.getByText('This could not be loaded.')).toHaveCount(0);
      // The pointer rests where the last click was; a button hovered under it is not what a reader sees.
      await page.mouse.move(1, 1);
      await expectAccessible(page);
      if (path === 'review/study-summary') await shot(page, 'staff-study-summary');
      if (path === 'design') await shot(page, 'staff-study-design-tour');
      if (path === 'eDro/forced-spirometry') await shot(page, 'staff-forced-spirometry');
      if (path === 'customize/econsent') await shot(page, 'staff-customize-econsent');
      if (path === 'customize/multieconsent') await shot(page, 'staff-customize-multieconsent');
      if (path === 'customize/registration') await shot(page, 'staff-customize-registration');
    });
  }
  // A site and its team, reached from the list.
  await page.goto(`${base}/research-team/research-site/list`);
  await page.getByRole('table', { name: 'Research sites' }).getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/research-site\/[0-9a-f-]{36}\/view$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Manage the site team' }).click();
  await expect(page.getByRole('heading', { name: 'Site team', level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('the design overview shows the demo study’s real figures and follows a change (C-012)', async ({
  page,
  request,
}) => {
  // The figures as the API gives them to the same StudyAdmin.
  const login = await request.post('/api/v1/auth/login', { data: { username: 'studyadmin', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).tokens.accessToken as string}` };
  const list = await request.get('/api/v1/studies?search=DEMO', { headers });
  const demo = (await list.json()).items.find((s: { code: string }) => s.code === 'DEMO') as { id: string };
  const sites = await (await request.get(`/api/v1/studies/${demo.id}/sites`, { headers })).json();
  expect(sites.total).toBeGreaterThan(0);

  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]{36}\/dashboard/);
  const base = page.url().replace(/\/dashboard$/, '');
  // Reached from the study build's navigation.
  await page.goto(`${base}/study-details`);
  await page.getByRole('link', { name: 'Study design' }).click();
  await expect(page).toHaveURL(/\/design$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Study design' })).toBeVisible();

  await expect(page.getByTestId('design-site-count')).toHaveText(String(sites.total));
  await expect(page.getByRole('list', { name: 'The sites' })).toContainText('US-001 · Boston Research Center');
  // the version numbers depend on the journeys before (they publish versions of DEMO)
  await expect(page.getByTestId('design-versions')).toContainText(/Live data space runs\s*v\d+/);
  await expect(page.getByTestId('design-versions')).toContainText(/Draft\s*v\d+, changed/);
  await expect(page.getByTestId('design-section-welcomeScreens')).toContainText('Filled in');
  const agreement = page.getByTestId('design-section-webAgreement');
  await expect(agreement).toContainText('Not filled in');
  const spanish = page.getByTestId('design-language-es');
  const writtenTexts = async () => {
    const text = (await spanish.textContent()) ?? '';
    const m = /All (\d+) written texts translated|\d+ of (\d+) written texts not translated/.exec(text);
    expect(m, text).not.toBeNull();
    return Number(m![1] ?? m![2]);
  };
  const before = await writtenTexts();
  await page.mouse.move(1, 1);
  await shot(page, 'staff-study-design');

  // Fill the section in on its own screen (reached from its row) and come back.
  await agreement.getByRole('link', { name: 'Web: agreement' }).click();
  await expect(page).toHaveURL(/\/web\/agreement$/);
  const section = page.getByTestId('section-webAgreement');
  await section.getByRole('textbox', { name: /^Heading/ }).fill('Before you take part');
  await section.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Web: agreement saved.')).toBeVisible();
  await page.goto(`${base}/design`);
  await expect(page.getByTestId('design-section-webAgreement')).toContainText('Filled in');
  // The heading is written in English only: one more written text, not yet in Spanish.
  // the overview shows its cached figures first and reads them again (staleTime 0): wait for the fresh count
  await expect(spanish).toContainText('not translated');
  await expect.poll(writtenTexts).toBe(before + 1);
  await expectAccessible(page);
});
