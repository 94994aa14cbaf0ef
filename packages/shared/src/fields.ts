import { z } from 'zod';
import { MSG } from './messages.ts';

/** Reusable field schemas (spec section 5). Passwords are never trimmed or rewritten. */
export const emailField = z.string().trim().toLowerCase().pipe(z.email(MSG.invalidEmail));
export const passwordField = z.string().min(6, MSG.passwordMin).max(50, MSG.passwordMax);
export const nameField = z.string().trim().min(2, MSG.nameMin).max(100);
export const phoneField = z.string().regex(/^\d{10}$/, MSG.phoneDigits);
export const idField = z.string().uuid();
