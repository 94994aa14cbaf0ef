import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { FormDialog } from './dialog';

// Dialogs opened by state (no Radix Trigger) give the focus back to the button that opened them.

function OpensConfirm() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete row
      </button>
      <ConfirmDialog open={open} onOpenChange={setOpen} onConfirm={() => undefined} />
    </>
  );
}

function OpensForm() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit row
      </button>
      <FormDialog open={open} onOpenChange={setOpen} title="Edit">
        {(close) => (
          <button type="button" onClick={close}>
            Done
          </button>
        )}
      </FormDialog>
    </>
  );
}

describe('dialogs opened by state', () => {
  it('a confirmation gives the focus back to its opener on Cancel, Escape and Confirm', async () => {
    const user = userEvent.setup();
    render(<OpensConfirm />);
    const opener = screen.getByRole('button', { name: 'Delete row' });
    for (const close of [
      () => user.click(screen.getByRole('button', { name: 'Cancel' })),
      () => user.keyboard('{Escape}'),
      () => user.click(screen.getByRole('button', { name: 'Confirm' })),
    ]) {
      await user.click(opener);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
      await close();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(opener).toHaveFocus();
    }
  });

  it('a form dialog gives the focus back to its opener when it closes itself or by its close button', async () => {
    const user = userEvent.setup();
    render(<OpensForm />);
    const opener = screen.getByRole('button', { name: 'Edit row' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});
