import type { Ref } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MFA_TEXT } from './mfa-text';

export type CodeKind = 'app' | 'recovery' | 'either';

/**
 * The field a second-factor code is typed into: the app's 6 digits (numeric keyboard, the
 * browser's one-time-code autofill), a recovery code (xxxxx-xxxxx), or either. Its error is
 * announced and tied to it (FormField).
 */
export function CodeField({
  value,
  onChange,
  error,
  kind = 'app',
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  kind?: CodeKind;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const hintId = `mfa-code-${kind}-hint`;
  const digitsOnly = kind === 'app';
  return (
    <div className="grid gap-1">
      <FormField label={kind === 'recovery' ? MFA_TEXT.recoveryCode : MFA_TEXT.code} error={error ?? undefined}>
        {(a) => (
          <Input
            {...a}
            ref={inputRef}
            name="code"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={[a['aria-describedby'], hintId].filter(Boolean).join(' ')}
            autoComplete="one-time-code"
            inputMode={digitsOnly ? 'numeric' : 'text'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={digitsOnly ? 6 : 11}
            className="max-w-48 font-mono tracking-widest"
          />
        )}
      </FormField>
      <p id={hintId} className="text-xs text-muted-foreground">
        {MFA_TEXT.hints[kind]}
      </p>
    </div>
  );
}
