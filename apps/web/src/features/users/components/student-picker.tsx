import { useState } from 'react';
import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { SessionUser } from '@/lib/auth-api';
import { useUsers } from '../api/get-users';

export const STUDENT_PICKER_TEXT = {
  title: 'Choose a student',
  description: "Search by name or student ID, then open that student's dashboard (read-only).",
  searchLabel: 'Search students',
  searchPlaceholder: 'Name or student ID, e.g. STU000123',
  caption: 'Students',
  colName: 'Name',
  colStudentId: 'Student ID',
  colDepartment: 'Department',
  open: 'View dashboard',
  openLabel: (name: string) => `View ${name}'s dashboard`,
  empty: 'No students match your search.',
  loadFailed: 'Could not load students.',
} as const;

const PAGE_SIZE = 10;

/**
 * Finds an active student by name or student ID (GET /users?role=Student: Admin, SuperAdmin) and
 * links each to `hrefOf(student)` — the composing page decides where a choice leads.
 */
export function StudentPicker({ hrefOf }: { hrefOf: (student: SessionUser) => string }) {
  const [input, setInput] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(input.trim(), 300);
  const list = useUsers({ role: 'Student', status: 'active', ...(q ? { q } : {}), page, pageSize: PAGE_SIZE });
  const columns: Column<SessionUser>[] = [
    { key: 'name', header: STUDENT_PICKER_TEXT.colName, cell: (s) => <span className="font-medium">{s.name}</span> },
    { key: 'studentId', header: STUDENT_PICKER_TEXT.colStudentId, cell: (s) => <span className="tabular-nums">{s.studentId ?? '—'}</span> },
    { key: 'department', header: STUDENT_PICKER_TEXT.colDepartment, cell: (s) => s.department ?? '—' },
    {
      key: 'open',
      header: STUDENT_PICKER_TEXT.open,
      srOnlyHeader: true,
      cell: (s) => (
        <Link to={hrefOf(s)} aria-label={STUDENT_PICKER_TEXT.openLabel(s.name)} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {STUDENT_PICKER_TEXT.open}
        </Link>
      ),
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{STUDENT_PICKER_TEXT.title}</CardTitle>
        <CardDescription>{STUDENT_PICKER_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <div className="relative w-full max-w-md">
            <Label htmlFor="student-picker-q" className="sr-only">
              {STUDENT_PICKER_TEXT.searchLabel}
            </Label>
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              id="student-picker-q"
              type="search"
              placeholder={STUDENT_PICKER_TEXT.searchPlaceholder}
              value={input}
              maxLength={100}
              onChange={(e) => {
                setInput(e.target.value);
                setPage(1);
              }}
              className="pl-9"
            />
          </div>
          {list.isFetching && !list.isPending ? <Spinner label="Searching" /> : null}
        </div>
        <DataTable
          caption={STUDENT_PICKER_TEXT.caption}
          columns={columns}
          rows={list.data?.users}
          rowKey={(s) => s._id}
          loading={list.isPending}
          error={list.isError && !list.data ? STUDENT_PICKER_TEXT.loadFailed : null}
          empty={STUDENT_PICKER_TEXT.empty}
          skeletonRows={5}
          paging={list.data ? { page, pageSize: PAGE_SIZE, total: list.data.total, onPage: setPage } : undefined}
        />
      </CardContent>
    </Card>
  );
}
