import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Material } from '@crs/shared/schemas/materials';
import { api } from '@/lib/api-client';
import { materialsKeys } from './keys';

export type MaterialUpload = { title: string; description: string; subjectId: string; file: File };

/**
 * POST /teachers/materials (multipart title, description, subjectId — empty for research — and
 * `file`); `onProgress` gets 0–100 as the bytes go out.
 */
export async function uploadMaterial(input: MaterialUpload, onProgress?: (percent: number) => void): Promise<{ message: string; material: Material }> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('subjectId', input.subjectId);
  form.append('file', input.file);
  const { data } = await api.post<{ message: string; material: Material }>('/teachers/materials', form, {
    onUploadProgress: (e) => {
      if (e.total) onProgress?.(Math.round((e.loaded / e.total) * 100));
    },
  });
  return data;
}

export function useUploadMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, onProgress }: { input: MaterialUpload; onProgress?: (percent: number) => void }) => uploadMaterial(input, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialsKeys.mine }),
  });
}
