/**
 * Every study build screen of the demo study opens for a StudyAdmin and has no serious or critical
 * accessibility finding (issue 9's axe proof): study details and lifecycle, review, customize and web
 * pages, versions, research team and sites.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible, shot, staffSignIn } from '../support';

test.describe.configure({ timeout: 300_000 });

// Neighbours have different headings, so each heading proves its own screen rendered (not the last one).
const SCREENS: [path: string, heading: RegExp][] = [
  ['study-details', /^Study details$/],
  ['manage', /^Manage$/],
  ['launch', /^Launch$/],
  ['study-build-progress', /^Build progress$/],
  ['review/study-summary', /^Study summary$/],
  ['review/approval', /^Approval$/],
  ['review/scan', /^Build progress$/],
  ['review/documentation', /^IRB\/EC documentation$/],
  ['customize/library', /Content library/],
  ['customize/branding', /Branding/],
  ['customize/onboarding', /Onboarding/],
  ['customize/eligibility', /Eligibility/],
  ['customize/engagement-content', /Engagement content/],
  ['customize/registration', /Registration/],
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
