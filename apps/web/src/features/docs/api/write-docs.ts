import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Subject } from '@crs/shared/schemas/academics';
import type { MessageBody } from '@crs/shared/schemas/common';
import type { Doc, DocPatch, DocType } from '@crs/shared/schemas/docs';
import { api } from '@/lib/api-client';
import { docsKeys } from './keys';

type DocAnswer = { message: string; doc: Doc };
export type DocUpload = { title: string; type: DocType; description: string; subjectId: string; file: File };

/** POST /docs (Admin/SuperAdmin): multipart title, type, description, subjectId (notes), file. */
export async function uploadDoc(v: DocUpload): Promise<DocAnswer> {
  const form = new FormData();
  form.append('title', v.title);
  form.append('type', v.type);
  form.append('description', v.description);
  if (v.type === 'notes' && v.subjectId) form.append('subjectId', v.subjectId);
  form.append('file', v.file);
  return (await api.post<DocAnswer>('/docs', form)).data;
}

function useInvalidateDocs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: docsKeys.all });
}

export function useUploadDoc() {
  const invalidate = useInvalidateDocs();
  return useMutation({ mutationFn: uploadDoc, onSuccess: invalidate });
}

/** PATCH /docs/{id}. */
export function useUpdateDoc() {
  const invalidate = useInvalidateDocs();
  return useMutation({ mutationFn: async ({ id, patch }: { id: string; patch: DocPatch }) => (await api.patch<DocAnswer>(`/docs/${id}`, patch)).data, onSuccess: invalidate });
}

/** DELETE /docs/{id}: the document and its file. */
export function useDeleteDoc() {
  const invalidate = useInvalidateDocs();
  return useMutation({ mutationFn: async (id: string) => (await api.delete<MessageBody>(`/docs/${id}`)).data, onSuccess: invalidate });
}

/** GET /academics/subjects: the subjects notes may be attached to (the form's choice). */
export function useSubjectChoices(enabled: boolean) {
  return useQuery({
    queryKey: docsKeys.subjects,
    queryFn: async () => (await api.get<{ subjects: Subject[] }>('/academics/subjects', { params: { pageSize: 500 } })).data.subjects,
    enabled,
    staleTime: 60_000,
  });
}
