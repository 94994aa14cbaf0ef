import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { applyServerErrors } from './error-details';
import { FORM_VALIDATION } from './forms';

type Options<V extends FieldValues, O> = {
  /** The shared zod schema the form validates with (spec timing: on submit, then on change). */
  schema: Parameters<typeof zodResolver>[0];
  defaultValues: DefaultValues<V>;
  /** The fields a server's 400 `errors[]` may name; anything else goes to `formError`. */
  fields: readonly Path<V>[];
  /** What `formError` says when the call got no answer. */
  fallback: string;
  /** A stable error code whose message belongs on a field (409 `ISBN_TAKEN` → `isbn`). */
  codeFields?: Readonly<Record<string, Path<V>>>;
  submit: (values: O) => Promise<void>;
};

/**
 * A react-hook-form whose submit calls the server: a refusal's field errors land on their fields,
 * the rest in `formError` for the form's FormError block (cleared on the next submit).
 */
export function useServerForm<V extends FieldValues, O>({ schema, defaultValues, fields, fallback, codeFields, submit }: Options<V, O>) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<V, unknown, O>({ resolver: zodResolver(schema) as never, ...FORM_VALIDATION, defaultValues });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await submit(values);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, { fields, fallback, codeFields }));
    }
  });
  return { ...form, onSubmit, formError };
}
