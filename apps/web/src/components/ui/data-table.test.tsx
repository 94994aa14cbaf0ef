import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './data-table';

type Row = { id: string; name: string; email: string };
const rows: Row[] = [
  { id: 'a', name: 'Asha', email: 'asha@demo.crs' },
  { id: 'b', name: 'Bala', email: 'bala@demo.crs' },
];
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (r) => r.name },
  { key: 'email', header: 'Email', cell: (r) => r.email },
  { key: 'actions', header: 'Actions', srOnlyHeader: true, cell: () => null },
];

function Selectable({ onChange }: { onChange: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <DataTable
      caption="Members"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty="None"
      selection={{
        selected,
        label: (r) => r.name,
        onChange: (next) => {
          setSelected(next);
          onChange([...next].sort());
        },
      }}
    />
  );
}

describe('DataTable', () => {
  it('shows skeleton rows while loading, then the error or the empty text in place of the table', () => {
    const { rerender } = render(<DataTable caption="Members" columns={columns} rows={undefined} rowKey={(r) => r.id} empty="No members." skeletonRows={3} />);
    expect(screen.getByLabelText('Members: loading')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    rerender(<DataTable caption="Members" columns={columns} rows={undefined} rowKey={(r) => r.id} empty="No members." error="Could not load." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load.');
    rerender(<DataTable caption="Members" columns={columns} rows={[]} rowKey={(r) => r.id} empty="No members." />);
    expect(screen.getByText('No members.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('is an accessible table: caption, column headers with scope, every column shown, the first one kept in view', () => {
    render(<DataTable caption="Members" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" />);
    const table = screen.getByRole('table', { name: 'Members' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Email', 'Actions']);
    for (const h of headers) expect(h).toHaveAttribute('scope', 'col');
    // No column is dropped on a narrow screen (the box scrolls instead), and the first stays in place.
    for (const h of headers) expect(h.className).not.toMatch(/\bhidden\b/);
    expect(headers[0]).toHaveClass('sticky', 'left-0');
    expect(headers[1]).not.toHaveClass('sticky');
    expect(within(headers[2]!).getByText('Actions')).toHaveClass('sr-only');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('selects rows one by one and all on the page, and clears them again', async () => {
    const user = userEvent.setup();
    const changes = vi.fn();
    render(<Selectable onChange={changes} />);
    // The checkbox column and the first data column both stay in view while the table scrolls.
    const [check, name] = screen.getAllByRole('columnheader');
    expect(check).toHaveClass('sticky', 'left-0');
    expect(name).toHaveClass('sticky', 'left-8');
    await user.click(screen.getByRole('checkbox', { name: 'Select Bala' }));
    expect(changes).toHaveBeenLastCalledWith(['b']);
    const all = screen.getByRole('checkbox', { name: 'Select all on this page' });
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await user.click(all);
    expect(changes).toHaveBeenLastCalledWith(['a', 'b']);
    expect(screen.getByRole('checkbox', { name: 'Select Asha' })).toBeChecked();
    await user.click(all);
    expect(changes).toHaveBeenLastCalledWith([]);
  });

  it('pages with Previous and Next', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    render(<DataTable caption="Members" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" paging={{ page: 1, pageSize: 2, total: 5, onPage }} />);
    expect(screen.getByText('Showing 1–2 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('opens a row on a click anywhere but its own controls', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const withButton: Column<Row>[] = [...columns.slice(0, 2), { key: 'actions', header: 'Actions', srOnlyHeader: true, cell: (r) => <button type="button">Edit {r.name}</button> }];
    render(
      <DataTable caption="Members" columns={withButton} rows={rows} rowKey={(r) => r.id} empty="None" onRowClick={onRowClick} selection={{ selected: new Set(), onChange: () => {}, label: (r) => r.name }} />,
    );
    await user.click(screen.getByText('Bala'));
    expect(onRowClick).toHaveBeenCalledExactlyOnceWith(rows[1]);
    await user.click(screen.getByRole('button', { name: 'Edit Asha' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Asha' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });
});
