/**
 * The activity library and the form builder (C-027, C-031, C-136): a StudyAdmin creates a survey in the
 * library, builds eight question types with a branching rule, a hard data edit check and a score variable,
 * saves, previews it in Spanish (the branching skip works, the check refuses), activates the revision with
 * a reason and finds the questions frozen.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, staffSignIn } from '../support';

test.describe.configure({ timeout: 240_000 });

/** Pick an option of a Mantine select by its label. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** One of the activity's screens, by its tab. */
async function openTab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Activity screens' }).getByRole('link', { name, exact: true }).click();
}

interface Q {
  type: string;
  en: string;
  es: string;
  options?: [string, string, number][];
}

const QUESTIONS: Q[] = [
  {
    type: 'Multiple choice',
    en: 'How do you feel today?',
    es: '¿Cómo se siente hoy?',
    options: [
      ['Good', 'Bien', 0],
      ['Bad', 'Mal', 2],
    ],
  },
  { type: 'Yes / No', en: 'Did you sleep well?', es: '¿Durmió bien?' },
  {
    type: 'Drop-down list',
    en: 'What woke you up?',
    es: '¿Qué le despertó?',
    options: [
      ['Noise', 'Ruido', 1],
      ['Pain', 'Dolor', 2],
    ],
  },
  { type: 'Number scale', en: 'Rate your pain', es: 'Valore su dolor' },
  { type: 'Visual analogue scale', en: 'How tired are you?', es: '¿Cuánto cansancio tiene?' },
  { type: 'Date', en: 'When did it start?', es: '¿Cuándo empezó?' },
  { type: 'Whole number', en: 'How many glasses of water did you drink?', es: '¿Cuántos vasos de agua bebió?' },
  { type: 'Text', en: 'Anything else?', es: '¿Algo más?' },
];

