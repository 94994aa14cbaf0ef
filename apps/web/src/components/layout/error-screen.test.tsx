import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allowConsoleError } from '@/test/console';
import { ErrorBoundary, RouteErrorScreen } from './error-screen';

function Boom(): never {
  throw new Error('Kaboom in a page');
}

describe('global error screen', () => {
  it("shows 'Something went wrong.' with the message for a route error", async () => {
    allowConsoleError(); // React Router reports the caught error
    const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <RouteErrorScreen /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText('Kaboom in a page')).toBeInTheDocument();
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
