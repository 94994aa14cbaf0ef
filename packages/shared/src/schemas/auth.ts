import { z } from 'zod';
import { BIO_MAX, EMAIL_MAX, emailField, emailWith, NAME_MAX, nameField, passwordField, phoneField } from '../fields.ts';
import { MSG } from '../messages.ts';
import { ROLES, SELF_REGISTER_ROLES } from '../roles.ts';

/** Sign-in form and POST /auth/login body. */
export const loginSchema = z.strictObject({
  email: emailField,
  password: passwordField,
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * POST /auth/register body. Only Student, Teacher, Staff — or Guardian with a child's link code
 * (issue 30), which makes the account active at once; unknown fields are refused.
 */
const registerFields = z.strictObject({
    name: nameField,
    email: emailField,
    phone: phoneField,
    password: passwordField,
    roles: z.enum([...SELF_REGISTER_ROLES, 'Guardian'], { error: MSG.roleRequired }),
    guardianCode: z.string().trim().max(40, MSG.guardianCodeInvalid).optional(),
});
const guardianHasCode = (v: { roles: string; guardianCode?: string | undefined }) => v.roles !== 'Guardian' || !!v.guardianCode;
const codeRequired = () => ({ message: MSG.guardianCodeRequired, path: ['guardianCode'] });
export const registerSchema = registerFields.refine(guardianHasCode, codeRequired());
export type RegisterInput = z.infer<typeof registerSchema>;

/** The sign-up form: the register body plus a confirmation that must match. */
export const registerFormSchema = registerFields
  .extend({ confirmPassword: passwordField })
  .refine(guardianHasCode, codeRequired())
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMatch, path: ['confirmPassword'] });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const forgotPasswordSchema = z.strictObject({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /auth/reset/confirm body. */
export const resetConfirmSchema = z.strictObject({
  token: z.string().min(1, MSG.resetTokenRequired).max(200),
  password: passwordField,
});
export type ResetConfirmInput = z.infer<typeof resetConfirmSchema>;

export const resetPasswordFormSchema = resetConfirmSchema
  .extend({ confirmPassword: passwordField })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMatch, path: ['confirmPassword'] });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/**
 * POST /auth/users/me/password: the signed-in user's current password and the new one (the same
 * rule as at sign-up). The current one is only checked against the stored hash, so any length an
 * older rule allowed still works.
 */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, MSG.currentPasswordRequired).max(200, MSG.passwordMax),
  password: passwordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form: the new password twice, and different from the current one. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: passwordField })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsMatch, path: ['confirmPassword'] })
  .refine((v) => v.password !== v.currentPassword, { message: MSG.samePassword, path: ['password'] });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** Its answer: this session's new access token (the account's token version moved on); the refresh token stays. */
export const changePasswordResponseSchema = z.object({ message: z.string(), token: z.string() });

export const refreshSchema = z.strictObject({ refreshToken: z.string().min(1).max(200) });

/** PATCH /auth/users/me: name, email and bio only — never roles, status or password. */
export const updateMeSchema = z.strictObject({
  name: z.string().trim().min(1, MSG.profileNameRequired).max(NAME_MAX, MSG.nameTooLong).optional(),
  email: emailWith(MSG.profileInvalidEmail).optional(),
  bio: z.string().max(BIO_MAX, MSG.bioTooLong).optional(),
});
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

/** The profile form (all three fields present). */
export const profileFormSchema = z.object({
  name: z.string().trim().min(1, MSG.profileNameRequired).max(NAME_MAX, MSG.nameTooLong),
  email: z.string().trim().max(EMAIL_MAX, MSG.emailTooLong).pipe(z.email(MSG.profileInvalidEmail)),
  bio: z.string().max(BIO_MAX, MSG.bioTooLong).optional(),
});

/** The session user as every endpoint returns it (spec section 3). */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  studentId: z.string().nullable(),
  department: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  status: z.enum(['active', 'pending', 'disabled']),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  refresh: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  token: z.string().optional(),
  refresh: z.string().optional(),
  refreshToken: z.string().optional(),
  user: userSchema,
});

export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
export const meResponseSchema = z.object({ message: z.string(), user: userSchema });
