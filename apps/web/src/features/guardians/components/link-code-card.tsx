import { useId } from 'react';
import { GUARDIANS_MSG as M } from '@crs/shared/messages/guardians';
import { BusyButton } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format-date';
import { useMakeGuardianCode } from '../api/guardian-codes';

/**
 * The student's 'Link a parent or guardian' card (issue 30): makes a one-time code and shows it with
 * its expiry. The code is shown once (only its hash is stored); a new one can be made at any time.
 */
export function LinkCodeCard({ student }: { student: string }) {
  const titleId = useId();
  const make = useMakeGuardianCode();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{M.guardianCardTitle}</CardTitle>
        <CardDescription>{M.guardianCardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {make.data ? (
          <div aria-live="polite" className="grid gap-1">
            <p className="font-mono text-2xl font-semibold tracking-widest" data-testid="guardian-code">
              {make.data.code}
            </p>
            <p className="text-sm text-muted-foreground">{M.guardianCardExpires(formatDateTime(make.data.expiresAt))}</p>
          </div>
        ) : null}
        {make.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {serverMessage(make.error) ?? M.guardianCodeInvalid}
          </p>
        ) : null}
        <div>
          <BusyButton busy={make.isPending} label={M.guardianCardMake} busyLabel={M.guardianCardMaking} onClick={() => make.mutate(student)} />
        </div>
      </CardContent>
    </Card>
  );
}
