import type { VerifyResult } from '@crs/shared/schemas/idcards';
import { UserAvatar } from '@/components/ui/avatar';
import { VerifyFrame, VerifyInvalid, VerifyValid } from '@/components/verify-frame';
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
  if (result.status === 'invalid') return <VerifyInvalid title={IDCARD_TEXT.verifyInvalid} help={IDCARD_TEXT.verifyInvalidHelp} />;
  return (
    <VerifyValid
      label={result.valid ? IDCARD_TEXT.verifyValid : IDCARD_TEXT.verifyExpired}
      expired={!result.valid}
      photo={<UserAvatar name={result.name} src={result.photoUrl} className="size-24 text-2xl" />}
      facts={[
        { term: IDCARD_TEXT.verifyName, value: result.name, className: 'break-words' },
        { term: IDCARD_TEXT.verifyStudentId, value: result.studentId ?? '—' },
        { term: IDCARD_TEXT.verifyValidUntil, value: result.validUntil ? formatDate(result.validUntil) : '—' },
      ]}
    />
  );
}
