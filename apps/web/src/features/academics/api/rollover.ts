import { useMutation } from '@tanstack/react-query';
import type { RolloverInput, RolloverResponse } from '@crs/shared/schemas/rollover';
import { api } from '@/lib/api-client';

/** POST /academics/rollover?dryRun=true (the preview, nothing written) or POST /academics/rollover (the run). */
export async function rollover(input: RolloverInput, dryRun: boolean): Promise<RolloverResponse> {
  const { data } = await api.post<RolloverResponse>(`/academics/rollover${dryRun ? '?dryRun=true' : ''}`, input);
  return data;
}
export const useRollover = (dryRun: boolean) => useMutation({ mutationFn: (input: RolloverInput) => rollover(input, dryRun) });
