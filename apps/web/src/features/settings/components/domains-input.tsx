import { useState } from 'react';
import { Textarea } from '@/components/ui/textarea';

/** Domains typed one a line (or separated by commas or spaces). */
const splitDomains = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * The registration domains as a text area, one a line. The typed text is kept as typed (a trailing
 * comma or a blank line stays while typing); when the value changes from outside — saved and
 * normalised by the server, or discarded — the text follows it.
 */
export function DomainsInput({ value, onChange, onBlur, ...a }: { value: string[]; onChange: (v: string[]) => void; onBlur: () => void; id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) {
  const [text, setText] = useState(() => value.join('\n'));
  if (splitDomains(text).join('\n') !== value.join('\n')) setText(value.join('\n'));
  return (
    <Textarea
      {...a}
      rows={3}
      placeholder="college.edu"
      spellCheck={false}
      autoCapitalize="none"
      value={text}
      onBlur={onBlur}
      onChange={(e) => {
        setText(e.target.value);
        onChange(splitDomains(e.target.value));
      }}
    />
  );
}
