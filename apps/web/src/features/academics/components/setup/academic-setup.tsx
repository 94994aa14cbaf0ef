import { useState } from 'react';
import { Users } from 'lucide-react';
import { createAssignmentSchema, createDepartmentSchema, createSectionSchema, createSlotSchema, createSubjectSchema, WEEKDAY_NAMES, WEEKDAY_SHORT } from '@crs/shared/schemas/academics';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useFindUsers } from '../../api/find-users';
import { ASSIGNMENTS, DEPARTMENTS, SECTIONS, SUBJECTS, TIMETABLE, useResourceList } from '../../api/setup-resources';
import type { Assignment, Department, Section, Subject, TimetableSlot } from '../../api/types';
import { ACADEMICS_TEXT as T } from '../../texts';
import { EnrolmentDialog } from './enrolment-dialog';
import { ResourceForm, type FieldDef, type Option } from './resource-form';
import { PAGE_SIZE, SetupTab } from './setup-tab';

/** An empty number input: the field shows nothing and the shared schema reports it (valueAsNumber reads '' as NaN). */
const BLANK = '' as unknown as number;
const paged = (page: number) => ({ page, pageSize: PAGE_SIZE });
const searched = (page: number, q: string) => ({ page, pageSize: PAGE_SIZE, q: q || undefined });
/** Pickers list every record the server gives in one page (a college has hundreds, not more). */
const ALL = { pageSize: 500 };

function useDepartmentOptions(): Option[] {
  const list = useResourceList(DEPARTMENTS);
  return (list.data?.items ?? []).map((d) => ({ value: d._id, label: `${d.code} — ${d.name}` }));
}

type FormProps<I> = { item?: I; onDone: () => void; onCancel: () => void };

function DepartmentForm({ item, ...rest }: FormProps<Department>) {
  const fields: FieldDef<{ code: string; name: string }>[] = [
    { name: 'code', label: 'Code', placeholder: 'CSE' },
    { name: 'name', label: 'Name', placeholder: 'Computer Science and Engineering', wide: true },
  ];
  return <ResourceForm resource={DEPARTMENTS} schema={createDepartmentSchema} fields={fields} defaults={{ code: item?.code ?? '', name: item?.name ?? '' }} id={item?._id} {...rest} />;
}

type SubjectValues = { code: string; name: string; departmentId: string; semester: number; credits: number };
function SubjectForm({ item, ...rest }: FormProps<Subject>) {
  const departments = useDepartmentOptions();
  const fields: FieldDef<SubjectValues>[] = [
    { name: 'code', label: 'Code', placeholder: 'CS301' },
    { name: 'name', label: 'Name', placeholder: 'Data Structures' },
    { name: 'departmentId', label: 'Department', kind: 'select', options: departments, wide: true },
    { name: 'semester', label: 'Semester', kind: 'number', placeholder: '3' },
    { name: 'credits', label: 'Credits', kind: 'number', placeholder: '4' },
  ];
  const defaults = { code: item?.code ?? '', name: item?.name ?? '', departmentId: item?.departmentId ?? '', semester: item?.semester ?? BLANK, credits: item?.credits ?? BLANK };
  return <ResourceForm resource={SUBJECTS} schema={createSubjectSchema} fields={fields} defaults={defaults} id={item?._id} {...rest} />;
}

type SectionValues = { name: string; departmentId: string; semester: number; academicYear: string };
function SectionForm({ item, ...rest }: FormProps<Section>) {
  const departments = useDepartmentOptions();
  const fields: FieldDef<SectionValues>[] = [
    { name: 'name', label: 'Name', placeholder: 'CSE-3A' },
    { name: 'academicYear', label: 'Academic year', placeholder: '2026-27' },
    { name: 'departmentId', label: 'Department', kind: 'select', options: departments, wide: true },
    { name: 'semester', label: 'Semester', kind: 'number', placeholder: '3' },
  ];
  const defaults = { name: item?.name ?? '', departmentId: item?.departmentId ?? '', semester: item?.semester ?? BLANK, academicYear: item?.academicYear ?? '' };
  return <ResourceForm resource={SECTIONS} schema={createSectionSchema} fields={fields} defaults={defaults} id={item?._id} {...rest} />;
}

