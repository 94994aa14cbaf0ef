import { useQuery } from '@tanstack/react-query';
import type { Section } from '@crs/shared/schemas/academics';
import type { TranscriptDocument, TranscriptVerifyResult } from '@crs/shared/schemas/transcripts';
import { api } from '@/lib/api-client';
import { fileNameOf, saveBlob } from '@/lib/download';
import { usePublicGet, type PublicGetState } from '@/lib/public-get';

const base = (student: string) => `/students/${encodeURIComponent(student)}`;

/** GET /students/{id}/transcript (JSON): the published terms a grade card can be downloaded for; null when nothing is published (404). */
export function useTranscript(student: string | undefined) {
  return useQuery({
    queryKey: ['transcripts', 'document', student ?? ''],
    enabled: !!student,
    retry: false,
    queryFn: async (): Promise<TranscriptDocument | null> => {
      try {
        return (await api.get<TranscriptDocument>(`${base(student!)}/transcript`)).data;
      } catch (e) {
        if ((e as { response?: { status?: number } }).response?.status === 404) return null;
        throw e;
      }
    },
  });
}

/** `?format=pdf` of the transcript (term undefined) or a term's grade card, saved as a download; resolves to the file name. */
export async function downloadDocument(student: string, term?: number): Promise<string> {
  const url = term === undefined ? `${base(student)}/transcript` : `${base(student)}/gradecards/${term}`;
  const res = await api.get<Blob>(url, { params: { format: 'pdf' }, responseType: 'blob' });
  const name = fileNameOf(res.headers['content-disposition'], term === undefined ? 'transcript.pdf' : `gradecard-sem${term}.pdf`);
  saveBlob(res.data, name);
  return name;
}

/** POST /transcripts/generate: one PDF for a section, saved as a download; resolves to the file name. */
export async function downloadSectionBatch(body: { sectionId: string; kind: 'transcript' | 'gradecard'; termId?: number }): Promise<string> {
  const res = await api.post<Blob>('/transcripts/generate', { ...body, format: 'pdf' }, { responseType: 'blob' });
  const name = fileNameOf(res.headers['content-disposition'], 'section.pdf');
  saveBlob(res.data, name);
  return name;
}

/** The sections an Admin prints for (GET /academics/sections). */
export function useSections(enabled: boolean) {
  return useQuery({ queryKey: ['transcripts', 'sections'], enabled, staleTime: 60_000, queryFn: async () => (await api.get<{ sections: Section[] }>('/academics/sections', { params: { pageSize: 100 } })).data.sections });
}

/** GET /transcripts/verify/{token} (public), as the ID card's verify page asks. */
export function useVerifyTranscript(token: string): PublicGetState<TranscriptVerifyResult> {
  return usePublicGet<TranscriptVerifyResult>(`/transcripts/verify/${encodeURIComponent(token)}`);
}
