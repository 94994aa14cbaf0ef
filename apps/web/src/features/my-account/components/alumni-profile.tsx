import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ALUMNI_MSG as MSG } from '@crs/shared/messages/alumni';
import { BusyButton } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { getMyAlumnus, setMyAlumnusVisibility } from '../api/alumni-profile';
import { ACCOUNT_TEXT as T } from '../texts';

const KEY = ['account', 'alumni-profile'] as const;

/**
 * A graduate's own alumni profile (issue 27): their record in the alumni directory is private
 * until they make it public; here they switch it either way. Shown only to a graduate (anyone else
 * has no record: the server answers 404 and the card is left out).
 */
export function AlumniProfile() {
  const titleId = useId();
  const client = useQueryClient();
  const mine = useQuery({ queryKey: KEY, queryFn: getMyAlumnus, retry: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const alumnus = mine.data;
  if (!alumnus) return null;
  const isPublic = alumnus.visibility === 'public';

  async function flip() {
    setBusy(true);
    setError(null);
    try {
      const answer = await setMyAlumnusVisibility(isPublic ? 'private' : 'public');
      client.setQueryData(KEY, answer.alumnus);
      toast.success(answer.message);
    } catch (e) {
      setError(serverMessage(e) ?? T.alumniFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{T.alumniTitle}</CardTitle>
        <CardDescription>{T.alumniDescription(alumnus.batch, alumnus.department)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={isPublic ? 'success' : 'secondary'}>{isPublic ? T.alumniPublic : T.alumniPrivate}</Badge>
          <span className="text-muted-foreground">{isPublic ? MSG.alumniOwnPublic : MSG.alumniOwnPrivate}</span>
        </p>
        {error ? <FormError message={error} /> : null}
        <div>
          <BusyButton busy={busy} label={isPublic ? T.alumniMakePrivate : T.alumniMakePublic} busyLabel={T.alumniSaving} onClick={() => void flip()} />
        </div>
      </CardContent>
    </Card>
  );
}
