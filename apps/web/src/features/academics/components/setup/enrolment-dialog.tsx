import { useState } from 'react';
import { Upload, UserMinus } from 'lucide-react';
import { ENROLMENT_IMPORT_COLUMNS } from '@crs/shared/schemas/academics';
import { ImportDialog } from '@/components/import/import-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable } from '@/components/ui/data-table';
import { DialogFooter, FormDialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useFindUsers } from '../../api/find-users';
import { academicsKeys } from '../../api/keys';
import { enrolmentImporter, useEnrolStudents, useSectionStudents, useUnenrolStudent } from '../../api/section-students';
import type { Section, SectionStudent } from '../../api/types';
import { ACADEMICS_TEXT as T } from '../../texts';

/** A section's students: the roster (remove one), enrol more (find and tick), or import a list of student IDs/emails. */
export function EnrolmentDialog({ section, onClose }: { section: Section | null; onClose: () => void }) {
  return (
    <FormDialog open={section !== null} onOpenChange={(o) => !o && onClose()} title={section ? `${T.students}: ${section.name} (${section.academicYear})` : T.students} wide>
      {(close) => (section ? <Enrolment section={section} close={close} /> : null)}
    </FormDialog>
  );
}

function Enrolment({ section, close }: { section: Section; close: () => void }) {
  const roster = useSectionStudents(section._id);
  const enrol = useEnrolStudents(section._id);
  const unenrol = useUnenrolStudent(section._id);
  const [find, setFind] = useState('');
  const q = useDebouncedValue(find.trim(), 300);
  const found = useFindUsers('Student', q, q.length >= 2);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SectionStudent | null>(null);
  const [importing, setImporting] = useState(false);
  const enrolled = new Set((roster.data?.students ?? []).map((s) => s._id));
  const candidates = (found.data ?? []).filter((p) => !enrolled.has(p._id));

  async function onEnrol() {
    setError(null);
    try {
      const { message } = await enrol.mutateAsync([...selected]);
      toast.success(message);
      setSelected(new Set());
      setFind('');
    } catch (e) {
      setError(serverMessage(e) ?? T.actionFailed);
    }
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Input type="search" aria-label="Find students to enrol" placeholder="Find students by name, email or student ID..." value={find} onChange={(e) => setFind(e.target.value)} />
        {q.length >= 2 ? (
          <DataTable
            caption="Students to enrol"
            columns={[
              { key: 'name', header: 'Name', cell: (p) => p.name },
              { key: 'id', header: T.rollNumber, cell: (p) => <span className="font-mono">{p.studentId ?? '—'}</span> },
              { key: 'email', header: 'Email', cell: (p) => p.email },
            ]}
            rows={found.data ? candidates : undefined}
            rowKey={(p) => p._id}
            loading={found.isPending}
            empty="No students found who are not enrolled already."
            selection={{ selected, onChange: setSelected, label: (p) => p.name }}
          />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button disabled={selected.size === 0 || enrol.isPending} onClick={() => void onEnrol()}>
            {enrol.isPending ? T.updating : `Enrol selected (${selected.size})`}
          </Button>
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Upload aria-hidden="true" />
            Import students
          </Button>
        </div>
        <FormError message={error} />
      </div>
      <DataTable
        caption={`${T.students} of ${section.name}`}
        columns={[
          { key: 'id', header: T.rollNumber, cell: (s) => <span className="font-mono">{s.studentId ?? '—'}</span> },
          { key: 'name', header: 'Name', cell: (s) => s.name },
          { key: 'email', header: 'Email', cell: (s) => s.email },
          {
            key: 'remove',
            header: 'Actions',
            srOnlyHeader: true,
            cell: (s) => (
              <Button variant="ghost" size="icon" className="size-8 text-destructive" aria-label={`Remove ${s.name}`} onClick={() => setRemoving(s)}>
                <UserMinus aria-hidden="true" />
              </Button>
            ),
          },
        ]}
        rows={roster.data?.students}
        rowKey={(s) => s._id}
        loading={roster.isPending}
        error={roster.isError ? T.loadFailed : null}
        empty={T.noStudents}
      />
      <DialogFooter>
        <Button variant="outline" onClick={close}>
          Close
        </Button>
      </DialogFooter>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'student'} from ${section.name}?`}
        description="Their attendance already taken is kept."
        confirmLabel="Remove"
        destructive
        onConfirm={async () => {
          if (!removing) return;
          const { message } = await unenrol.mutateAsync(removing._id);
          toast.success(message);
        }}
      />
      <ImportDialog
        open={importing}
        onOpenChange={setImporting}
        title={`Import students into ${section.name}`}
        description="One student per row, by student ID or email. Nothing is written until you press Import."
        columns={ENROLMENT_IMPORT_COLUMNS}
        upload={enrolmentImporter(section._id)}
        invalidate={[academicsKeys.all]}
        fileBase={`enrolment-${section.name}`}
      />
    </div>
  );
}
