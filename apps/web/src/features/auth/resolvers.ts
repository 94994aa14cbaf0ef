// The auth forms' validation: the shared zod schemas behind react-hook-form's zod resolver.
// Imported lazily by the forms (see lib/lazy-resolver.ts), so zod stays off the first load of /login.
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, loginSchema, registerFormSchema, resetPasswordFormSchema } from '@crs/shared/schemas/auth';

export const loginResolver = zodResolver(loginSchema);
export const registerResolver = zodResolver(registerFormSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
export const resetPasswordResolver = zodResolver(resetPasswordFormSchema);
