import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/** The username box of the sign-in, recovery and registration forms: no capitals or spelling help, focused first. */
export function UsernameInput(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput autoComplete="username" autoCapitalize="none" spellCheck={false} autoFocus {...props} />;
}
