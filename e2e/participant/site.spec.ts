import { expect, test } from '@playwright/test';
import { expectAccessible, participantSignIn, shot } from '../support';

// D-039, D-047, D-072…D-075: the participant opens their site from home — the demo site's name, its address,
// its phone formatted (001 §4) as a tel: link, and the call button (the investigator has no phone: the site's).
test('a participant opens the site screen from home and sees the site’s name, address and formatted phone', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await participantSignIn(page);
  await page.getByRole('link', { name: 'Study site and contact' }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/site$/);
  await expect(page.getByRole('heading', { name: 'Your study site', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Boston Research Center', level: 2 })).toBeVisible();
  await expect(page.getByTestId('site-address')).toContainText('Boston, MA 02114');
  const phone = page.getByRole('link', { name: '(617) 555-0134' });
  await expect(phone).toHaveAttribute('href', 'tel:+16175550134');
  await expect(page.getByRole('link', { name: 'Call the study site' })).toHaveAttribute('href', 'tel:+16175550134');
  await expect(page.getByRole('link', { name: 'research@boston-center.example' })).toHaveAttribute(
    'href',
    'mailto:research@boston-center.example',
  );
  // Mobile first: nothing wider than the 390 px screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'participant-site');
  await expectAccessible(page);
  await context.close();
});