test('a StudyAdmin builds a survey, previews it in Spanish, activates it and finds it frozen', async ({
  page,
}, testInfo) => {
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await staffSignIn(page, 'studyadmin');
  await expect(page).toHaveURL(/#\/studies/);
  await page.getByRole('button', { name: 'Accept necessary cookies' }).click();

  // The library (C-027).
  await page.goto('/#/activity-library/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity library' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Activity library navigation' })).toBeVisible();
  await expectAccessible(page);

  // A new survey, opened on its questions.
  const identifier = `WELL-${Date.now().toString(36).slice(-6).toUpperCase()}`;
  await page.getByRole('button', { name: 'New activity' }).click();
  const drawer = page.getByRole('dialog', { name: 'New activity' });
  await expect(drawer.getByRole('combobox', { name: 'Kind' })).toHaveValue('Survey');
  await drawer.getByRole('textbox', { name: 'Identifier' }).fill(identifier);
  await drawer.getByRole('textbox', { name: 'Title (English)' }).fill('Wellbeing check');
  await drawer.getByRole('button', { name: 'Create and add questions' }).click();
  await expect(page).toHaveURL(/#\/activity-library\/activities\/[0-9a-f-]{36}\/questions$/);
  await expect(page.getByText('Revision 1 (draft)')).toBeVisible();
  const activityUrl = page.url().replace(/\/questions$/, '');

  // The title in Spanish.
  await page
    .getByRole('tab', { name: /^Spanish/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Title (Spanish)' }).fill('Control de bienestar');

  // Eight question types, each with its text in English and Spanish.
  const editor = page.getByTestId('question-editor');
  for (const [i, q] of QUESTIONS.entries()) {
    await choose(page, page, 'Type of the new question', q.type);
    await page.getByRole('button', { name: 'Add question' }).click();
    await expect(editor.getByRole('heading', { name: `Question ${i + 1} of ${i + 1}: Q${i + 1}` })).toBeVisible();
    await editor.getByRole('textbox', { name: 'Question text (English)' }).fill(q.en);
    await editor.getByRole('tab', { name: /^Spanish/ }).click();
    await editor.getByRole('textbox', { name: 'Question text (Spanish)' }).fill(q.es);
    for (const [j, [en, es, score]] of (q.options ?? []).entries()) {
      await editor.getByRole('textbox', { name: `Option ${j + 1} (English)` }).fill(en);
      await editor.getByRole('textbox', { name: `Option ${j + 1} (Spanish)` }).fill(es);
      await editor.getByRole('textbox', { name: `Score of option ${j + 1}` }).fill(String(score));
    }
  }
  await expect(page.getByText('8 questions', { exact: true })).toBeVisible();

  // A hard data edit check on the whole number: less than 30.
  await page.getByRole('button', { name: /^7\. Q7/ }).click();
  await editor.getByRole('button', { name: 'Add a data edit check' }).click();
  await expect(editor.getByRole('combobox', { name: 'Check 1', exact: true })).toHaveValue('Hard (an error)');
  await choose(page, editor, 'Check 1: what', 'Less than');
  await editor.getByRole('textbox', { name: 'Check 1: value' }).fill('30');
  await expect(editor.getByRole('switch', { name: 'Data edit checks are on for this activity' })).toBeChecked();

  // A branching rule: if Q2 = Yes, skip to Q4 (only later questions are offered).
  await page.getByRole('button', { name: /^2\. Q2/ }).click();
  await editor.getByRole('button', { name: 'Add a branching rule' }).click();
  await choose(page, editor, 'Rule 1: answer', 'Yes');
  await editor.getByRole('combobox', { name: 'Rule 1: skip to' }).click();
  await expect(page.getByRole('option', { name: 'Q1', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'Q4', exact: true }).click();
  await expect(editor.getByText('If Q2 = Yes, skip to Q4')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expectAccessible(page);
  await shot('builder');
  // As a person sees it: the save bar stays under the header while the page scrolls.
  await page.mouse.wheel(0, 900);
  await page.screenshot({ path: testInfo.outputPath('builder-scrolled.png') });

  // leaving the form configuration with unsaved changes asks first; Cancel keeps the work.
  await openTab(page, 'Review');
  const leave = page.getByRole('dialog');
  await expect(leave.getByText('You have not saved your progress. Are you sure you want to leave?')).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('If Q2 = Yes, skip to Q4')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  // A score variable, its formula checked as it is typed.
  await openTab(page, 'Advanced scoring');
  await page.getByRole('switch', { name: 'Score the responses' }).check();
  await page.getByRole('button', { name: 'Add a score variable' }).click();
  const formula = page.getByRole('textbox', { name: 'Variable 1: formula' });
  await formula.fill('Q1 + Q9');
  await expect(
    page.getByText('The formula uses Q9, which is neither a question identifier nor an earlier variable.'),
  ).toBeVisible();
  await formula.fill('Q1 + Q4');
  await expect(page.getByText(/The formula uses/)).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Variable 1: name' }).fill('wellbeing');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  // The review reads the whole definition back, the rule as a sentence.
  await openTab(page, 'Review');
  await expect(page.getByTestId('review-Q2').getByText('If Q2 = Yes, skip to Q4')).toBeVisible();
  await expect(page.getByTestId('review-Q7').getByText('Hard check (an error): Less than 30')).toBeVisible();
  await expect(page.getByText('wellbeing', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot('review');

  // The preview in Spanish: Sí on Q2 skips Q3; the hard check refuses 45.
  await openTab(page, 'Preview');
  const runner = page.getByTestId('preview-runner');
  await expect(runner.getByRole('heading', { name: 'Wellbeing check' })).toBeVisible();
  await page.locator('label', { hasText: 'Spanish' }).click();
  await expect(runner.getByRole('heading', { name: 'Control de bienestar' })).toBeVisible();
  await expect(runner.getByText('Vista previa: las respuestas no se guardan')).toBeVisible();
  const forward = runner.getByRole('button', { name: /^(Comenzar|Siguiente|Enviar)$/ });
  await runner.getByRole('radio', { name: 'Bien' }).check();
  await forward.click();
  await runner.getByRole('radio', { name: 'Sí' }).check();
  await forward.click();
  await expect(runner.getByText('Valore su dolor')).toBeVisible();
  await expect(runner.getByText('¿Qué le despertó?')).toHaveCount(0);
  await runner.getByRole('radio', { name: '5', exact: true }).check();
  await expectAccessible(page);
  await shot('preview');
  await forward.click();
  await runner.getByRole('slider').focus();
  await page.keyboard.press('ArrowRight');
  await forward.click();
  await runner.getByRole('textbox', { name: /Cuándo empezó/ }).fill('01/15/2026');
  await forward.click();
  const glasses = runner.getByRole('textbox', { name: /vasos de agua/ });
  await glasses.fill('45');
  await forward.click();
  await expect(runner.getByText(/menor que 30/)).toBeVisible();
  await glasses.fill('8');
  await forward.click();
  await runner.getByRole('textbox', { name: /Algo más/ }).fill('Nada');
  await expect(forward).toHaveText('Enviar');
  await forward.click();
  // Bien scores 0 and the pain scale 5: wellbeing = Q1 + Q4 = 5.
  const scores = runner.getByRole('table', { name: 'Puntuaciones' });
  await expect(scores.getByRole('row', { name: 'wellbeing 5' })).toBeVisible();
  await shot('preview-summary');

  // Activate revision 1 with a reason; the questions are frozen.
  await openTab(page, 'Details');
  await page.getByRole('button', { name: 'Activate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Activate revision 1' });
  await dialog.getByLabel('Reason for the change').fill('Reviewed with the sponsor');
  await dialog.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('table', { name: 'Revisions' }).getByText('Revision 1 · Active')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expectAccessible(page);
  await shot('details');
  await page.goto(`${activityUrl.replace(/^.*#/, '/#')}/questions`);
  await expect(page.getByTestId('frozen-notice')).toContainText('Revision 1 is ACTIVE — make a new revision to edit');
  await expect(page.getByRole('button', { name: 'Make revision 2' })).toBeVisible();
  await shot('frozen');

  // Back in the list: the activity with its active revision.
  await page.goto('/#/activity-library/home');
  await page.getByRole('textbox', { name: 'Search' }).fill(identifier);
  const row = page.getByRole('row', { name: new RegExp(identifier) });
  await expect(row.getByText('Revision 1 · Active')).toBeVisible();
  await expect(row.getByText('8 questions')).toBeVisible();
  await expectAccessible(page);
  await shot('list');
});

test('the library’s tags, groups, import and archive, and a study’s copy opened from its own routes', async ({
  page,
  request,
}, testInfo) => {
  const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const stamp = Date.now().toString(36).slice(-6).toUpperCase();
  const login = await request.post('/api/v1/auth/login', { data: { username: 'studyadmin', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).tokens.accessToken}` };
  const group = await request.post('/api/v1/activity-groups', { headers, data: { name: `Sleep ${stamp}` } });
  expect(group.status()).toBe(200);
  const made = await request.post('/api/v1/activities', {
    headers,
    data: {
      kind: 'survey',
      identifier: `SLEEP-${stamp}`,
      title: { en: 'Sleep diary' },
      tags: [`night-${stamp}`],
      groupId: (await group.json()).id,
    },
  });
  expect(made.status()).toBe(200);
  const studies = await request.get('/api/v1/studies?page=1&pageSize=50', { headers });
  const demo = ((await studies.json()).items as { id: string; code: string }[]).find((s) => s.code === 'DEMO');
  expect(demo).toBeTruthy();

  await staffSignIn(page, 'studyadmin');
  await expect(page).toHaveURL(/#\/studies/);
  await page.getByRole('button', { name: 'Accept necessary cookies' }).click();

  // Groups (C-029): a group holding an activity is not deleted; the server says why.
  await page.goto('/#/activity-library/groups');
  const groupRow = page.getByRole('row', { name: new RegExp(`Sleep ${stamp}`) });
  await expect(groupRow.getByRole('link', { name: '1 activity' })).toBeVisible();
  await groupRow.getByRole('button', { name: 'Delete' }).click();
  const deleting = page.getByRole('dialog', { name: `Delete the group Sleep ${stamp}` });
  await deleting.getByRole('button', { name: 'Delete' }).click();
  await expect(deleting.getByRole('alert')).toContainText('This group still holds 1 activities');
  await deleting.getByRole('button', { name: 'Cancel' }).click();
  await expectAccessible(page);

  // Tags (C-028): renamed on every activity carrying it.
  await page
    .getByRole('navigation', { name: 'Activity library navigation' })
    .getByRole('link', { name: 'Tags' })
    .click();
  await page
    .getByRole('row', { name: new RegExp(`night-${stamp}`) })
    .getByRole('button', { name: 'Rename' })
    .click();
  await page.getByRole('textbox', { name: 'New name' }).fill(`bedtime-${stamp}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`bedtime-${stamp}`) })).toBeVisible();
  await expectAccessible(page);

  // Import (C-027): a FHIR Questionnaire from elsewhere; what could not be mapped is reported first.
  await page.goto('/#/activity-library/home');
  await page.getByRole('button', { name: 'Import' }).click();
  const importing = page.getByRole('dialog', { name: 'Import an activity' });
  const questionnaire = {
    resourceType: 'Questionnaire',
    title: 'Evening check',
    item: [
      { linkId: 'q1', text: 'Hours slept', type: 'integer', required: true },
      { linkId: 'q2', text: 'Photo of your bed', type: 'attachment' },
    ],
  };
  await importing.locator('input[type="file"]').setInputFiles({
    name: 'evening.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(questionnaire)),
  });
  await expect(importing.getByRole('radio', { name: 'FHIR Questionnaire' })).toBeChecked();
  await importing.getByRole('textbox', { name: 'Identifier' }).fill(`EVE-${stamp}`);
  await importing.getByRole('button', { name: 'Import', exact: true }).click();
  const report = importing.getByTestId('import-report');
  await expect(report).toContainText(`Imported as EVE-${stamp} with 1 question.`);
  await expect(report.getByRole('table', { name: 'Parts of the file left out' }).getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
  await shot('import-report');
  await report.getByRole('button', { name: 'Open the activity' }).click();
  await expect(page).toHaveURL(/#\/activity-library\/activities\/[0-9a-f-]{36}\/questions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Evening check' })).toBeVisible();

  // Archive (C-030) and restore, each with a reason.
  await page.goto('/#/activity-library/home');
  await page.getByRole('textbox', { name: 'Search' }).fill(`SLEEP-${stamp}`);
  await page
    .getByRole('row', { name: new RegExp(`SLEEP-${stamp}`) })
    .getByRole('button', { name: 'Archive' })
    .click();
  const archiving = page.getByRole('dialog', { name: `Archive SLEEP-${stamp}` });
  await archiving.getByLabel('Reason for the change').fill('Replaced by the evening check');
  await archiving.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText('No activities here yet')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Activity library navigation' })
    .getByRole('link', { name: 'Archive' })
    .click();
  await page
    .getByRole('row', { name: new RegExp(`SLEEP-${stamp}`) })
    .getByRole('button', { name: 'Restore' })
    .click();
  const restoring = page.getByRole('dialog', { name: `Restore SLEEP-${stamp}` });
  await restoring.getByLabel('Reason for the change').fill('Still needed');
  await restoring.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`SLEEP-${stamp}`) })).toHaveCount(0);

  // A study's activities (C-032): copied from the library, then opened from the study's own routes (C-015, C-018).
  await page.goto(`/#/activity-library/study-activities/studies/${demo!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Study activities' })).toBeVisible();
  await page.getByRole('button', { name: 'Copy from library' }).click();
  const copying = page.getByRole('dialog', { name: 'Copy an activity from the library' });
  await copying.getByRole('combobox', { name: 'Library activity' }).fill(`SLEEP-${stamp}`);
  await page.getByRole('option', { name: new RegExp(`SLEEP-${stamp}`) }).click();
  await copying.getByRole('textbox', { name: 'Identifier in this study' }).fill(`DEMO-SLEEP-${stamp}`);
  await copying.getByRole('button', { name: 'Copy' }).click();
  await expect(page).toHaveURL(
    new RegExp(`#/activity-library/study-activities/studies/${demo!.id}/activities/[0-9a-f-]{36}$`),
  );
  await expect(page.getByText('copied from the library activity')).toBeVisible();
  await expectAccessible(page);
  const copyId = /activities\/([0-9a-f-]{36})$/.exec(page.url())![1];
  await page.goto(`/#/studies/${demo!.id}/study-details/survey/${copyId}/questions`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sleep diary' })).toBeVisible();
  await expect(page.getByText('Revision 1 (draft)')).toBeVisible();
  await page.goto(`/#/studies/${demo!.id}/epro/${copyId}/preview`);
  await expect(
    page.getByRole('navigation', { name: 'Activity screens' }).getByRole('link', { name: 'Preview', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('preview-runner')).toContainText('This activity has no questions to answer.');
  await shot('study-preview');
});
