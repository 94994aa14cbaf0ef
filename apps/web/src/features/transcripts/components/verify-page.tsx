import { BadgeCheck } from 'lucide-react';
import type { TranscriptVerifyResult } from '@crs/shared/schemas/transcripts';
import { VerifyFrame, VerifyInvalid } from '@/components/verify-frame';
import { formatDate } from '@/lib/format-date';
import { useVerifyTranscript } from '../api/transcripts';
import { TRANSCRIPT_TEXT as T } from '../texts';

/**
 * /verify/transcripts/:token (public; a grade card's or transcript's QR code opens it): whether the
 * document is valid, and for a live one only the name, student ID, issue date and CGPA.
 */
export function TranscriptVerifyPage({ token }: { token: string }) {
  const result = useVerifyTranscript(token);
  return (
    <VerifyFrame title={T.verifyTitle} result={result} checking={T.verifyChecking} failed={T.verifyFailed}>
      {(data) => <Verdict result={data} />}
    </VerifyFrame>
  );
}

function Verdict({ result }: { result: TranscriptVerifyResult }) {
  return !result.valid ? (
    <VerifyInvalid title={T.verifyInvalid} help={T.verifyInvalidHelp} />
  ) : (
    <div className="grid justify-items-center gap-4 text-center">
      <div role="status" className="grid justify-items-center gap-1">
        <BadgeCheck aria-hidden="true" className="size-12 text-green-700 dark:text-green-400" />
        <p className="text-lg font-semibold text-green-800 dark:text-green-300">{T.verifyValid}</p>
      </div>
      <dl className="grid w-full grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-left text-sm">
        <dt className="text-muted-foreground">{T.verifyName}</dt>
        <dd className="font-medium break-words">{result.name}</dd>
        <dt className="text-muted-foreground">{T.verifyStudentId}</dt>
        <dd className="font-medium">{result.studentId ?? '—'}</dd>
        <dt className="text-muted-foreground">{T.verifyIssued}</dt>
        <dd className="font-medium">{result.issuedAt ? formatDate(result.issuedAt) : '—'}</dd>
        <dt className="text-muted-foreground">{T.verifyCgpa}</dt>
        <dd className="font-medium tabular-nums">{result.cgpa === null ? '—' : result.cgpa.toFixed(2)}</dd>
      </dl>
    </div>
  );
}
