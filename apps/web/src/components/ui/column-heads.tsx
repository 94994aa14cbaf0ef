/**
 * A small hand-made table's header row (`<thead>`, one `<th scope="col">` a label), for the tables
 * that are not a DataTable: the sessions of a subject, a drive's eligibility criteria. Every header
 * but the last has `cellClassName`; the last, without the gap to a next column, `lastClassName`.
 */
export function ColumnHeads({ rowClassName, labels, cellClassName, lastClassName }: { rowClassName: string; labels: readonly string[]; cellClassName: string; lastClassName: string }) {
  return (
    <thead>
      <tr className={rowClassName}>
        {labels.map((label, i) => (
          <th key={label} scope="col" className={i === labels.length - 1 ? lastClassName : cellClassName}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
