import { useId, useRef, useState } from 'react';
import { ScanLine, UserRoundX } from 'lucide-react';
import { LIBRARY_MSG } from '@crs/shared/messages/library';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format-date';
import { scanMember, useScanCopy } from '../api/desk-scan';
import type { Member } from '../api/types';
import { formatRupees } from '../format';
import { DESK_TEXT } from '../texts';

/** What a copy's barcode can be (the server's accession rule); anything else is a card's payload. */
const LOOKS_LIKE_COPY = /^[A-Za-z0-9][A-Za-z0-9/.-]{0,31}$/;

type Entry = { id: number; ok: boolean; text: string };

/**
 * The scanning desk: one input that a USB scanner types into (a scan is keystrokes ending with
 * Enter). The first scan is the member's card (ID card QR, student ID or employee ID); then each
 * copy's barcode issues it to the member, or, if it is on loan, returns it. Every scan answers at
 * once in a live region: the title, the due date, the fine owed, or why it was refused.
 */
export function ScanDesk() {
  const [member, setMember] = useState<Member | null>(null);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const serial = useRef(0);
  const scanCopy = useScanCopy();
  const titleId = useId();
  const inputId = useId();

  const log = (ok: boolean, text: string) => setEntries((list) => [{ id: ++serial.current, ok, text }, ...list].slice(0, 8));

  /** A card scan: the member, or null when the card names nobody. */
  async function asMember(scanned: string): Promise<Member | null> {
    try {
      const found = await scanMember(scanned);
      setMember(found);
      log(true, DESK_TEXT.memberFound(found.name, found.studentId, found.activeLoans, formatRupees(found.finesOwed)));
      return found;
    } catch {
      return null;
    }
  }

  async function handle(scanned: string) {
    if (!LOOKS_LIKE_COPY.test(scanned)) {
      if (!(await asMember(scanned))) log(false, LIBRARY_MSG.deskMemberUnknown);
      return;
    }
    try {
      const r = await scanCopy.mutateAsync({ barcode: scanned, member: member?._id });
      const title = r.loan.book.title;
      if (r.action === 'issued') log(true, DESK_TEXT.issued(title, r.loan.accession, r.loan.member.name, formatDate(r.loan.dueOn)));
      else log(true, DESK_TEXT.returned(title, r.loan.accession, r.loan.member.name, r.fineOwed > 0 ? formatRupees(r.fineOwed) : null));
      if (member && r.action === 'issued') setMember({ ...member, activeLoans: member.activeLoans + 1 });
    } catch (error) {
      const status = (error as { response?: { status?: number; data?: { code?: string } } }).response;
      // Not a copy: perhaps the next member's card (a student ID looks like a barcode).
      if (status?.status === 404 && status.data?.code === 'COPY_NOT_FOUND' && (await asMember(scanned))) return;
      log(false, serverMessage(error) ?? DESK_TEXT.failed);
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const scanned = value.trim();
    setValue('');
    if (!scanned || busy) return;
    setBusy(true);
    try {
      await handle(scanned);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  }

  function newMember() {
    setMember(null);
    log(true, DESK_TEXT.memberCleared);
    input.current?.focus();
  }

  const [latest, ...earlier] = entries;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{DESK_TEXT.title}</CardTitle>
        <CardDescription>{DESK_TEXT.help}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <Label htmlFor={inputId}>{member ? DESK_TEXT.scanCopy : DESK_TEXT.scanCard}</Label>
            <Input
              id={inputId}
              ref={input}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="go"
              aria-busy={busy}
            />
          </div>
          <Button type="submit" disabled={busy}>
            <ScanLine aria-hidden="true" />
            {DESK_TEXT.scan}
          </Button>
          <Button type="button" variant="outline" onClick={newMember} disabled={!member}>
            <UserRoundX aria-hidden="true" />
            {DESK_TEXT.newMember}
          </Button>
        </form>
        <p className="text-sm">{member ? DESK_TEXT.current(member.name, member.studentId) : DESK_TEXT.noMember}</p>
        <div aria-live="polite" role="status" className="min-h-6">
          {latest ? <p className={latest.ok ? 'font-medium' : 'font-medium text-destructive'}>{latest.text}</p> : null}
        </div>
        {earlier.length ? (
          <ul className="grid gap-1 text-sm text-muted-foreground" aria-label={DESK_TEXT.earlier}>
            {earlier.map((e) => (
              <li key={e.id}>{e.text}</li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
