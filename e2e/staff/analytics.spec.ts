/**
 * Analytics (issue 13): a study manager opens the analytics screens from the study, moves through them by the
 * spec's menu, filters by Spain and a date range (kept in the address), reads a chart as a table and downloads its
 * CSV (read back here), at 1280 and 390 px.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, shot, staffSignIn } from '../support';

const SCREENS: [string, string][] = [
  ['study-executive', 'Status Analytics'],
  ['enrollment', 'Enrollment Analytics'],
  ['participant-status', 'Top 5 Site'],
  ['withdrawal', 'Top 10 Withdrawal'],
  ['study-engagement', 'E-Consent vs Uploaded'],
  ['participant-completion', 'Participant Percent Completed'],
  ['study-completion', 'Activity Completion Overview'],
  ['datapoints', 'Data points per site'],
  ['data-queries', 'Data queries and missing data'],
  ['data-management', 'Data points per site'],
  ['compliance', 'Activity Completion Overview'],
  ['study-compliance', 'Scheduled Activity Completion by Participants'],
];

test('a study manager reads every analytics screen, filters by Spain and dates, and downloads a chart’s CSV', async ({
  page,
}) => {
  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  // the study dashboard shows the study at a glance (G-002)
  await expect(page.getByRole('heading', { name: 'Status Analytics', level: 3 })).toBeVisible();
  await shot(page, 'study-dashboard-1280');
  await page.getByRole('navigation', { name: 'Study navigation' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/vis\/study-executive$/);
  await expect(page.getByRole('heading', { name: 'Study executive summary', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top 5 Country', level: 2 })).toBeVisible();
  // the drawing arrives (ECharts, loaded on this screen only)
  await expect(page.locator('[data-testid="echart"] svg').first()).toBeVisible();
  await shot(page, 'analytics-executive-1280');
  await expectAccessible(page);

  const base = page.url().replace(/\/vis\/.*$/, '');
  for (const [screen, chart] of SCREENS) {
    await page.goto(`${base}/vis/${screen}`);
    await expect(page.getByRole('heading', { name: chart, level: 2 }).first()).toBeVisible();
  }

  // the menu's labels, then Participant Status through it
  const menu = page.getByRole('navigation', { name: 'Analytics menu' }).first();
  for (const label of ['Home', 'Dashboards', 'Enrollment', 'Recruitment', 'eConsents', 'Participant Status'])
    await expect(menu.getByText(label, { exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Participant Status' }).click();
  await expect(page).toHaveURL(/\/vis\/participant-status/);

  // Spain and a date range: kept in the address, the charts narrowed to Madrid
  await page.getByRole('combobox', { name: 'Countries' }).click();
  await page.getByRole('option', { name: 'Spain' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2020-01-01');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2035-12-31');
  await expect(page).toHaveURL(/countryIds=ES/);
  await expect(page).toHaveURL(/fromDate=2020-01-01/);
  await expect(page).toHaveURL(/toDate=2035-12-31/);
  const card = page.getByRole('region', { name: 'Top 5 Site' });
  await card.getByRole('button', { name: 'Show as table' }).click();
  const table = card.getByRole('table', { name: 'Top 5 Site' });
  await expect(table).toContainText('Madrid');
  await expect(table).not.toContainText('Boston');
  await shot(page, 'analytics-participant-status-spain-1280');
  await expectAccessible(page);

  // the view survives a reload (a shared link opens the same view)
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Top 5 Site', level: 2 })).toBeVisible();
  await expect(page).toHaveURL(/countryIds=ES/);

  // the chart's CSV: title and timestamp, the header, then the rows; named title_timestamp_first-selected.csv
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Top_5_Site_\d{14}_Spain\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n');
  expect(lines[0]).toMatch(/^Top 5 Site,\d{14}$/);
  expect(lines[1]).toBe('Study Sites,Number of Participants');
  expect(lines[2]).toMatch(/^Madrid[^,]*,\d+$/);

  // on a phone: the screens as links above the filters, the charts one under another
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Top 5 Site', level: 2 })).toBeVisible();
  await shot(page, 'analytics-participant-status-390');
  await expectAccessible(page);
});

test('a study manager builds and saves a report, reopens it after new data arrives and sees the new numbers', async ({
  page,
  request,
}) => {
  await staffSignIn(page, 'studyadmin');
  await page.getByText('Trialpath Demo Study').click();
  await page.getByRole('navigation', { name: 'Study navigation' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/#\/studies\/[0-9a-f-]+\/reports$/);
  await page
    .getByRole('link', { name: 'New report' })
    .or(page.getByRole('button', { name: 'New report' }))
    .click();
  await page.getByRole('textbox', { name: 'Report name' }).fill('Boston participants (e2e)');
  await page.getByRole('combobox', { name: 'Sites' }).click();
  await page.getByRole('option', { name: /Boston/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'Completion (%)' }).check();
  await shot(page, 'report-editor-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save report' }).click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  const table = page.getByRole('table', { name: 'Boston participants (e2e)' });
  await expect(table).toContainText('DEMO-US001-0001');
  await expect(table).not.toContainText('DEMO-ES001');
  const total = Number((await page.getByText(/^\d+ participants?$/).textContent())!.match(/\d+/)![0]);
  await shot(page, 'report-1280');
  await expectAccessible(page);
  const reportUrl = page.url();

  // new data: the coordinator adds a participant at Boston (through the API, as another portal would)
  const login = await request.post('/api/v1/auth/login', { data: { username: 'crc.demo', password: 'Trialpath#1' } });
  const auth = { authorization: `Bearer ${(await login.json()).tokens.accessToken}` };
  const studies = await (await request.get('/api/v1/studies?search=DEMO', { headers: auth })).json();
  const studyId = studies.items.find((s: { code: string }) => s.code === 'DEMO').id;
  const options = await (
    await request.get(`/api/v1/studies/${studyId}/participant-form-options`, { headers: auth })
  ).json();
  const boston = options.sites.find((s: { siteCode: string }) => s.siteCode === 'US-001');
  const added = await request.post(`/api/v1/studies/${studyId}/participants`, {
    headers: auth,
    data: {
      siteId: boston.id,
      record: {
        firstName: 'Rita',
        lastName: 'Report',
        email: `rita.${Date.now()}@report.example`,
        countryId: 'US',
        languageId: 'en',
      },
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const code = (await added.json()).participant.participantId as string;

  // reopened later: the report runs on the current data
  await page.goto(reportUrl.replace(/\/reports\/.*$/, '/reports'));
  await page
    .getByRole('link', { name: /Open Boston participants \(e2e\)|Boston participants \(e2e\)/ })
    .first()
    .click();
  await expect(page.getByText(`${total + 1} participants`)).toBeVisible();
  if (total + 1 <= 100) await expect(table).toContainText(code);

  // its CSV: every row, the title and time first
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  const lines = readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(lines[0]).toMatch(/^Boston participants \(e2e\),\d{14}$/);
  expect(lines).toHaveLength(total + 3);
  expect(lines.some((l) => l.startsWith(`${code},`))).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'report-390');
  await expectAccessible(page);
});
