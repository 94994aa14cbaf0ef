import { z } from 'zod';
import { ACADEMICS_MSG } from '../messages/academics.ts';

/**
 * The pieces every module's API shares: message and error bodies, ids, paging. A module's own
 * schema file imports these instead of restating them.
 */

/** `{message}`: the answer of an action that returns nothing else. */
export const messageSchema = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageSchema>;

/** One field's validation failure: `path` is the dotted field path (`copiesTotal`, `experiences.0.role`). */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The error body of every non-2xx answer; validation failures add `errors`. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;

/** A row id on the wire (uuid), with the message a module chooses for a malformed one. */
export const uuidField = (message = 'Invalid id') => z.uuid(message);
/** `/{id}` route params. */
export const idParams = z.strictObject({ id: uuidField() });
/** `/{id}` route params whose malformed id reads as "not found" (e.g. MSG.bookNotFound). */
export const idParamsWith = (message: string) => z.strictObject({ id: uuidField(message) });
/**
 * `/students/{id}` route params of the by-student reads (attendance, results, upcoming exams, loans;
 * issue 25): the account id or the student ID as on ID cards (STU000123), any case.
 */
export const studentRefParams = z.strictObject({ id: z.string().trim().min(1, ACADEMICS_MSG.studentNotFound).max(60, ACADEMICS_MSG.studentNotFound) });

/** Paging query fields, spread into a module's list query: `z.strictObject({q, ...pageQuery})`. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
export type PageQuery = { page: number; pageSize: number };

/** A paged list answer `{[key]: items, total}` (spec: `{books}`, `{loans}`, `{alumni}` ...). */
export function pagedResponse<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({ [key]: z.array(item), total: z.number().int() } as { [P in K]: z.ZodArray<T> } & { total: z.ZodNumber });
}
