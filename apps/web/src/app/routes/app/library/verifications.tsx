import { PageHeader } from '@/components/layout/page';
import { VerificationScreen } from '@/features/library/components/verification-screen';
import { HOLDS_TEXT } from '@/features/library/holds-texts';

/** /library/verifications (the desk): stock verification by shelf or of the whole library. */
export default function VerificationsRoute() {
  return (
    <section className="grid gap-6">
      <PageHeader title={HOLDS_TEXT.verificationTitle} description={HOLDS_TEXT.verificationHelp} />
      <VerificationScreen />
    </section>
  );
}
