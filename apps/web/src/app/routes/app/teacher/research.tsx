import { useMemo } from 'react';
import { useMySubjects } from '@/features/academics/api/get-my-subjects';
import { MaterialsPage } from '@/features/materials/components/materials-page';
import { compareText } from '@/lib/utils';

/** /dashboard/teacher/research: materials, attached to one of the teacher's subjects (from academics) or research. */
export default function TeacherResearchRoute() {
  const mine = useMySubjects();
  const subjects = useMemo(() => {
    if (!mine.data) return undefined;
    const byId = new Map(mine.data.subjects.map((s) => [s.subjectId, { id: s.subjectId, code: s.code, name: s.name }]));
    return [...byId.values()].sort((a, b) => compareText(a.code, b.code));
  }, [mine.data]);
  return <MaterialsPage subjects={subjects} subjectsFailed={mine.isError} />;
}
