import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 390, height: 844 } });

test('/api/docs is an interactive reference on a phone: the token how-to, an endpoint, no CSP refusal', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Trialpath API', exact: false }).first()).toBeVisible();
  await expect(page.getByText('Getting a token').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/api-docs-phone-top.png' });
  // Nothing wider than the phone: readable without sideways scrolling.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);

  // Find an endpoint through the reference's own search, and open it.
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox');
  await search.fill('Staff sign-in');
  const hit = page.getByRole('option', { name: /Staff sign-in/ });
  await expect(hit).toBeVisible();
  await expect(hit).toContainText('/api/v1/auth/login');
  await page.screenshot({ path: 'screenshots/api-docs-phone-search.png' });
  await hit.click();
  await expect(page.getByRole('heading', { name: /Staff sign-in/ }).first()).toBeInViewport();
  await page.screenshot({ path: 'screenshots/api-docs-phone-endpoint.png' });
  expect(refused).toEqual([]);
});
