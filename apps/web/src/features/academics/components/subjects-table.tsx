import { CardTable, type Column } from '@/components/ui/data-table';
import { useMySubjects } from '../api/get-my-subjects';
import type { TeacherSubject } from '../api/types';
import { useFailureToast } from '@/hooks/use-failure-toast';
import { ACADEMICS_TEXT as T } from '../texts';

const COLUMNS: readonly Column<TeacherSubject>[] = [
  { key: 'name', header: T.subjectName, cell: (s) => s.name },
  { key: 'code', header: T.code, cell: (s) => <span className="font-mono">{s.code}</span> },
  { key: 'section', header: T.section, cell: (s) => s.section },
];

/** Teacher screens (spec section 2): the 'Assigned Subjects' table — Subject Name, Code, Section. */
export function SubjectsTable() {
  const subjects = useMySubjects();
  useFailureToast(subjects.isError, T.subjectsFailed);
  return (
    <CardTable
      caption={T.assignedSubjects}
      columns={COLUMNS}
      rows={subjects.data?.subjects}
      rowKey={(s) => s.assignmentId}
      loading={subjects.isPending}
      error={subjects.isError ? T.subjectsFailed : null}
      empty={T.noSubjects}
      skeletonRows={4}
    />
  );
}
