import type { ForgotPasswordInput, LoginInput, RegisterFormInput, ResetPasswordFormInput } from '@crs/shared/schemas/auth';
import type { SelfRegisterRole } from '@crs/shared/roles';
import { lazyResolver } from '@/lib/lazy-resolver';

const load = () => import('./resolvers');

export type LoginFormValues = { email: string; password: string };
export type RegisterFormValues = { name: string; email: string; phone: string; password: string; confirmPassword: string; roles: SelfRegisterRole | 'Guardian'; guardianCode?: string };
export type ForgotPasswordFormValues = { email: string };
export type ResetPasswordFormValues = { token: string; password: string; confirmPassword: string };

export const loginResolver = lazyResolver<LoginFormValues, LoginInput>(async () => (await load()).loginResolver);
export const registerResolver = lazyResolver<RegisterFormValues, RegisterFormInput>(async () => (await load()).registerResolver);
export const forgotPasswordResolver = lazyResolver<ForgotPasswordFormValues, ForgotPasswordInput>(async () => (await load()).forgotPasswordResolver);
export const resetPasswordResolver = lazyResolver<ResetPasswordFormValues, ResetPasswordFormInput>(async () => (await load()).resetPasswordResolver);