type AssignmentValues = { teacherId: string; subjectId: string; sectionId: string };
function AssignmentForm({ item, ...rest }: FormProps<Assignment>) {
  const [find, setFind] = useState('');
  const q = useDebouncedValue(find.trim(), 300);
  const teachers = useFindUsers('Teacher', q);
  const subjects = useResourceList(SUBJECTS, ALL);
  const sections = useResourceList(SECTIONS, ALL);
  const teacherOptions = (teachers.data ?? []).map((t) => ({ value: t._id, label: `${t.name} (${t.email})` }));
  // The current teacher stays choosable while a search hides them.
  if (item && !teacherOptions.some((o) => o.value === item.teacherId)) teacherOptions.unshift({ value: item.teacherId, label: `${item.teacher.name} (${item.teacher.email})` });
  const fields: FieldDef<AssignmentValues>[] = [
    {
      name: 'teacherId',
      label: 'Teacher',
      kind: 'select',
      options: teacherOptions,
      wide: true,
      before: <Input type="search" aria-label="Find a teacher" placeholder="Find a teacher by name or email..." value={find} onChange={(e) => setFind(e.target.value)} />,
    },
    { name: 'subjectId', label: 'Subject', kind: 'select', options: (subjects.data?.items ?? []).map((s) => ({ value: s._id, label: `${s.code} — ${s.name}` })), wide: true },
    { name: 'sectionId', label: 'Section', kind: 'select', options: (sections.data?.items ?? []).map((s) => ({ value: s._id, label: `${s.name} (${s.academicYear})` })), wide: true },
  ];
  const defaults = { teacherId: item?.teacherId ?? '', subjectId: item?.subjectId ?? '', sectionId: item?.sectionId ?? '' };
  return <ResourceForm resource={ASSIGNMENTS} schema={createAssignmentSchema} fields={fields} defaults={defaults} id={item?._id} {...rest} />;
}

type SlotValues = { assignmentId: string; weekday: number; start: string; end: string; room: string };
const WEEKDAY_OPTIONS: Option[] = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: WEEKDAY_NAMES[d] ?? String(d) }));
function SlotForm({ item, ...rest }: FormProps<TimetableSlot>) {
  const assignments = useResourceList(ASSIGNMENTS, ALL);
  const fields: FieldDef<SlotValues>[] = [
    { name: 'assignmentId', label: 'Class', kind: 'select', options: (assignments.data?.items ?? []).map((a) => ({ value: a._id, label: `${a.label} — ${a.teacher.name}` })), wide: true },
    { name: 'weekday', label: 'Day', kind: 'select', options: WEEKDAY_OPTIONS, numeric: true },
    { name: 'room', label: 'Room', placeholder: 'CSE-201' },
    { name: 'start', label: 'Start', kind: 'time' },
    { name: 'end', label: 'End', kind: 'time' },
  ];
  const defaults = { assignmentId: item?.assignmentId ?? '', weekday: item?.weekday ?? BLANK, start: item?.start ?? '', end: item?.end ?? '', room: item?.room ?? '' };
  return <ResourceForm resource={TIMETABLE} schema={createSlotSchema} fields={fields} defaults={defaults} id={item?._id} {...rest} />;
}

