import { useParams } from 'react-router';
import { VerifyPage } from '@/features/idcards/components/verify-page';

/** /verify/:token (public): what an ID card's QR code opens. */
export default function VerifyRoute() {
  const { token = '' } = useParams();
  return <VerifyPage token={token} />;
}
