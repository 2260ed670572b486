/**
 * Recording the study's approvals through the confirm step (C-065; decision 0041): review/approval →
 * review/study-approval-confirm → confirm, back on review/approval with the name and time; withdrawing
 * goes through the same step and needs a reason. A visit without an intended change, and a role that may
 * not record approvals, see what they may do instead of a crash or a button.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, shot, staffSignIn } from '../support';

test.describe.configure({ timeout: 120_000 });

async function openDemo(page: Page, user: string): Promise<string> {
  await staffSignIn(page, user);
  await page.getByText('Trialpath Demo Study').click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]{36}\/dashboard/);
  return page.url().replace(/\/dashboard$/, '');
}

test('a StudyAdmin records the internal approval through the confirm step, then withdraws it with a reason', async ({
  page,
}) => {
  const base = await openDemo(page, 'studyadmin');
  await page.goto(`${base}/review/approval`);
  await expect(page.getByRole('heading', { level: 1, name: 'Approval' })).toBeVisible();
  const internal = page.getByRole('checkbox', { name: 'Internal organizational approval' });
  const review = page.getByRole('button', { name: 'Review the change' });
  await expect(internal).not.toBeChecked();
  await expect(review).toBeDisabled();

  // Record: the approval page only leads to the confirmation; nothing is recorded yet.
  await internal.check();
  await review.click();
  await expect(page).toHaveURL(/\/review\/study-approval-confirm\?internal=record$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm the approvals' })).toBeVisible();
  const row = page.getByTestId('approval-change-internal');
  await expect(row.getByRole('cell').nth(1)).toHaveText('Not approved');
  await expect(row.getByRole('cell').nth(2)).toContainText('Approved');
  await expect(page.getByTestId('approval-change-irb').getByRole('cell').nth(2)).toHaveText('No change');
  const concerns = page.getByRole('region', { name: 'What it concerns' });
  await expect(concerns).toContainText('Trialpath Demo Study · DEMO');
  // which versions depends on the journeys before (they publish versions of DEMO): one published, one draft
  await expect(concerns).toContainText(/Published version\s*v\d+/);
  await expect(concerns).toContainText(/Draft in progress\s*v\d+/);
  await expect(concerns).toContainText(/Recorded by\s*Sam Study/);
  await expect(page.getByText(/is an attributable act/)).toBeVisible();
  await page.mouse.move(1, 1);
  await expectAccessible(page);
  await shot(page, 'staff-study-approval-confirm');
  await page.getByRole('button', { name: 'Confirm and record' }).click();

  // Back on the approval page with the name and the time.
  await expect(page).toHaveURL(/\/review\/approval$/);
  await expect(page.getByText('Approvals recorded.')).toBeVisible();
  await expect(internal).toBeChecked();
  const today = await page.evaluate(() => new Date().toLocaleDateString('en'));
  await expect(page.getByText(`Recorded by Sam Study on ${today}`, { exact: false })).toBeVisible();
  await page.mouse.move(1, 1);
  await shot(page, 'staff-study-approval-recorded');

  // Withdraw through the same step: the reason is required and asked there.
  await internal.uncheck();
  await review.click();
  await expect(page).toHaveURL(/\/review\/study-approval-confirm\?internal=withdraw$/);
  const now = page.getByTestId('approval-change-internal').getByRole('cell').nth(1);
  await expect(now).toContainText('Approved');
  await expect(now).toContainText(`Recorded by Sam Study on ${today}`);
  const confirm = page.getByRole('button', { name: 'Confirm and record' });
  await confirm.click();
  const reason = page.getByRole('textbox', { name: /^Reason for withdrawing/ });
  await expect(reason).toHaveAccessibleDescription('This field is required.');
  await expect(page).toHaveURL(/study-approval-confirm/);
  await reason.fill('Protocol amendment 2 needs a new internal review');
  await shot(page, 'staff-study-approval-withdraw');
  await confirm.click();
  await expect(page).toHaveURL(/\/review\/approval$/);
  await expect(internal).not.toBeChecked();
  await expect(page.getByText('Not recorded')).toHaveCount(2);
});

test('going back from the confirmation changes nothing', async ({ page }) => {
  const base = await openDemo(page, 'studyadmin');
  await page.goto(`${base}/review/study-approval-confirm?irb=record`);
  await expect(page.getByTestId('approval-change-irb').getByRole('cell').nth(2)).toContainText('Approved');
  await page.getByRole('link', { name: 'Go back without changes' }).click();
  await expect(page).toHaveURL(/\/review\/approval$/);
  await expect(page.getByRole('checkbox', { name: 'IRB / ethics committee approval' })).not.toBeChecked();
});

test('the confirm screen without a valid intended change says so and leads to the approval page', async ({ page }) => {
  const base = await openDemo(page, 'studyadmin');
  for (const query of ['', '?internal=maybe', '?internal=record&reason=x']) {
    await test.step(query || 'no query', async () => {
      await page.goto(`${base}/review/study-approval-confirm${query}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Confirm the approvals' })).toBeVisible();
      await expect(page.getByText('There is no approval change to confirm')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Confirm and record' })).toHaveCount(0);
    });
  }
  await page.mouse.move(1, 1);
  await expectAccessible(page);
  await shot(page, 'staff-study-approval-confirm-invalid');
  await page.getByTestId('approval-change-invalid').getByRole('link', { name: 'Record the approvals' }).click();
  await expect(page).toHaveURL(/\/review\/approval$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Approval' })).toBeVisible();
});

test('a monitor (read-only, no design permission) sees the change but no way to record it', async ({ page }) => {
  const base = await openDemo(page, 'cra.demo');
  await page.goto(`${base}/review/approval`);
  await expect(page.getByRole('checkbox', { name: 'Internal organizational approval' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Review the change' })).toHaveCount(0);
  await page.goto(`${base}/review/study-approval-confirm?internal=record`);
  await expect(page.getByTestId('approval-change-internal')).toBeVisible();
  await expect(page.getByText(/^Only people who may design this study/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm and record' })).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
});
