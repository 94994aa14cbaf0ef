import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookOpen, Bell } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import * as toastModule from '@/lib/toast';
import { DeleteDialog } from './confirm-dialog';
import { FormActions } from './form-actions';
import { QueryState, type QueryLike } from './query-state';
import { QuickActionsCard } from './quick-actions';

// The shared loading / error / empty display, the dialogs' form footer and the dashboards' Quick
// Actions card (issue 26): each state and each label as a user meets it.

const pending: QueryLike<string[]> = { isPending: true, isError: false, data: undefined };
const failed: QueryLike<string[]> = { isPending: false, isError: true, data: undefined };
const loaded = (data: string[]): QueryLike<string[]> => ({ isPending: false, isError: false, data });

function List({ query, toast = false }: { query: QueryLike<string[]>; toast?: boolean }) {
  return (
    <QueryState query={query} error="Failed to load books" empty="No books yet." loadingLabel="Books: loading" skeletons={['h-8', 'h-8', 'h-8']} toast={toast}>
      {(books) => (
        <ul aria-label="Books">
          {books.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState', () => {
  it('shows a named busy box of the given skeletons while the query loads, and nothing else', () => {
    const { container } = render(<List query={pending} />);
    const busy = screen.getByRole('status', { name: 'Books: loading' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelectorAll('.animate-pulse')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the failure as an alert with the given text, and toasts it once only when asked', async () => {
    const error = vi.spyOn(toastModule.toast, 'error').mockImplementation(() => {});
    const { rerender } = render(<List query={failed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load books');
    expect(error).not.toHaveBeenCalled();
    rerender(<List query={failed} toast />);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('Failed to load books', { id: 'Failed to load books' });
    rerender(<List query={failed} toast />);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('shows the empty text for an empty answer and the data otherwise', () => {
    const { rerender } = render(<List query={loaded([])} />);
    expect(screen.getByText('No books yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
    rerender(<List query={loaded(['Dune', 'Emma'])} />);
    expect(screen.queryByText('No books yet.')).toBeNull();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Dune', 'Emma']);
  });

  it('judges emptiness by isEmpty, and shows an empty node as it is; a loading node stands for the skeletons', () => {
    const query: QueryLike<{ rows: number[] }> = { isPending: false, isError: false, data: { rows: [] } };
    const { rerender } = render(
      <QueryState query={query} error="x" isEmpty={(d) => d.rows.length === 0} empty={<h3>Nothing here</h3>}>
        {() => <p>rows</p>}
      </QueryState>,
    );
    expect(screen.getByRole('heading', { name: 'Nothing here' })).toBeInTheDocument();
    rerender(
      <QueryState query={{ isPending: true, isError: false, data: undefined }} error="x" loading={<p>Checking…</p>}>
        {() => <p>rows</p>}
      </QueryState>,
    );
    expect(screen.getByText('Checking…')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('FormActions', () => {
  it('submits the form around it, and turns every button off with the busy label while busy', async () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} busy={false} submitLabel="Add Book" busyLabel="Updating..." />
      </form>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Book' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} busy submitLabel="Add Book" busyLabel="Updating..." />
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Book' })).toBeNull();
  });

  it('with onSubmit, calls it instead of submitting; submitDisabled keeps it off; extra buttons sit between', async () => {
    const onSubmit = vi.fn();
    const formSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
    const { rerender } = render(
      <form onSubmit={formSubmit}>
        <FormActions onCancel={() => {}} busy={false} submitLabel="Confirm Return" busyLabel="Processing..." submitDisabled onSubmit={onSubmit} cancelLabel="Close">
          <button type="button">Reset</button>
        </FormActions>
      </form>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Close', 'Reset', 'Confirm Return']);
    expect(screen.getByRole('button', { name: 'Confirm Return' })).toBeDisabled();
    rerender(
      <form onSubmit={formSubmit}>
        <FormActions onCancel={() => {}} busy={false} submitLabel="Confirm Return" busyLabel="Processing..." onSubmit={onSubmit} />
      </form>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm Return' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(formSubmit).not.toHaveBeenCalled();
  });
});

describe('DeleteDialog', () => {
  it('is open while an item is set, removes that item on confirm, toasts the answer and closes', async () => {
    const success = vi.spyOn(toastModule.toast, 'success').mockImplementation(() => {});
    const remove = vi.fn(async (id: string) => ({ message: `Deleted ${id}` }));
    const onClose = vi.fn();
    const { rerender } = render(<DeleteDialog item={null} onClose={onClose} remove={remove} title="Delete notice?" confirmLabel="Delete" busyLabel="Deleting..." />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    rerender(<DeleteDialog item={{ _id: 'n1' }} onClose={onClose} remove={remove} title="Delete notice?" confirmLabel="Delete" busyLabel="Deleting..." />);
    expect(screen.getByRole('alertdialog', { name: 'Delete notice?' })).toHaveTextContent('This action cannot be undone.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith('n1');
    expect(success).toHaveBeenCalledWith('Deleted n1');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('QuickActionsCard', () => {
  it('is a titled card of links, each to its page, named by its label alone', () => {
    render(
      <MemoryRouter>
        <QuickActionsCard
          columns={2}
          actions={[
            { label: 'Browse Books', to: '/library', icon: BookOpen },
            { label: 'Check Notices', to: '/notices', icon: Bell },
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Quick Actions', level: 2 })).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Browse Books', '/library'],
      ['Check Notices', '/notices'],
    ]);
    expect(screen.getByRole('list')).toHaveClass('sm:grid-cols-2');
  });
});
