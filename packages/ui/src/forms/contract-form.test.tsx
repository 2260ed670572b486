import { Button, TextInput } from '@mantine/core';
import {
  ApiRequestError,
  parseRequestPart,
  participantChangePassword,
  registerUser,
  resetPassword,
  staffLogin,
} from '@trialpath/contract';
import { apiError, messageRef } from '@trialpath/domain';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithMantine } from '../test-utils';
import { applyServerFieldErrors, contractResolver, FORM_ERROR_FIELD } from './contract-form';
import { useContractForm } from './use-contract-form';

const resolve = async (schema: z.ZodType, values: Record<string, unknown>, lang = 'en') =>
  contractResolver(schema, () => lang)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

const messagesOf = (errors: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, (v as { message?: string }).message]));

const TOKEN = 'x'.repeat(20);

describe('contractResolver: the contract schema, by the server rule', () => {
  it('gives the catalogue message of each field in the interface language', async () => {
    const r = await resolve(staffLogin.body!, { username: '', password: 'p' });
    expect(messagesOf(r.errors)).toEqual({ username: 'This field is required.' });
    const es = await resolve(staffLogin.body!, { username: 'u'.repeat(151), password: '' }, 'es');
    expect(messagesOf(es.errors)).toEqual({
      username: expect.stringContaining('150'),
      password: 'Este campo es obligatorio.',
    });
  });

  it('the password rule and a refinement carry their own catalogue message', async () => {
    const weak = await resolve(resetPassword.body!, { token: TOKEN, password: 'short' });
    expect(messagesOf(weak.errors)).toEqual({ password: 'Password must be at least 8 characters long.' });
    const reused = await resolve(participantChangePassword.body!, {
      previousPassword: 'Same#pass1',
      proposedPassword: 'Same#pass1',
    });
    expect(reused.errors.proposedPassword?.type).toBe('password.reused');
  });

  it('refuses unsafe text as the server does, before the schema', async () => {
    const r = await resolve(staffLogin.body!, { username: 'a\u0000b', password: 'p' });
    expect(r.errors.username?.type).toBe('errors.invalidCharacters');
  });

  it('accepts exactly what the server accepts (same schema, same rule)', async () => {
    const inputs: Record<string, unknown>[] = [
      { token: TOKEN, username: 'new.user', firstName: ' Ann ', lastName: 'Lee', password: 'Good#pass1' },
      { token: TOKEN, username: 'new.user', firstName: ' ', lastName: 'Lee', password: 'Good#pass1' },
      { token: 'short', username: 'new.user', firstName: 'Ann', lastName: 'Lee', password: 'Good#pass1' },
      { token: TOKEN, username: '', firstName: 'Ann', lastName: 'Lee', password: 'nogood' },
      { token: TOKEN, username: 'x', firstName: 'Ann', lastName: 'Lee', password: 'Good#pass1', extra: 1 },
    ];
    for (const input of inputs) {
      const server = parseRequestPart(registerUser.body, input, 'body');
      const browser = await resolve(registerUser.body!, input);
      expect(Object.keys(browser.errors).sort()).toEqual(server.ok ? [] : Object.keys(server.fields).sort());
      if (server.ok) expect(browser.values).toEqual(server.value);
    }
  });

  it('a message of the whole form goes to the form-level error', async () => {
    const schema = z.object({ a: z.string() }).refine(() => false, { params: { messageKey: 'errors.invalidValue' } });
    const r = await resolve(schema, { a: 'x' });
    expect(messagesOf(r.errors)).toEqual({ [FORM_ERROR_FIELD]: 'This value is not valid.' });
  });
});

describe('applyServerFieldErrors: a 400 on the form fields', () => {
  const form = () => {
    const set: Record<string, { type: string; message?: string }> = {};
    return {
      set,
      target: {
        getValues: () => ({ username: 'ann', password: 'x', nested: { note: '' } }),
        setError: (name: never, error: { type: string; message?: string }) => {
          set[name as string] = error;
        },
      },
    };
  };
  const refused = (body: unknown) => new ApiRequestError(400, body as ApiRequestError['body'], 'x');

  it('translates the field message keys and puts them on the fields the form has', () => {
    const f = form();
    const body = apiError('VALIDATION_FAILED', undefined, {
      fields: {
        password: [messageRef('password.minLength', { min: 8 })],
        'nested.note': [messageRef('errors.required')],
        token: [messageRef('errors.required')],
      },
    });
    expect(applyServerFieldErrors(refused(body), f.target, 'es')).toBe(true);
    expect(f.set.password?.message).toContain('8');
    expect(f.set.password?.message).not.toBe(body.fieldErrors?.password?.[0]);
    expect(f.set['nested.note']?.type).toBe('errors.required');
    expect(f.set.token).toBeUndefined();
  });

  it('falls back to the texts of another server, and places nothing for other failures', () => {
    const f = form();
    expect(
      applyServerFieldErrors(
        refused({ code: 'X', message: 'm', fieldErrors: { username: ['Taken'] } }),
        f.target,
        'en',
      ),
    ).toBe(true);
    expect(f.set.username).toEqual({ type: 'server', message: 'Taken' });
    const g = form();
    expect(applyServerFieldErrors(refused(apiError('INVALID_CREDENTIALS')), g.target, 'en')).toBe(false);
    expect(applyServerFieldErrors(new Error('x'), g.target, 'en')).toBe(false);
    expect(g.set).toEqual({});
  });
});

function LoginForm({
  onSubmit,
}: {
  onSubmit: (form: ReturnType<typeof useContractForm<NonNullable<typeof staffLogin.body>>>) => Promise<void>;
}) {
  const form = useContractForm(staffLogin.body!, { defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(() => onSubmit(form))} noValidate>
      <TextInput label="Username" error={errors.username?.message} {...form.register('username')} />
      <TextInput label="Password" error={errors.password?.message} {...form.register('password')} />
      <Button type="submit">Sign in</Button>
    </form>
  );
}

describe('a form on the contract', () => {
  afterEach(async () => {
    cleanup();
    await act(() => i18next.changeLanguage('en'));
  });

  it('shows the schema messages on the fields before anything is sent, in the interface language', async () => {
    let sent = 0;
    await act(() => i18next.changeLanguage('es'));
    renderWithMantine(<LoginForm onSubmit={async () => void sent++} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getAllByText('Este campo es obligatorio.')).toHaveLength(2));
    expect(sent).toBe(0);
  });

  it("shows the server's field message of a 400 on its field", async () => {
    renderWithMantine(
      <LoginForm
        onSubmit={async (form) => {
          const body = apiError('VALIDATION_FAILED', undefined, {
            fields: { username: [messageRef('errors.tooLong', { max: 150 })] },
          });
          applyServerFieldErrors(new ApiRequestError(400, body as ApiRequestError['body'], 'staffLogin'), form, 'en');
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const input = await screen.findByLabelText('Username');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter at most 150 characters.')).toBeTruthy();
  });
});
