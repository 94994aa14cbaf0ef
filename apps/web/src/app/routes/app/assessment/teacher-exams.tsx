import { ExamsPage } from '@/features/assessment/components/exams-page';

export default function TeacherExamsRoute() {
  return <ExamsPage />;
}
