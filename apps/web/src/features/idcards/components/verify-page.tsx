import { BadgeCheck, TimerOff } from 'lucide-react';
import type { VerifyResult } from '@crs/shared/schemas/idcards';
import { UserAvatar } from '@/components/ui/avatar';
import { VerifyFrame, VerifyInvalid } from '@/components/verify-frame';
import { useVerify } from '../api/idcards';
import { formatDate } from '@/lib/format-date';
import { IDCARD_TEXT } from '../texts';

/**
 * /verify/:token (public; the ID card's QR code opens it): whether the card is valid, and for a
 * live card only its holder's name, photo, student ID and validity — nothing else.
 */
export function VerifyPage({ token }: { token: string }) {
  const result = useVerify(token);
  return (
    <VerifyFrame title={IDCARD_TEXT.verifyTitle} result={result} checking={IDCARD_TEXT.verifyChecking} failed={IDCARD_TEXT.verifyFailed}>
      {(data) => <Verdict result={data} />}
    </VerifyFrame>
  );
}

function Verdict({ result }: { result: VerifyResult }) {
  return result.status === 'invalid' ? (
    <VerifyInvalid title={IDCARD_TEXT.verifyInvalid} help={IDCARD_TEXT.verifyInvalidHelp} />
  ) : (
    <div className="grid justify-items-center gap-4 text-center">
      <div role="status" className="grid justify-items-center gap-1">
        {result.valid ? <BadgeCheck aria-hidden="true" className="size-12 text-green-700 dark:text-green-400" /> : <TimerOff aria-hidden="true" className="size-12 text-amber-700 dark:text-amber-300" />}
        <p className={`text-lg font-semibold ${result.valid ? 'text-green-800 dark:text-green-300' : 'text-amber-900 dark:text-amber-200'}`}>
          {result.valid ? IDCARD_TEXT.verifyValid : IDCARD_TEXT.verifyExpired}
        </p>
      </div>
      <UserAvatar name={result.name} src={result.photoUrl} className="size-24 text-2xl" />
      <dl className="grid w-full grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-left text-sm">
        <dt className="text-muted-foreground">{IDCARD_TEXT.verifyName}</dt>
        <dd className="font-medium break-words">{result.name}</dd>
        <dt className="text-muted-foreground">{IDCARD_TEXT.verifyStudentId}</dt>
        <dd className="font-medium">{result.studentId ?? '—'}</dd>
        <dt className="text-muted-foreground">{IDCARD_TEXT.verifyValidUntil}</dt>
        <dd className="font-medium">{result.validUntil ? formatDate(result.validUntil) : '—'}</dd>
      </dl>
    </div>
  );
}
