import type { TranscriptVerifyResult } from '@crs/shared/schemas/transcripts';
import { VerifyFrame, VerifyInvalid, VerifyValid } from '@/components/verify-frame';
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
  if (!result.valid) return <VerifyInvalid title={T.verifyInvalid} help={T.verifyInvalidHelp} />;
  return (
    <VerifyValid
      label={T.verifyValid}
      facts={[
        { term: T.verifyName, value: result.name, className: 'break-words' },
        { term: T.verifyStudentId, value: result.studentId ?? '—' },
        { term: T.verifyIssued, value: result.issuedAt ? formatDate(result.issuedAt) : '—' },
        { term: T.verifyCgpa, value: result.cgpa === null ? '—' : result.cgpa.toFixed(2), className: 'tabular-nums' },
      ]}
    />
  );
}
