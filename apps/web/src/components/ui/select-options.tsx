/** One choice of a native select: the value sent and the text shown. */
export type SelectOption = { value: string; label: string };

/**
 * A native `<select>`'s options: first, when `none` is given, the empty choice ('None', 'Choose…'),
 * then one `<option>` a choice — the forms' selects wrote this loop each on their own.
 */
export function SelectOptions({ none, options }: { none?: string; options: readonly SelectOption[] }) {
  return (
    <>
      {none === undefined ? null : <option value="">{none}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
