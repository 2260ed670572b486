import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils';
import { ColorField } from './branding-fields';
import { EditorCtx } from './fields';

let values: Record<string, unknown> = {};

function Harness() {
  const form = useForm({ defaultValues: { value: { primaryColor: '#0F766E' } } });
  values = form.watch();
  return (
    <EditorCtx.Provider
      value={{ studyId: 's', form: form as never, section: 'app', languages: ['en'], language: 'en', readOnly: false }}
    >
      <ColorField path="value.primaryColor" label="Primary colour" required />
    </EditorCtx.Provider>
  );
}

const MESSAGE = 'Enter a colour as #RRGGBB, for example #0F766E.';
const color = () => (values.value as { primaryColor: string }).primaryColor;

describe('colour field (C-046)', () => {
  afterEach(cleanup);

  it.each(['#12', 'blue-ish'])(
    'keeps a typed %s that is not a colour, says so, and clears when it is one',
    async (typed) => {
      renderApp(<Harness />);
      const input = await screen.findByLabelText(/^Primary colour/);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      expect(await screen.findByText(MESSAGE)).toBeTruthy();
      // What was typed stays visible; the form holds it as typed, which its check refuses, so it is not saved.
      expect((input as HTMLInputElement).value).toBe(typed);
      expect(color()).toBe(typed);

      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: '#1d4ed8' } });
      fireEvent.blur(input);
      expect(screen.queryByText(MESSAGE)).toBeNull();
      expect(color()).toBe('#1D4ED8');
      expect((input as HTMLInputElement).value).toBe('#1D4ED8');
    },
  );
});
