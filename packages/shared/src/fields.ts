import { z } from 'zod';
import { MSG } from './messages.ts';

/** RFC 5321's limit for a whole address: longer input is refused before it reaches the database. */
export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const BIO_MAX = 1000;

/** An email address, trimmed and lower-cased, at most EMAIL_MAX characters; `invalid` names a bad one. */
export const emailWith = (invalid: string) => z.string().trim().max(EMAIL_MAX, MSG.emailTooLong).toLowerCase().pipe(z.email(invalid));

/** Reusable field schemas (spec section 5). Passwords are never trimmed or rewritten. */
export const emailField = emailWith(MSG.invalidEmail);
export const passwordField = z.string().min(6, MSG.passwordMin).max(50, MSG.passwordMax);
export const nameField = z.string().trim().min(2, MSG.nameMin).max(NAME_MAX, MSG.nameTooLong);
export const phoneField = z.string().regex(/^\d{10}$/, MSG.phoneDigits);
export const idField = z.string().uuid();
