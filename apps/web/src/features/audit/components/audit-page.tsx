import { Search } from 'lucide-react';
import { AUDIT_ACTION_NAMES, AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@crs/shared/constants/audit';
import type { AuditEntry } from '@crs/shared/schemas/audit';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useFailureToast } from '@/hooks/use-failure-toast';
import { serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format-date';
import { useAudit } from '../api/get-audit';
import { useAuditFilters } from '../hooks/use-audit-filters';
import { AUDIT_PAGE_SIZE, AUDIT_TEXT as T } from '../texts';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A recorded value as text: lists joined, nothing as '—'. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return T.none;
  if (Array.isArray(value)) return value.length ? value.map(shown).join(', ') : T.none;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Who acted, as the Who column's first line: an account's name (its email if it has none); with no
 * account, the name the server recorded (the command line's) or 'Anonymous' (a web request that
 * signed in as nobody; its email, if it gave one, shows on the second line).
 */
export function actorName(a: AuditEntry['actor']): string {
  return a.id ? (a.name ?? a.email ?? T.none) : (a.name ?? T.anonymous);
}

/** The lines of the Details column: each changed field as "field: from → to", then each detail as "key: value". */
export function detailLines(e: Pick<AuditEntry, 'changes' | 'details'>): string[] {
  return [
    ...Object.entries(e.changes).map(([field, c]) => T.change(field, shown(c.from), shown(c.to))),
    ...Object.entries(e.details).map(([key, value]) => T.detail(key, shown(value))),
  ];
}

/**
 * System Logs (issue 14 item 2, decision 0032): the audit log for SuperAdmins, newest first, with
 * filters by who, action, what was acted on and days kept in the URL, and server-side paging. Read-only: there is
 * nothing to edit or delete.
 */
export function AuditPage() {
  const f = useAuditFilters();
  const list = useAudit({
    ...(f.filters.actor ? { actor: f.filters.actor } : {}),
    ...(f.filters.action ? { action: f.filters.action } : {}),
    ...(f.filters.target ? { target: f.filters.target } : {}),
    ...(f.filters.from ? { from: f.filters.from } : {}),
    ...(f.filters.to ? { to: f.filters.to } : {}),
    page: f.filters.page,
    pageSize: AUDIT_PAGE_SIZE,
  });
  const failed = list.isError ? (serverMessage(list.error) ?? T.listFailed) : null;
  useFailureToast(list.isError, failed ?? T.listFailed);

  const columns: Column<AuditEntry>[] = [
    { key: 'when', header: T.colWhen, className: 'whitespace-nowrap tabular-nums', cell: (e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time> },
    {
      key: 'who',
      header: T.colWho,
      cell: (e) => (
        <div className="grid min-w-40">
          <span className="font-medium">{actorName(e.actor)}</span>
          {e.actor.email && (e.actor.name || !e.actor.id) ? <span className="break-all text-muted-foreground">{e.actor.email}</span> : null}
        </div>
      ),
    },
    { key: 'action', header: T.colAction, className: 'whitespace-nowrap', cell: (e) => AUDIT_ACTIONS[e.action] },
    {
      key: 'target',
      header: T.colTarget,
      cell: (e) =>
        e.target ? (
          <div className="grid min-w-40">
            <span className="text-muted-foreground">{e.target.type}</span>
            <span className="break-all">{e.target.label ?? e.target.id ?? T.none}</span>
          </div>
        ) : (
          T.none
        ),
    },
    { key: 'ip', header: T.colIp, className: 'whitespace-nowrap tabular-nums', cell: (e) => e.ip ?? T.none },
    {
      key: 'details',
      header: T.colDetails,
      cell: (e) => {
        const lines = detailLines(e);
        return lines.length ? (
          <ul className="grid min-w-48 gap-0.5">
            {lines.map((l, i) => (
              <li key={i} className="break-words">
                {l}
              </li>
            ))}
          </ul>
        ) : (
          T.none
        );
      },
    },
  ];

  return (
    <section className="grid min-w-0 grid-cols-1 gap-4">
      <PageHeader title={T.title} description={T.description} />

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" role="search">
        <div className="grid gap-1.5">
          <Label htmlFor="audit-actor">{T.actorLabel}</Label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input id="audit-actor" type="search" placeholder={T.actorPlaceholder} value={f.input} onChange={(e) => f.setInput(e.target.value)} className="pl-9" />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-action">{T.actionLabel}</Label>
          <select id="audit-action" className={selectClass} value={f.filters.action ?? ''} onChange={(e) => f.setFilter('action', e.target.value)}>
            <option value="">{T.anyAction}</option>
            {AUDIT_ACTION_NAMES.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTIONS[a]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-target">{T.targetLabel}</Label>
          <select id="audit-target" className={selectClass} value={f.filters.target ?? ''} onChange={(e) => f.setFilter('target', e.target.value)}>
            <option value="">{T.anyTarget}</option>
            {Object.entries(AUDIT_TARGET_TYPES).map(([type, label]) => (
              <option key={type} value={type}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-from">{T.fromLabel}</Label>
          <Input id="audit-from" type="date" value={f.filters.from} max={f.filters.to || undefined} onChange={(e) => f.setFilter('from', e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="audit-to">{T.toLabel}</Label>
          <Input id="audit-to" type="date" value={f.filters.to} min={f.filters.from || undefined} onChange={(e) => f.setFilter('to', e.target.value)} />
        </div>
        <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-5">
          {f.active ? (
            <Button variant="link" size="sm" className="h-auto px-0" onClick={f.clear}>
              {T.clearFilters}
            </Button>
          ) : null}
          {list.isFetching && !list.isPending ? <Spinner label={T.searching} /> : null}
        </div>
      </div>

      <DataTable
        caption={T.caption}
        columns={columns}
        rows={list.data?.entries}
        rowKey={(e) => e.id}
        loading={list.isPending}
        error={list.isError && !list.data ? failed : null}
        empty={T.empty}
        skeletonRows={5}
        rowProps={() => ({ 'data-testid': 'audit-row' })}
        paging={list.data ? { page: f.filters.page, pageSize: AUDIT_PAGE_SIZE, total: list.data.total, onPage: f.setPage } : undefined}
      />
    </section>
  );
}
