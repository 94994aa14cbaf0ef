import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Section } from '@crs/shared/schemas/academics';
import type { MessageBody } from '@crs/shared/schemas/common';
import type { IdCard, IdCardUrl, VerifyResult } from '@crs/shared/schemas/idcards';
import { api } from '@/lib/api-client';
import { usePublicGet, type PublicGetState } from '@/lib/public-get';
import { queryKeys } from '@/lib/query-keys';

export const idcardKeys = {
  all: queryKeys.idcards,
  card: (student: string) => [...queryKeys.idcards, 'card', student] as const,
  sections: [...queryKeys.idcards, 'sections'] as const,
};

/** GET /students/{studentId}/idcard (account id or roll number): `{url}` of the live card; 404 when none. */
export async function getIdCard(student: string): Promise<IdCardUrl> {
  return (await api.get<IdCardUrl>(`/students/${encodeURIComponent(student)}/idcard`)).data;
}

type Failure = { response?: { status?: number; data?: { code?: string } } };
/** True when the call said "no card yet" (404 IDCARD_NOT_GENERATED), which the page shows as the spec's text, not as a failure. */
export const isNoCard = (e: unknown) => (e as Failure).response?.status === 404 && (e as Failure).response?.data?.code === 'IDCARD_NOT_GENERATED';

export function useIdCard(student: string | undefined) {
  return useQuery({ queryKey: idcardKeys.card(student ?? ''), queryFn: () => getIdCard(student!), enabled: !!student, retry: false });
}

/** GET /idcards/verify/{token} (public). */
export function useVerify(token: string): PublicGetState<VerifyResult> {
  return usePublicGet<VerifyResult>(`/idcards/verify/${encodeURIComponent(token)}`);
}

/** GET /academics/sections: the sections an Admin may generate cards for. */
export function useSectionChoices() {
  return useQuery({ queryKey: idcardKeys.sections, queryFn: async () => (await api.get<{ sections: Section[] }>('/academics/sections', { params: { pageSize: 100 } })).data.sections, staleTime: 60_000 });
}

function useInvalidateCards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: idcardKeys.all });
}

/** POST /students/{studentId}/idcard: a new card (the old one's QR stops verifying). */
export function useGenerateCard() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async ({ student, bloodGroup, validUntil }: { student: string; bloodGroup?: string; validUntil?: string }) =>
      (await api.post<{ message: string; card: IdCard }>(`/students/${encodeURIComponent(student)}/idcard`, { ...(bloodGroup ? { bloodGroup } : {}), ...(validUntil ? { validUntil } : {}) })).data,
    onSuccess: invalidate,
  });
}

/** POST /idcards/generate {sectionId}: cards for the whole section. */
export function useGenerateSection() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: async ({ sectionId, validUntil }: { sectionId: string; validUntil?: string }) =>
      (await api.post<{ message: string; generated: number; cards: IdCard[] }>('/idcards/generate', { sectionId, ...(validUntil ? { validUntil } : {}) })).data,
    onSuccess: invalidate,
  });
}

/** DELETE /students/{studentId}/idcard: revokes the live card. */
export function useRevokeCard() {
  const invalidate = useInvalidateCards();
  return useMutation({ mutationFn: async (student: string) => (await api.delete<MessageBody>(`/students/${encodeURIComponent(student)}/idcard`)).data, onSuccess: invalidate });
}
