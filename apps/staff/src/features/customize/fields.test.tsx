import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils';
import { EditorCtx, ListField, LocalizedTextField } from './fields';
import type { FieldSpec } from './screens';

const list: Extract<FieldSpec, { kind: 'list' }> = {
  kind: 'list',
  name: 'sections',
  max: 50,
  idPrefix: 'section',
  titleField: 'title',
  fields: [
    { kind: 'text', name: 'title', size: 'title', required: true },
    { kind: 'rich', name: 'body' },
  ],
};

let values: Record<string, unknown> = {};

function Harness({ language, readOnly = false }: { language: string; readOnly?: boolean }) {
  const form = useForm({
    defaultValues: {
      value: {
        sections: [
          { id: 'a', title: { en: 'First', es: 'Primero' }, body: { en: '<p>Hi<script>x()</script></p>' } },
          { id: 'b', title: { en: 'Second' }, body: {} },
        ],
      },
    },
  });
  values = form.watch();
  return (
    <EditorCtx.Provider
      value={{ studyId: 's', form: form as never, section: 'learnMore', languages: ['en', 'es'], language, readOnly }}
    >
      <ListField path="value.sections" spec={list} />
      <LocalizedTextField path="value.sections.0.body" spec={{ kind: 'rich', name: 'body' }} />
    </EditorCtx.Provider>
  );
}

describe('section editor parts (decision 0034)', () => {
  afterEach(cleanup);

  it('marks a text not yet translated into the shown language', async () => {
    renderApp(<Harness language="es" />);
    expect(await screen.findByDisplayValue('Primero')).toBeTruthy();
    // The second section's title is written in English only.
    expect((await screen.findAllByText('Not yet translated into Spanish')).length).toBeGreaterThan(0);
  });

  it('moves and removes items, keeping their ids', async () => {
    renderApp(<Harness language="en" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move down: Learn-more section 1 First' }));
    const ids = () => (values.value as { sections: { id: string }[] }).sections.map((s) => s.id);
    expect(ids()).toEqual(['b', 'a']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Learn-more section 1 Second' }));
    expect(ids()).toEqual(['a']);
    fireEvent.click(screen.getByRole('button', { name: 'Add: Learn-more section' }));
    expect(ids()).toHaveLength(2);
  });

  it('shows rich text sanitised in its preview, and edits the shown language only', async () => {
    renderApp(<Harness language="en" />);
    const previews = await screen.findAllByRole('region', { name: 'Preview: Text' });
    expect(previews[0]!.innerHTML).toContain('<p>Hi</p>');
    expect(previews[0]!.innerHTML).not.toContain('script');
    const inputs = screen.getAllByLabelText(/^Title/);
    fireEvent.change(inputs[0]!, { target: { value: 'Changed' } });
    const first = (values.value as { sections: { title: Record<string, string> }[] }).sections[0]!;
    expect(first.title).toEqual({ en: 'Changed', es: 'Primero' });
  });

  it('offers no editing when read-only', async () => {
    renderApp(<Harness language="en" readOnly />);
    expect(await screen.findByDisplayValue('First')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });
});
