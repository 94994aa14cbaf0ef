import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { ErrorBoundary } from './error-screen';

function Boom(): never {
  throw new Error('Kaboom in a page');
}

describe('global error screen', () => {
  it("shows 'Something went wrong.' with the message for a page error, until the path changes", () => {
    allowConsoleError(); // React and the boundary log the error
    const { rerender } = render(
      <ErrorBoundary resetKey="/broken">
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText('Kaboom in a page')).toBeInTheDocument();
    rerender(
      <ErrorBoundary resetKey="/broken">
        <p>Still broken</p>
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    rerender(
      <ErrorBoundary resetKey="/next">
        <p>The next page</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('The next page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('catches errors outside the router too', () => {
    allowConsoleError(); // React and the boundary log the error
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(screen.getByText('Kaboom in a page')).toBeInTheDocument();
  });
});