/** Academic setup (Admin, SuperAdmin): one tab per list of the structure. */
export function AcademicSetup() {
  const [enrolling, setEnrolling] = useState<Section | null>(null);
  return (
    <Tabs defaultValue="departments">
      <div className="overflow-x-auto">
        <TabsList>
          <TabsTrigger value="departments">{T.tabs.departments}</TabsTrigger>
          <TabsTrigger value="subjects">{T.tabs.subjects}</TabsTrigger>
          <TabsTrigger value="sections">{T.tabs.sections}</TabsTrigger>
          <TabsTrigger value="assignments">{T.tabs.assignments}</TabsTrigger>
          <TabsTrigger value="timetable">{T.tabs.timetable}</TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="departments">
        <SetupTab<Department>
          resource={DEPARTMENTS}
          describe={(d) => d.code}
          columns={[
            { key: 'code', header: 'Code', cell: (d) => <span className="font-mono">{d.code}</span> },
            { key: 'name', header: 'Name', cell: (d) => d.name },
            { key: 'subjects', header: 'Subjects', cell: (d) => d.subjects },
            { key: 'sections', header: 'Sections', cell: (d) => d.sections },
          ]}
          form={(p) => <DepartmentForm {...p} />}
        />
      </TabsContent>
      <TabsContent value="subjects">
        <SetupTab<Subject>
          resource={SUBJECTS}
          describe={(s) => s.code}
          query={searched}
          searchable
          columns={[
            { key: 'code', header: 'Code', cell: (s) => <span className="font-mono">{s.code}</span> },
            { key: 'name', header: 'Name', cell: (s) => s.name },
            { key: 'department', header: 'Department', cell: (s) => s.department },
            { key: 'semester', header: 'Semester', cell: (s) => s.semester },
            { key: 'credits', header: 'Credits', cell: (s) => s.credits },
          ]}
          form={(p) => <SubjectForm {...p} />}
        />
      </TabsContent>
      <TabsContent value="sections">
        <SetupTab<Section>
          resource={SECTIONS}
          describe={(s) => `${s.name} ${s.academicYear}`}
          query={searched}
          searchable
          columns={[
            { key: 'name', header: 'Name', cell: (s) => <span className="font-mono">{s.name}</span> },
            { key: 'year', header: 'Academic year', cell: (s) => s.academicYear },
            { key: 'department', header: 'Department', cell: (s) => s.department },
            { key: 'semester', header: 'Semester', cell: (s) => s.semester },
            { key: 'students', header: 'Students', cell: (s) => s.students },
          ]}
          rowActions={(s) => (
            <Button variant="ghost" size="icon" className="size-8" aria-label={`${T.students} of ${s.name} ${s.academicYear}`} onClick={() => setEnrolling(s)}>
              <Users aria-hidden="true" />
            </Button>
          )}
          form={(p) => <SectionForm {...p} />}
        />
        <EnrolmentDialog section={enrolling} onClose={() => setEnrolling(null)} />
      </TabsContent>
      <TabsContent value="assignments">
        <SetupTab<Assignment>
          resource={ASSIGNMENTS}
          describe={(a) => `${a.label} ${a.academicYear}`}
          query={paged}
          columns={[
            { key: 'label', header: 'Class', cell: (a) => <span className="font-mono">{a.label}</span> },
            { key: 'subject', header: 'Subject', cell: (a) => a.subjectName },
            { key: 'teacher', header: 'Teacher', cell: (a) => a.teacher.name },
            { key: 'year', header: 'Academic year', cell: (a) => a.academicYear },
          ]}
          form={(p) => <AssignmentForm {...p} />}
        />
      </TabsContent>
      <TabsContent value="timetable">
        <SetupTab<TimetableSlot>
          resource={TIMETABLE}
          describe={(s) => `${s.label} ${WEEKDAY_SHORT[s.weekday] ?? s.weekday} ${s.start}`}
          query={paged}
          columns={[
            { key: 'day', header: 'Day', cell: (s) => WEEKDAY_SHORT[s.weekday] ?? s.weekday },
            { key: 'time', header: 'Time', cell: (s) => <span className="whitespace-nowrap tabular-nums">{`${s.start}–${s.end}`}</span> },
            { key: 'class', header: 'Class', cell: (s) => <span className="font-mono">{s.label}</span> },
            { key: 'room', header: 'Room', cell: (s) => s.room },
            { key: 'teacher', header: 'Teacher', cell: (s) => s.teacher },
          ]}
          form={(p) => <SlotForm {...p} />}
        />
      </TabsContent>
    </Tabs>
  );
}
