import { MSG } from '@crs/shared/messages';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, uniqueViolation } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import type { UserRecord } from './users.repository.ts';

// What the users module's services share: the per-process cache of users and the 409s a write
// to the users table turns its unique violations into.

/** Every process's cache of users by id (decision 0004: invalidated in every process after commit). */
export const userCache = (ctx: AppContext) => ctx.caches.of<UserRecord>('user');

/** Unique violations on the users table can only be the email (student IDs come from a sequence). */
export async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.emailTaken, 'EMAIL_TAKEN');
    throw err;
  }
}

/** Unique violations of an administrator's write as the 409 that names the field. */
export async function uniqueUserKeys<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === undefined) throw err;
    if (constraint === 'users_student_id_key') throw conflict(MSG.studentIdTaken, 'STUDENT_ID_TAKEN');
    if (constraint === 'users_employee_id_key') throw conflict(MSG.employeeIdTaken, 'EMPLOYEE_ID_TAKEN');
    throw conflict(MSG.emailTaken, 'EMAIL_TAKEN');
  }
}
