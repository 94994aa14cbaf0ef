import { QueryClient } from '@tanstack/react-query';
import { onSessionChange } from './tokens';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

// A session that ends or changes hands must not show the previous user's cached data.
onSessionChange(() => queryClient.clear());
