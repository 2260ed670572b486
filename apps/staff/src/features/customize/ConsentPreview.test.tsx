import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { translate } from '@trialpath/domain';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderApp } from '../../test-utils';
import { ConsentPreview, previewableConsent } from './ConsentPreview';
import { EditorCtx } from './fields';

const consent = (id: string, name: string, over: Record<string, unknown> = {}) => ({
  id,
  name: { en: name, es: `${name} (es)` },
  educationEnabled: true,
  comprehensionEnabled: false,
  documentAndSignatureEnabled: true,
  digitalSignatureEnabled: false,
  sections: [
    { id: 's1', title: { en: 'About the study', es: 'Sobre el estudio' }, icon: null, body: { en: '<p>Hi</p>' } },
  ],
  quiz: [],
  documents: [],
  privacyPolicy: {},
  license: {},
  disclaimers: [],
  optionalConsents: [],
  signatureMeaning: {},
  ...over,
});

const SAVED = [
  consent('main', 'Main consent'),
  consent('extra', 'Extra consent', { signatureMeaning: { en: 'Own meaning.' } }),
];

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('customize');
});
afterEach(cleanup);

/** Through the preview to its signature step (the sections, then Sign). */
function toSignature(dialog: ReturnType<typeof within>) {
  fireEvent.click(dialog.getByRole('button', { name: 'Next' }));
}

describe('the eConsent preview', () => {
  it('runs the chosen consent as a preview: the banner, no password, the standard meaning, and Sign ends it', async () => {
    renderApp(<ConsentPreview consents={SAVED} languages={['en', 'es']} language="en" />);
    expect(
      screen.getByText('The preview shows the consents as last saved: save your changes to preview them.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Preview of “Main consent”' }));
    expect(dialog.getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(dialog.getByText('Preview — nothing is signed or saved')).toBeTruthy();
    expect(dialog.getByRole('heading', { name: 'About the study' })).toBeTruthy();
    toSignature(dialog);
    expect(dialog.getByTestId('signature-meaning').textContent).toBe(
      translate('consent.signatureMeaning', undefined, 'en'),
    );
    expect(dialog.queryByLabelText(/password/i)).toBeNull();
    fireEvent.click(dialog.getByRole('checkbox', { name: 'I have read and accept the meaning of my signature' }));
    fireEvent.change(dialog.getByLabelText(/Your full name/), { target: { value: 'Dr Who' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Sign' }));
    expect(await dialog.findByText('End of the preview. Nothing was signed or saved.')).toBeTruthy();
  });

  it("shows the consent's own meaning, and another study language", async () => {
    renderApp(<ConsentPreview consents={SAVED} languages={['en', 'es']} language="es" />);
    fireEvent.click(screen.getByLabelText('Consent to preview', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Extra consent (es)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Preview of “Extra consent (es)”' }));
    expect(dialog.getByRole('heading', { name: 'Sobre el estudio' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Siguiente' }));
    // no Spanish meaning: the study's default language's
    expect(dialog.getByTestId('signature-meaning').textContent).toBe('Own meaning.');
  });

  it("inside the consents editor it previews the form's current, unsaved value", async () => {
    function Editor() {
      const form = useForm({ defaultValues: { revision: 0, value: { items: [consent('main', 'Edited name')] } } });
      return (
        <EditorCtx.Provider
          value={{
            studyId: 's',
            form: form as never,
            section: 'consents',
            languages: ['en'],
            language: 'en',
            readOnly: false,
          }}
        >
          <ConsentPreview consents={SAVED} languages={['en']} language="en" />
        </EditorCtx.Provider>
      );
    }
    renderApp(<Editor />);
    expect(screen.queryByText(/as last saved/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('dialog', { name: 'Preview of “Edited name”' })).toBeTruthy();
  });

  it('a half-written consent still previews: missing parts are empty', () => {
    const c = previewableConsent({ id: 'x', name: { en: 'Draft' }, quiz: [{ id: 'q', question: { en: 'Q?' } }] });
    expect(c.quiz[0]?.options).toEqual([]);
    expect(c.sections).toEqual([]);
    expect(c.documentAndSignatureEnabled).toBe(true);
  });
});
