import { AlumniPage } from '@/features/alumni/components/alumni-page';

export default function AlumniRoute() {
  return <AlumniPage />;
}
