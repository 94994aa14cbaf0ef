import { useId, useState, type FormEvent } from 'react';
import { GUARDIANS_MSG as M } from '@crs/shared/messages/guardians';
import { BusyButton, Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useLinkGuardian, useStudentGuardians, useUnlinkGuardian } from '../api/student-guardians';

/** The Admin's card on a student's page (issue 30): the guardians linked, link one by email, unlink. */
export function StudentGuardiansCard({ student, studentId }: { student: string; studentId: string }) {
  const titleId = useId();
  const list = useStudentGuardians(student);
  const link = useLinkGuardian(student);
  const unlink = useUnlinkGuardian();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    try {
      toast.success((await link.mutateAsync({ email })).message);
      setEmail('');
    } catch (err) {
      setError(serverMessage(err) ?? M.guardianNotFound);
    }
  }
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{M.guardianAdminTitle}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={list} error={M.guardianNotFound} empty={M.guardianAdminNone} isEmpty={(d) => d.guardians.length === 0} skeletons={['h-10']}>
          {(data) => (
            <ul className="grid gap-2">
              {data.guardians.map((g) => (
                <li key={g._id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {g.name} · {g.email}
                    {g.relation ? ` · ${g.relation}` : ''}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={unlink.isPending}
                    onClick={() => unlink.mutate({ guardianId: g._id, studentId }, { onSuccess: (a) => toast.success(a.message), onError: (err) => toast.error(serverMessage(err) ?? M.guardianLinkNotFound) })}
                  >
                    {M.guardianAdminUnlink}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
          <div className="min-w-64">
            <FormField label={M.guardianAdminEmail} error={error}>
              {(control) => <Input {...control} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
            </FormField>
          </div>
          <BusyButton type="submit" busy={link.isPending} label={M.guardianAdminLink} busyLabel={M.guardianCardMaking} />
        </form>
      </CardContent>
    </Card>
  );
}
