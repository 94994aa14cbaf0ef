import type { Ref } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MFA_TEXT } from './mfa-text';

/**
 * The field a second-factor code is typed into: the app's 6 digits (numeric keyboard, the
 * browser's one-time-code autofill) or, with `recovery`, a recovery code (xxxxx-xxxxx). Its error
 * is announced and tied to it (FormField).
 */
export function CodeField({
  value,
  onChange,
  error,
  recovery = false,
  label,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  recovery?: boolean;
  label?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const hintId = recovery ? 'mfa-code-recovery-hint' : 'mfa-code-hint';
  return (
    <div className="grid gap-1">
      <FormField label={label ?? (recovery ? MFA_TEXT.recoveryCode : MFA_TEXT.code)} error={error ?? undefined}>
        {(a) => (
          <Input
            {...a}
            ref={inputRef}
            name="code"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={[a['aria-describedby'], hintId].filter(Boolean).join(' ')}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={recovery ? 11 : 6}
            className="max-w-48 font-mono tracking-widest"
          />
        )}
      </FormField>
      <p id={hintId} className="text-xs text-muted-foreground">
        {recovery ? MFA_TEXT.recoveryHint : MFA_TEXT.codeHint}
      </p>
    </div>
  );
}
