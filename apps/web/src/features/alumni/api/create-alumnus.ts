import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { alumniKeys } from './keys';
import type { AlumnusSaved, CreateAlumnusInput } from './types';

/** POST /alumni (faculty): answers the saved profile and 'Alumnus created successfully!'. */
export async function createAlumnus(input: Partial<CreateAlumnusInput> & { name: string }): Promise<AlumnusSaved> {
  const { data } = await api.post<AlumnusSaved>('/alumni', input);
  return data;
}

export function useCreateAlumnus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAlumnus, onSuccess: () => queryClient.invalidateQueries({ queryKey: alumniKeys.all }) });
}
