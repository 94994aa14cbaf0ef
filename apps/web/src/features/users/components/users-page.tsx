import { useEffect, useState } from 'react';
import { Download, Plus, Search, Upload } from 'lucide-react';
import { ROLES, ACCOUNT_STATUSES, type Role } from '@crs/shared/roles';
import { grantableRoles, PRIVILEGED_ROLES, USER_IMPORT_COLUMNS, type AdminUser } from '@crs/shared/schemas/users';
import { ImportDialog } from '@/components/import/import-dialog';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { exportUsers } from '../api/export-users';
import { useDepartments } from '../api/get-departments';
import { useUserList } from '../api/list-users';
import { importUsers, USERS_IMPORT_INVALIDATES } from '../api/import-users';
import { useUserAction } from '../api/user-actions';
import { useReviewUser } from '../api/review-user';
import { useUserFilters } from '../hooks/use-user-filters';
import { USERS_PAGE_SIZE, USERS_TEXT, type UsersScope } from '../texts';
import { UserDetailDialog } from './user-detail-dialog';
import { UserFormDialog } from './user-form-dialog';
import { actionsFor, UserRowActions, type UserRowAction } from './user-row-actions';
import { StatusBadge } from './status-badge';
import { UnmatchedNotice } from './unmatched-notice';

type Dialog = { kind: 'none' } | { kind: 'view' | 'edit' | 'confirm'; person: AdminUser; action?: UserRowAction } | { kind: 'create' } | { kind: 'import' };

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * A people list (issue 14): Manage Students and Manage Teachers fix the role, SuperAdmin's Users
 * shows every role. Server-side search, filters and paging; per row view, edit, disable/enable
 * (confirmed), reset link, approve/reject of pending sign-ups; add one, import many, export.
 */
