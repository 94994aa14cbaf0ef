// Hand-written in place of react-hook-form on the sign-in screen only (decision 0012): its 12 KiB
// gzip would be a tenth of /login's first-load script. Every other form keeps react-hook-form.
import { useRef, useState, type FormEvent } from 'react';
import type { Resolver } from 'react-hook-form';

type TextValues = Record<string, string>;

/**
 * Form state for the sign-in screen without react-hook-form, whose 12 KiB (gzip) would be a tenth
 * of the page's first-load JS (decision 0012). Same rules as every other form (FORM_VALIDATION):
 * nothing is checked before the first submit, then each change re-validates; a failed submit focuses
 * the first invalid field. Validation is the shared zod schema through the form's (lazy) resolver,
 * so messages are the schema's. Inputs are uncontrolled; values are read from the form.
 */
export function useLightForm<V extends TextValues, O>({ resolver, fields }: { resolver: Resolver<V, unknown, O>; fields: readonly (keyof V & string)[] }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const run = useRef(0);

  const values = (): V => {
    const data = formRef.current ? new FormData(formRef.current) : null;
    return Object.fromEntries(fields.map((f) => [f, String(data?.get(f) ?? '')])) as V;
  };

  /** Validates the current values; only the latest of overlapping runs sets the errors. */
  const validate = async () => {
    const mine = ++run.current;
    const result = await resolver(values(), undefined, { fields: {}, shouldUseNativeValidation: false });
    const found: Partial<Record<keyof V, string>> = {};
    for (const f of fields) {
      const message = result.errors[f]?.message;
      if (typeof message === 'string') found[f] = message;
    }
    if (mine === run.current) setErrors(found);
    return { ...result, invalid: fields.filter((f) => f in found) };
  };

  const onChange = () => {
    if (submitted.current) void validate();
  };

  const register = (name: keyof V & string) => ({ name, onChange });

  const handleSubmit = (submit: (values: O) => Promise<void>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submitted.current = true;
    setSubmitting(true);
    try {
      const result = await validate();
      const first = result.invalid[0];
      if (first !== undefined) {
        const field = formRef.current?.elements.namedItem(first);
        if (field instanceof HTMLElement) field.focus();
        return;
      }
      await submit(result.values as O);
    } finally {
      setSubmitting(false);
    }
  };

  return { formRef, register, errors, isSubmitting, handleSubmit };
}
