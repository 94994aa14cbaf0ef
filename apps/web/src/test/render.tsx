import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, useNavigationType, type InitialEntry, type Location, type NavigateOptions, type NavigationType, type To } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/route-table';

/** What a test reads of the router: where it is, how it got there, and a way to move. */
export type TestRouter = {
  state: { location: Location; historyAction: NavigationType };
  navigate(to: To, options?: NavigateOptions): Promise<void>;
};

/** Reports the committed location and the router's navigate function after every change. */
function RouterProbe({ onChange }: { onChange: (state: TestRouter['state'], navigate: TestRouter['navigate']) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    onChange({ location, historyAction }, async (to, options) => {
      await navigate(to, options);
    });
  }, [onChange, location, historyAction, navigate]);
  return null;
}

/** Renders the whole app (providers, real route table, toasts) at `path`, in a memory router. */
export function renderApp(path: InitialEntry = '/') {
  const router = {} as TestRouter;
  const onChange = (state: TestRouter['state'], navigate: TestRouter['navigate']) => Object.assign(router, { state, navigate });
  const utils = render(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe onChange={onChange} />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...utils, router };
}
