import { useParams } from 'react-router';
import { MarksGridPage } from '@/features/assessment/components/marks-grid';

export default function ExamMarksRoute() {
  const { id = '' } = useParams();
  return <MarksGridPage key={id} examId={id} />;
}
