import { Button } from '@/components/ui/button';

/** Previous / Next with 'Showing a–b of n' ('1000+' when the server capped the count). */
export function Pager({ page, pageSize, total, capped, shown, onPage }: { page: number; pageSize: number; total: number; capped?: boolean; shown: number; onPage: (page: number) => void }) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  const more = page * pageSize < total;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <p aria-live="polite">
        Showing {first}–{last} of {total}
        {capped ? '+' : ''}
      </p>
      {page > 1 || more ? (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!more} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
