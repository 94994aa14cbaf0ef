import { ALUMNUS_OPTIONAL_KEYS, normalizeTags, type CreateAlumnusInput, type UpdateAlumnusInput } from '@crs/shared/schemas/alumni';
import type { Alumnus, AlumnusFormValues } from './api/types';

export const EMPTY_EXPERIENCE: AlumnusFormValues['experiences'][number] = { company: '', role: '', startDate: '', endDate: '', currentlyWorking: false, description: '' };

/** The form's starting values: blank for a new alumnus, the profile's for an edit. */
export function alumnusFormDefaults(a?: Alumnus | null): AlumnusFormValues {
  const s = (v: string | number | null | undefined) => (v == null ? '' : String(v));
  return {
    name: s(a?.name),
    email: s(a?.email),
    phone: s(a?.phone),
    enrollmentNo: s(a?.enrollmentNo),
    batch: s(a?.batch),
    department: s(a?.department),
    degree: s(a?.degree),
    specialization: s(a?.specialization),
    graduationYear: s(a?.graduationYear),
    currentCompany: s(a?.currentCompany),
    currentRole: s(a?.currentRole),
    linkedin: s(a?.linkedin),
    location: s(a?.location),
    about: s(a?.about),
    experiences: (a?.experiences ?? []).map((e) => ({
      company: s(e.company),
      role: s(e.role),
      startDate: s(e.startDate),
      endDate: s(e.endDate),
      currentlyWorking: e.currentlyWorking,
      description: s(e.description),
    })),
    tags: (a?.tags ?? []).join(', '),
    visibility: a?.visibility ?? 'public',
  };
}

/**
 * What Create sends (spec section 5, before submit): the shared schema has already trimmed, split
 * the tags and dropped empty experiences; blank optional fields (null after the schema) are omitted
 * and the tags capped at 20.
 */
export function createPayload(values: CreateAlumnusInput): CreateAlumnusInput {
  const out: Record<string, unknown> = { ...values, tags: normalizeTags(values.tags) };
  for (const k of ALUMNUS_OPTIONAL_KEYS) if (out[k] == null) delete out[k];
  return out as CreateAlumnusInput;
}

/**
 * What Update sends: as Create, blank fields are omitted — except a field the profile had and the
 * user emptied, which is sent as null so the server clears it (an omitted field stays as it is).
 * Lists and visibility are always sent: they replace the stored ones.
 */
export function updatePayload(values: UpdateAlumnusInput, before: Alumnus): UpdateAlumnusInput {
  const out: Record<string, unknown> = { ...values, tags: normalizeTags(values.tags ?? []), experiences: values.experiences ?? [] };
  for (const k of ALUMNUS_OPTIONAL_KEYS) {
    if (out[k] != null) continue;
    if (before[k] == null) delete out[k];
    else out[k] = null;
  }
  return out as UpdateAlumnusInput;
}
