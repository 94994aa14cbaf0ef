import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema code (zod + the zod resolver) is fetched on first use.
 * Forms validate on submit, so the auth screens need no validation code until then; `preload`
 * starts the download early (e.g. when the form gets focus).
 */
export function lazyResolver<TValues extends FieldValues, TOutput extends FieldValues>(
  load: () => Promise<Resolver<TValues, unknown, TOutput>>,
): Resolver<TValues, unknown, TOutput> & { preload: () => void } {
  let pending: Promise<Resolver<TValues, unknown, TOutput>> | null = null;
  const get = () => (pending ??= load().catch((e: unknown) => {
    pending = null;
    throw e;
  }));
  const resolver = (async (values, context, options) => (await get())(values, context, options)) as Resolver<TValues, unknown, TOutput>;
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}
