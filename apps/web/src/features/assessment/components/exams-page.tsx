import { useState } from 'react';
import { Link } from 'react-router';
import { ClipboardPen, EyeOff, FileUp, MoreHorizontal, Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { PageHeader } from '@/components/layout/page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, DeleteDialog } from '@/components/ui/confirm-dialog';
import { CardTable, type Column } from '@/components/ui/data-table';
import { StackedCell } from '@/components/ui/stacked-cell';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useFailureToast } from '@/hooks/use-failure-toast';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useDeleteExam } from '../api/delete-exam';
import { useExams } from '../api/get-exams';
import { usePublishExam } from '../api/publish-exam';
import type { Exam } from '../api/types';
import { ASSESSMENT_TEXT as T } from '../texts';
import { ExamFormDialog } from './exam-form-dialog';

type Action = 'edit' | 'publish' | 'delete';

function RowActions({ exam, onAction }: { exam: Exam; onAction: (action: Action, exam: Exam) => void }) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Button asChild variant="outline" size="sm" aria-label={T.enterMarksFor(exam.name, exam.label)}>
        <Link to={paths.teacherExamMarks({ id: exam._id })}>
          <ClipboardPen aria-hidden="true" />
          <span className="hidden sm:inline">{T.enterMarks}</span>
        </Link>
      </Button>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={T.actionsFor(exam.name, exam.label)}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem asChild>
            <Link to={paths.teacherMarksFor({ examId: exam._id })}>
              <FileUp aria-hidden="true" />
              {T.uploadFile}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAction('edit', exam)}>
            <Pencil aria-hidden="true" />
            {T.edit}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onAction('publish', exam)}>
            {exam.published ? <EyeOff aria-hidden="true" /> : <Send aria-hidden="true" />}
            {exam.published ? T.withdraw : T.publish}
          </DropdownMenuItem>
          <DropdownMenuItem destructive onSelect={() => onAction('delete', exam)}>
            <Trash2 aria-hidden="true" />
            {T.delete}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

/**
 * 'Enter Exam Details' (the teacher dashboard's Quick Action): the exams of the caller's classes
 * (Admin: all) with name, class, kind, maximum, weight, date and whether students see the marks;
 * create and edit in a dialog, publish or withdraw and delete after a confirmation, and a link per
 * exam to its marks grid and to Upload Exam Marks with the exam chosen. In the Teacher's sidebar as
 * 'Exams' (issue 25).
 */
export function ExamsPage() {
  const exams = useExams();
  useFailureToast(exams.isError, T.examsFailed);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Exam | null>(null);
  const [publishing, setPublishing] = useState<Exam | null>(null);
  const [deleting, setDeleting] = useState<Exam | null>(null);
  const publish = usePublishExam();
  const remove = useDeleteExam();

  function onAction(action: Action, exam: Exam) {
    if (action === 'edit') {
      setEditing(exam);
      setFormOpen(true);
    } else if (action === 'publish') setPublishing(exam);
    else setDeleting(exam);
  }

  const columns: Column<Exam>[] = [
    { key: 'name', header: T.name, cell: (e) => <StackedCell main={e.name} sub={e.label} mainClassName="font-medium" subClassName="text-xs text-muted-foreground sm:hidden" /> },
    { key: 'class', header: T.class, cell: (e) => <StackedCell main={e.label} sub={e.subjectName} mainClassName="whitespace-nowrap" /> },
    { key: 'kind', header: T.kind, cell: (e) => T.kinds[e.kind] },
    { key: 'max', header: T.maxMarks, className: 'tabular-nums', cell: (e) => e.maxMarks },
    { key: 'weight', header: T.weight, className: 'tabular-nums', cell: (e) => e.weight },
    { key: 'date', header: T.date, className: 'tabular-nums whitespace-nowrap', cell: (e) => formatDate(e.date) },
    { key: 'marked', header: T.marked, className: 'tabular-nums', cell: (e) => T.markedOf(e.marked, e.rosterSize) },
    { key: 'status', header: T.status, cell: (e) => <Badge variant={e.published ? 'success' : 'outline'}>{e.published ? T.published : T.draft}</Badge> },
    { key: 'actions', header: 'Actions', srOnlyHeader: true, cell: (e) => <RowActions exam={e} onAction={onAction} /> },
  ];

  return (
    <section>
      <PageHeader title={T.examsTitle} description={T.examsIntro}>
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          <Plus aria-hidden="true" />
          {T.newExam}
        </Button>
      </PageHeader>
      <CardTable
        caption={T.examsCaption}
        columns={columns}
        rows={exams.data?.exams}
        rowKey={(e) => e._id}
        loading={exams.isPending}
        error={exams.isError ? T.examsFailed : null}
        empty={T.noExams}
        rowProps={(e) => ({ 'data-testid': `exam-${e._id}` })}
        skeletonRows={4}
      />

      <ExamFormDialog open={formOpen} onOpenChange={setFormOpen} exam={editing} />
      <ConfirmDialog
        open={publishing !== null}
        onOpenChange={(open) => {
          if (!open) setPublishing(null);
        }}
        title={publishing?.published ? T.withdrawTitle : T.publishTitle}
        description={publishing ? (publishing.published ? T.withdrawText : T.publishText)(publishing.name, publishing.label) : ''}
        confirmLabel={publishing?.published ? T.withdrawConfirm : T.publishConfirm}
        busyLabel={T.processing}
        onConfirm={async () => {
          if (!publishing) return;
          const { message } = await publish.mutateAsync({ id: publishing._id, published: !publishing.published });
          if (message) toast.success(message);
        }}
      />
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove.mutateAsync}
        title={T.deleteTitle}
        description={deleting ? T.deleteText(deleting.name, deleting.label) : ''}
        confirmLabel={T.delete}
        busyLabel={T.deleteBusy}
      />
    </section>
  );
}
