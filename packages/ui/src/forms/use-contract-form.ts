import { useMemo, useRef } from 'react';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { contractResolver } from './contract-form';

/**
 * react-hook-form with the contract's schema as its only validation (decision 0018): field messages are
 * the catalogue's, in the interface language. Pass the endpoint's body schema, or a form schema made from it.
 */
export function useContractForm<S extends z.ZodType>(
  schema: S,
  options: Omit<UseFormProps<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues>, 'resolver'> = {},
): UseFormReturn<z.input<S> & FieldValues, unknown, z.output<S> & FieldValues> {
  const { i18n } = useTranslation();
  const lang = useRef(i18n.language);
  lang.current = i18n.language;
  const resolver = useMemo(() => contractResolver(schema, () => lang.current || 'en'), [schema]);
  return useForm({ ...options, resolver });
}
