import { useId, useState } from 'react';
import { Copy, Link2Off, RefreshCw } from 'lucide-react';
import { CALENDAR_MSG } from '@crs/shared/messages/calendar';
import { BusyButton, Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { getCalendarFeed, revokeCalendarFeed, rotateCalendarFeed } from '../api/calendar-feed';
import { ACCOUNT_TEXT as T } from '../texts';

/** A phone needs the whole address: a path the server gives is completed with this site's origin. */
const absolute = (url: string) => new URL(url, window.location.origin).href;

/**
 * The private iCal feed (issue 27): shown on demand (the first GET makes the link, so merely
 * opening the account page makes none), copied, replaced after a confirmation (the old link stops
 * working) or turned off.
 */
export function CalendarFeed() {
  const titleId = useId();
  const inputId = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState<'show' | 'off' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function run(kind: 'show' | 'off') {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'show') {
        setUrl(absolute((await getCalendarFeed()).url));
      } else {
        const answer = await revokeCalendarFeed();
        setUrl(null);
        toast.success(answer.message ?? CALENDAR_MSG.calendarFeedRevoked);
      }
    } catch (e) {
      setError(serverMessage(e) ?? T.feedFailed);
    } finally {
      setBusy(null);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(T.feedCopied);
    } catch {
      setError(T.feedCopyFailed);
    }
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{T.feedTitle}</CardTitle>
        <CardDescription>{T.feedDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {url ? (
          <>
            <div className="grid gap-2">
              <Label htmlFor={inputId}>{T.feedLink}</Label>
              <Input id={inputId} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
            </div>
            <p className="text-xs text-muted-foreground">{T.feedHelp}</p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                {T.feedCopy}
              </Button>
              <Button type="button" variant="outline" onClick={() => setConfirming(true)} disabled={busy !== null}>
                <RefreshCw aria-hidden="true" />
                {T.feedRotate}
              </Button>
              <Button type="button" variant="ghost" disabled={busy !== null} onClick={() => void run('off')}>
                <Link2Off aria-hidden="true" />
                {busy === 'off' ? T.feedTurningOff : T.feedOff}
              </Button>
            </div>
          </>
        ) : (
          <div>
            <BusyButton type="button" busy={busy === 'show'} onClick={() => void run('show')} label={T.feedShow} busyLabel={T.feedLoading} />
          </div>
        )}
        <FormError message={error} />
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.feedRotateTitle}
        description={T.feedRotateText}
        confirmLabel={T.feedRotate}
        busyLabel={T.feedRotating}
        onConfirm={async () => {
          const answer = await rotateCalendarFeed();
          setUrl(absolute(answer.url));
          toast.success(answer.message ?? CALENDAR_MSG.calendarFeedRotated);
        }}
      />
    </Card>
  );
}