export function ManageUsersPage({ scope }: { scope: UsersScope }) {
  const { user } = useAuth();
  const callerRoles = (user?.roles ?? []) as Role[];
  const isSuper = callerRoles.includes('SuperAdmin');
  const grantable = grantableRoles(callerRoles);
  const f = useUserFilters();
  const role = scope.role ?? f.filters.role;
  const query = {
    ...(f.filters.q ? { q: f.filters.q } : {}),
    ...(role ? { role } : {}),
    ...(f.filters.status ? { status: f.filters.status } : {}),
    ...(f.filters.department ? { department: f.filters.department } : {}),
    ...(f.filters.section ? { section: f.filters.section } : {}),
  };
  const list = useUserList({ ...query, page: f.filters.page, pageSize: USERS_PAGE_SIZE });
  const departments = useDepartments();
  const action = useUserAction();
  const review = useReviewUser();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [exporting, setExporting] = useState(false);
  const close = () => setDialog({ kind: 'none' });

  const failed = list.isError ? (serverMessage(list.error) ?? USERS_TEXT.listFailed) : null;
  useEffect(() => {
    if (failed) toast.error(failed);
  }, [failed, list.errorUpdatedAt]);

  const manageable = (p: AdminUser) => isSuper || !p.roles.some((r) => PRIVILEGED_ROLES.includes(r));

  async function onAction(a: UserRowAction, p: AdminUser) {
    if (a === 'view' || a === 'edit') setDialog({ kind: a, person: p });
    else if (a === 'approve') {
      try {
        await review.mutateAsync({ id: p._id, decision: 'approve' });
        toast.success(USERS_TEXT.approved(p.name));
      } catch (e) {
        toast.error(serverMessage(e) ?? USERS_TEXT.saveFailed);
      }
    } else setDialog({ kind: 'confirm', person: p, action: a });
  }

  async function confirm(p: AdminUser, a: UserRowAction) {
    if (a === 'reject') {
      await review.mutateAsync({ id: p._id, decision: 'reject' });
      toast.success(USERS_TEXT.rejected(p.name));
      return;
    }
    const { message } = await action.mutateAsync({ id: p._id, action: a as 'disable' | 'enable' | 'reset-link' | 'reset-mfa' });
    toast.success(message);
  }

  async function download(format: 'xlsx' | 'csv') {
    setExporting(true);
    try {
      await exportUsers(query, format, scope.fileBase);
    } catch (e) {
      toast.error(serverMessage(e) ?? USERS_TEXT.exportFailed);
    } finally {
      setExporting(false);
    }
  }

  const columns: Column<AdminUser>[] = [
    {
      key: 'name',
      header: USERS_TEXT.colName,
      cell: (p) => (
        <button type="button" className="text-left font-medium text-primary underline-offset-4 hover:underline" onClick={() => setDialog({ kind: 'view', person: p })}>
          {p.name}
        </button>
      ),
    },
    { key: 'email', header: USERS_TEXT.colEmail, cell: (p) => <span className="break-all">{p.email}</span> },
    ...(scope.role ? [] : [{ key: 'roles', header: USERS_TEXT.colRoles, cell: (p: AdminUser) => p.roles.join(', ') }]),
    { key: 'id', header: USERS_TEXT.colId, className: 'tabular-nums', cell: (p) => p.studentId ?? p.employeeId ?? USERS_TEXT.none },
    { key: 'department', header: USERS_TEXT.colDepartment, cell: (p) => [p.department, p.section].filter(Boolean).join(' · ') || USERS_TEXT.none },
    { key: 'status', header: USERS_TEXT.colStatus, cell: (p) => <StatusBadge status={p.status} /> },
    {
      key: 'actions',
      header: USERS_TEXT.colActions,
      srOnlyHeader: true,
      className: 'w-10 text-right',
      cell: (p) => <UserRowActions person={p} actions={actionsFor(p, manageable(p), isSuper)} onAction={(a, x) => void onAction(a, x)} />,
    },
  ];

  const confirming = dialog.kind === 'confirm' ? dialog : null;
  const confirmTexts = confirming
    ? {
        disable: { title: USERS_TEXT.disableTitle(confirming.person.name), description: USERS_TEXT.disableDescription, label: USERS_TEXT.disable, destructive: true },
        enable: { title: USERS_TEXT.enableTitle(confirming.person.name), description: USERS_TEXT.enableDescription, label: USERS_TEXT.enable, destructive: false },
        'reset-link': { title: USERS_TEXT.resetTitle(confirming.person.name), description: USERS_TEXT.resetDescription, label: USERS_TEXT.resetLink, destructive: false },
        'reset-mfa': { title: USERS_TEXT.resetMfaTitle(confirming.person.name), description: USERS_TEXT.resetMfaDescription, label: USERS_TEXT.resetMfa, destructive: true },
        reject: { title: USERS_TEXT.rejectTitle(confirming.person.name), description: USERS_TEXT.rejectDescription, label: USERS_TEXT.reject, destructive: true },
      }[confirming.action as 'disable' | 'enable' | 'reset-link' | 'reset-mfa' | 'reject']
    : null;

  return (
    <section className="grid min-w-0 gap-4">
      <PageHeader title={scope.title} description={scope.description}>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden="true" />
            {USERS_TEXT.create}
          </Button>
          <Button variant="outline" onClick={() => setDialog({ kind: 'import' })}>
            <Upload aria-hidden="true" />
            {USERS_TEXT.importButton}
          </Button>
          <Button variant="outline" disabled={exporting} onClick={() => void download('xlsx')}>
            <Download aria-hidden="true" />
            {USERS_TEXT.exportXlsx}
          </Button>
          <Button variant="outline" disabled={exporting} onClick={() => void download('csv')}>
            <Download aria-hidden="true" />
            {USERS_TEXT.exportCsv}
          </Button>
        </div>
      </PageHeader>

      <UnmatchedNotice />

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6" role="search">
        <div className="relative sm:col-span-2 lg:col-span-3 xl:col-span-2">
          <Label htmlFor="people-q" className="sr-only">
            {USERS_TEXT.searchLabel}
          </Label>
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input id="people-q" type="search" placeholder={USERS_TEXT.searchPlaceholder} value={f.input} onChange={(e) => f.setInput(e.target.value)} className="pl-9" />
        </div>
        {scope.role ? null : (
          <select aria-label={USERS_TEXT.roleFilter} className={selectClass} value={f.filters.role ?? ''} onChange={(e) => f.setFilter('role', e.target.value)}>
            <option value="">{USERS_TEXT.anyRole}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        )}
        <select aria-label={USERS_TEXT.statusFilter} className={selectClass} value={f.filters.status ?? ''} onChange={(e) => f.setFilter('status', e.target.value)}>
          <option value="">{USERS_TEXT.anyStatus}</option>
          {ACCOUNT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {USERS_TEXT.statusLabel[s]}
            </option>
          ))}
        </select>
        <select aria-label={USERS_TEXT.departmentFilter} className={selectClass} value={f.filters.department} onChange={(e) => f.setFilter('department', e.target.value)}>
          <option value="">{USERS_TEXT.anyDepartment}</option>
          {(departments.data ?? []).map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
        <Input aria-label={USERS_TEXT.sectionFilter} placeholder={USERS_TEXT.sectionPlaceholder} defaultValue={f.filters.section} key={f.filters.section} onBlur={(e) => f.setFilter('section', e.target.value.trim())} onKeyDown={(e) => e.key === 'Enter' && f.setFilter('section', e.currentTarget.value.trim())} />
        <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-3 xl:col-span-6">
          {f.active ? (
            <Button variant="link" size="sm" className="h-auto px-0" onClick={f.clear}>
              {USERS_TEXT.clearFilters}
            </Button>
          ) : null}
          {list.isFetching && !list.isPending ? <Spinner label="Searching" /> : null}
        </div>
      </div>

      <DataTable
        caption={scope.caption}
        columns={columns}
        rows={list.data?.users}
        rowKey={(p) => p._id}
        loading={list.isPending}
        error={list.isError && !list.data ? failed : null}
        empty={USERS_TEXT.empty}
        skeletonRows={5}
        rowProps={() => ({ 'data-testid': 'person-row' })}
        paging={list.data ? { page: f.filters.page, pageSize: USERS_PAGE_SIZE, total: list.data.total, onPage: f.setPage } : undefined}
      />

      <UserDetailDialog person={dialog.kind === 'view' ? dialog.person : null} onOpenChange={(open) => !open && close()} />
      <UserFormDialog
        open={dialog.kind === 'create' || dialog.kind === 'edit'}
        person={dialog.kind === 'edit' ? dialog.person : null}
        newRole={scope.newRole}
        grantable={grantable}
        onOpenChange={(open) => !open && close()}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && close()}
        title={confirmTexts?.title}
        description={confirmTexts?.description}
        confirmLabel={confirmTexts?.label}
        destructive={confirmTexts?.destructive ?? false}
        onConfirm={() => (confirming ? confirm(confirming.person, confirming.action!) : undefined)}
      />
      <ImportDialog
        open={dialog.kind === 'import'}
        onOpenChange={(open) => !open && close()}
        title={USERS_TEXT.importTitle}
        description={USERS_TEXT.importDescription}
        columns={USER_IMPORT_COLUMNS}
        upload={importUsers}
        invalidate={USERS_IMPORT_INVALIDATES}
        fileBase="people"
        texts={{ success: USERS_TEXT.imported }}
      />
    </section>
  );
}
