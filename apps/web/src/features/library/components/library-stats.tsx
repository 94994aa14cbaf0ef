import { StatCard } from '@/components/ui/stat-card';
import { useLibraryStats } from '../api/get-stats';
import { formatRupees } from '../format';
import { FormError } from '@/components/ui/form-error';

const number = new Intl.NumberFormat();

/** The desk's live counters (GET /library/stats). */
export function LibraryStats() {
  const stats = useLibraryStats();
  if (stats.isError) return <FormError message="Could not load the library counters." />;
  const d = stats.data;
  const loading = stats.isPending;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Books" value={d ? number.format(d.books) : ''} loading={loading} hint={d ? `${number.format(d.copiesTotal)} copies` : undefined} />
      <StatCard label="Copies on loan" value={d ? number.format(d.copiesOnLoan) : ''} loading={loading} />
      <StatCard label="Overdue loans" value={d ? number.format(d.overdueLoans) : ''} loading={loading} />
      <StatCard label="Fines outstanding" value={d ? formatRupees(d.finesOutstanding) : ''} loading={loading} />
    </div>
  );
}

/** The Books counter alone (the Admin dashboard). */
export function BooksCounter() {
  const stats = useLibraryStats();
  return <StatCard label="Books" value={stats.data ? number.format(stats.data.books) : stats.isError ? '—' : ''} loading={stats.isPending} />;
}
