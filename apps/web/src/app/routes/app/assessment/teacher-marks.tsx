import { UploadMarksPage } from '@/features/assessment/components/upload-marks';

export default function TeacherMarksRoute() {
  return <UploadMarksPage />;
}
