import { useParams } from 'react-router';
import { TranscriptVerifyPage } from '@/features/transcripts/components/verify-page';

/** /verify/transcripts/:token (public): what a grade card's or transcript's QR code opens. */
export default function VerifyTranscriptRoute() {
  const { token = '' } = useParams();
  return <TranscriptVerifyPage token={token} />;
}
