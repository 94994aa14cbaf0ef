import type { z } from 'zod';
import type {
  alumniListResponse,
  alumnusResponse,
  alumnusSavedResponse,
  deleteAlumniResponse,
  listAlumniQuery,
  messageAlumniResponse,
} from '@crs/shared/schemas/alumni';

// Types only, inferred from the shared schemas the server validates against (decision 0017): the
// schemas load with the form that validates, not with every file that calls the API.
export type { Alumnus, AlumnusFormValues, CreateAlumnusInput, UpdateAlumnusInput, Experience, MessageAlumniInput } from '@crs/shared/schemas/alumni';
export type AlumniList = z.infer<typeof alumniListResponse>;
/** The list's query as the client sends it; the server fills in the defaults. */
export type AlumniQuery = Partial<z.input<typeof listAlumniQuery>>;
export type AlumnusAnswer = z.infer<typeof alumnusResponse>;
export type AlumnusSaved = z.infer<typeof alumnusSavedResponse>;
export type AlumniDeleted = z.infer<typeof deleteAlumniResponse>;
export type MessageSent = z.infer<typeof messageAlumniResponse>;
