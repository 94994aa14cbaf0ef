import { useState, type FormEvent } from 'react';
import { GUARDIANS_MSG as M } from '@crs/shared/messages/guardians';
import { BusyButton } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useLinkChild } from '../api/children';

/** A guardian links another child with the child's one-time code. */
export function LinkChildForm() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const link = useLinkChild();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    if (!code.trim()) return setError(M.guardianCodeRequired);
    try {
      toast.success((await link.mutateAsync({ code })).message);
      setCode('');
    } catch (err) {
      setError(serverMessage(err) ?? M.guardianCodeInvalid);
    }
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={M.guardianLinkChild} noValidate>
      <div className="min-w-56">
        <FormField label={M.guardianCodeLabel} error={error}>
          {(control) => <Input {...control} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" placeholder="ABCDE-FGHJK" />}
        </FormField>
      </div>
      <BusyButton type="submit" busy={link.isPending} label={M.guardianLinkChildSubmit} busyLabel={M.guardianCardMaking} />
    </form>
  );
}
