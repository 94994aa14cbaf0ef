/** One column's header: its text and its classes. */
export type ColumnHead = { label: string; className: string };

/**
 * A small hand-made table's header row (`<thead>`, one `<th scope="col">` a column), for the tables
 * that are not a DataTable: the sessions of a subject, a drive's eligibility criteria.
 */
export function ColumnHeads({ rowClassName, columns }: { rowClassName: string; columns: readonly ColumnHead[] }) {
  return (
    <thead>
      <tr className={rowClassName}>
        {columns.map((c) => (
          <th key={c.label} scope="col" className={c.className}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
