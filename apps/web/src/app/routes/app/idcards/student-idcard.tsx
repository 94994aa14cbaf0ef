import { IdCardPage } from '@/features/idcards/components/idcard-page';

export default function StudentIdCardRoute() {
  return <IdCardPage />;
}
