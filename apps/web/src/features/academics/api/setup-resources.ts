import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportColumn, ImportResult } from '@crs/shared/schemas/import';
import type { ImportUpload } from '@/components/import/import-dialog';
import { ASSIGNMENT_IMPORT_COLUMNS, DEPARTMENT_IMPORT_COLUMNS, SECTION_IMPORT_COLUMNS, SUBJECT_IMPORT_COLUMNS, TIMETABLE_IMPORT_COLUMNS } from '@crs/shared/schemas/academics';
import { api } from '@/lib/api-client';
import { academicsKeys } from './keys';
import type { Assignment, Department, Section, Subject, TimetableSlot } from './types';

/**
 * The five lists of the academic setup share one REST shape (issue 11): `GET /academics/<name>`
 * (paged `{<name>, total}`), `POST` (create), `PATCH /{id}`, `DELETE /{id}` and
 * `POST /import[?dryRun=true]` (a file with `importColumns`). Each answers `{message, <item>}`. One
 * definition per list below.
 */
export type SetupList = 'departments' | 'subjects' | 'sections' | 'assignments' | 'timetable';
export type Resource<T> = { name: SetupList; path: string; listField: string; itemField: string; importColumns: readonly ImportColumn[]; _item?: T };

export const DEPARTMENTS: Resource<Department> = { name: 'departments', path: '/academics/departments', listField: 'departments', itemField: 'department', importColumns: DEPARTMENT_IMPORT_COLUMNS };
export const SUBJECTS: Resource<Subject> = { name: 'subjects', path: '/academics/subjects', listField: 'subjects', itemField: 'subject', importColumns: SUBJECT_IMPORT_COLUMNS };
export const SECTIONS: Resource<Section> = { name: 'sections', path: '/academics/sections', listField: 'sections', itemField: 'section', importColumns: SECTION_IMPORT_COLUMNS };
export const ASSIGNMENTS: Resource<Assignment> = { name: 'assignments', path: '/academics/assignments', listField: 'assignments', itemField: 'assignment', importColumns: ASSIGNMENT_IMPORT_COLUMNS };
export const TIMETABLE: Resource<TimetableSlot> = { name: 'timetable', path: '/academics/timetable', listField: 'slots', itemField: 'slot', importColumns: TIMETABLE_IMPORT_COLUMNS };

export type ListQuery = Record<string, string | number | undefined>;
export type ListPage<T> = { items: T[]; total: number };
export type Saved<T> = { message: string; item: T };

export async function listResource<T>(r: Resource<T>, query: ListQuery = {}): Promise<ListPage<T>> {
  const { data } = await api.get<Record<string, unknown>>(r.path, { params: query });
  return { items: data[r.listField] as T[], total: data.total as number };
}

export function useResourceList<T>(r: Resource<T>, query: ListQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...academicsKeys.resource(r.name), query],
    queryFn: () => listResource(r, query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

function saved<T>(r: Resource<T>, data: Record<string, unknown>): Saved<T> {
  return { message: data.message as string, item: data[r.itemField] as T };
}

export async function createResource<T>(r: Resource<T>, input: object): Promise<Saved<T>> {
  const { data } = await api.post<Record<string, unknown>>(r.path, input);
  return saved(r, data);
}

export async function updateResource<T>(r: Resource<T>, id: string, patch: object): Promise<Saved<T>> {
  const { data } = await api.patch<Record<string, unknown>>(`${r.path}/${id}`, patch);
  return saved(r, data);
}

export async function deleteResource<T>(r: Resource<T>, id: string): Promise<{ message: string }> {
  const { data } = await api.delete<{ message: string }>(`${r.path}/${id}`);
  return data;
}

/** The shared ImportDialog's upload for one list (multipart field "file"). */
export function importerFor<T>(r: Resource<T>): ImportUpload {
  return async (file, { dryRun, onProgress }) => {
    const form = new FormData();
    form.append('file', file);
    const { data } = await api.post<ImportResult>(`${r.path}/import`, form, {
      params: dryRun ? { dryRun: 'true' } : undefined,
      onUploadProgress: (e) => onProgress(e.total ? e.loaded / e.total : (e.progress ?? 0)),
    });
    return data;
  };
}

/** Every setup list reloads after any change: counts and pickers of the others depend on it. */
export const SETUP_INVALIDATES = [academicsKeys.all] as const;

/** Create (no id) or change one record; the lists reload. */
export function useSaveResource<T>(r: Resource<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: object }) => (id ? updateResource(r, id, input) : createResource(r, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academicsKeys.all }),
  });
}

export function useDeleteResource<T>(r: Resource<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteResource(r, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: academicsKeys.all }),
  });
}
