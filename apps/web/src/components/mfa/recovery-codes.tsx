import { useEffect, useId, useRef, useState } from 'react';
import { Copy, Download } from 'lucide-react';
import { IDENTITY_MSG } from '@crs/shared/messages/identity';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { saveBlob } from '@/lib/download';
import { toast } from '@/lib/toast';
import { MFA_TEXT } from './mfa-text';

/**
 * Recovery codes, shown once (after enrolment or a renewal): the note, the list, copy and download.
 * They replace the form whose code made them, so the focus moves to their heading.
 */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [error, setError] = useState<string | null>(null);
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(MFA_TEXT.codesCopied);
    } catch {
      setError(MFA_TEXT.copyFailed);
    }
  }

  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h3 id={titleId} ref={heading} tabIndex={-1} className="font-medium outline-none">
        {MFA_TEXT.recoveryTitle}
      </h3>
      <p role="note" className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
        {IDENTITY_MSG.mfaRecoveryCodesNote}
      </p>
      <ul className="grid w-fit grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm" aria-labelledby={titleId}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {MFA_TEXT.copyCodes}
        </Button>
        <Button variant="outline" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), MFA_TEXT.codesFile)}>
          <Download aria-hidden="true" />
          {MFA_TEXT.downloadCodes}
        </Button>
      </div>
      <FormError message={error} />
    </section>
  );
}
