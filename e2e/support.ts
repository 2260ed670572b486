import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Trialpath#1';
/** pi.demo's password after the password-reset journey has run (browser tests share one database). */
export const PI_RENEWED_PASSWORD = 'Renewed#2026';
const shotDir = path.resolve(import.meta.dirname, 'screenshots');

/** Every screen a test reaches is photographed (folder not committed) so a person can look at it. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
}

/**
 * No serious or critical accessibility fault on the page (axe-core). Legacy mode runs axe once in the page
 * instead of once per frame plus a blank page to merge the results (about 0.75 s less a scan on one core);
 * our pages have no cross-origin frames, which that mode would skip.
 */
export async function expectAccessible(page: Page): Promise<void> {
  let serious = await seriousFindings(page);
  // A toast that starts to fade on its timer while axe reads the page is judged half transparent: a finding must
  // hold on a second look, once that fade (500 ms) has ended. A real fault is there both times.
  if (serious.length > 0) {
    await page.waitForTimeout(600);
    serious = await seriousFindings(page);
  }
  // Each finding names its elements and axe's summary, so a failure says where to look.
  expect(serious).toEqual([]);
}

async function seriousFindings(page: Page): Promise<string[]> {
  // A toast or dialog in the middle of its fade is half transparent and has half its names: wait until every
  // finite animation has ended (spinners run forever and are left alone), else axe judges a passing frame.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 5_000 },
  );
  const result = await new AxeBuilder({ page }).setLegacyMode().analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary}`).join('; ')}`);
}

/** Signs in to the participant portal of the demo study and waits for its home. */
export async function participantSignIn(page: Page, username = 'participant.demo', password = DEMO_PASSWORD) {
  await page.goto('/participant/#/participants/web/DEMO/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/home/);
}

export async function staffSignIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
