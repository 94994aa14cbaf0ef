import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { authResponseSchema } from './auth.ts';

/**
 * Identity (issue 28): OpenID Connect sign-in, TOTP second factor, sessions and linked accounts.
 * Paths are under /api/v1; the paths and field names are a contract kept exactly.
 */

// ---------------------------------------------------------------------------------------------
// OpenID Connect providers
// ---------------------------------------------------------------------------------------------

/** A provider's id: in its URLs (`/auth/oidc/{id}/…`); `default` is the one from OIDC_* variables. */
export const oidcProviderIdField = z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, MSG.oidcProviderIdInvalid);
export const oidcProviderParams = z.strictObject({ provider: z.string().max(40) });

/** GET /auth/oidc/providers (public): the login page's buttons. */
export const oidcPublicProviderSchema = z.object({ id: z.string(), label: z.string() });
export const oidcPublicProvidersResponse = z.object({ providers: z.array(oidcPublicProviderSchema) });

/**
 * `returnTo` of GET /auth/oidc/{provider}/start: a path of ours only (no scheme, no host, no `//`,
 * no backslash), so the callback can never send anyone elsewhere. Default /dashboard.
 */
export const returnToField = z
  .string()
  .max(300, MSG.oidcReturnToInvalid)
  .regex(/^\/(?![/\\])[^\\\s]*$/, MSG.oidcReturnToInvalid);
export const oidcStartQuery = z.strictObject({ returnTo: returnToField.optional() });

/** GET /auth/oidc/{provider}/callback: what the provider sends back (error answers included). */
export const oidcCallbackQuery = z.looseObject({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(500).optional(),
});

/** POST /auth/oidc/exchange: the one-time code from `/login/callback#code=…` (valid 60 s, once). */
export const oidcExchangeSchema = z.strictObject({ code: z.string().min(1).max(200) });

const domainField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, MSG.oidcDomainInvalid);
const claimField = z.string().trim().regex(/^[A-Za-z0-9_.:-]{1,100}$/, MSG.oidcClaimInvalid);

/** One claim value (or group) → a role. The first matching row wins; none → the default role. */
export const oidcRoleMappingSchema = z.strictObject({ value: z.string().trim().min(1).max(200), role: z.enum(ROLES) });

/**
 * A provider as a SuperAdmin configures it at Settings (POST /settings/oidc-providers). The client
 * secret is write-only: answers say `clientSecretSet` instead, and a PATCH without it keeps it.
 */
export const oidcProviderInputSchema = z.strictObject({
  id: oidcProviderIdField,
  label: z.string().trim().min(1, MSG.oidcLabelRequired).max(60, MSG.oidcLabelRequired),
  issuer: z.url({ error: MSG.oidcIssuerHttps }).max(500),
  clientId: z.string().trim().min(1, MSG.oidcClientIdRequired).max(300),
  clientSecret: z.string().min(1, MSG.oidcClientSecretRequired).max(1000),
  enabled: z.boolean().default(true),
  /** Email domains allowed to sign in (and to be created just in time); empty = any verified email. */
  allowedDomains: z.array(domainField).max(20).default([]),
  /** The ID token / userinfo claim holding the role or groups (e.g. `groups`, `roles`); null = none. */
  roleClaim: claimField.nullable().default(null),
  roleMapping: z.array(oidcRoleMappingSchema).max(50).default([]),
  defaultRole: z.enum(ROLES).default('Student'),
  /** New Teacher/Staff accounts made by this provider wait for an Admin's approval. */
  approvalForStaff: z.boolean().default(true),
  /** The provider's `amr` claim saying a second factor was used counts as CRS's second factor. */
  amrCountsAsMfa: z.boolean().default(false),
  /** Password sign-in is refused for these roles / email domains: they must use this provider. */
  requiredForRoles: z.array(z.enum(ROLES)).max(ROLES.length).default([]),
  requiredForDomains: z.array(domainField).max(20).default([]),
});
export type OidcProviderInput = z.infer<typeof oidcProviderInputSchema>;
export const oidcProviderPatchSchema = oidcProviderInputSchema.omit({ id: true }).partial();
export type OidcProviderPatch = z.infer<typeof oidcProviderPatchSchema>;

export const oidcProviderSchema = z.object({
  id: z.string(),
  label: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  enabled: z.boolean(),
  allowedDomains: z.array(z.string()),
  roleClaim: z.string().nullable(),
  roleMapping: z.array(oidcRoleMappingSchema),
  defaultRole: z.enum(ROLES),
  approvalForStaff: z.boolean(),
  amrCountsAsMfa: z.boolean(),
  requiredForRoles: z.array(z.enum(ROLES)),
  requiredForDomains: z.array(z.string()),
  /** `environment` = from OIDC_* variables (read-only here). */
  source: z.enum(['settings', 'environment']),
  /** What to register at the provider: `${PUBLIC_URL}/api/v1/auth/oidc/{id}/callback`. */
  redirectUri: z.string(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type OidcProvider = z.infer<typeof oidcProviderSchema>;
export const oidcProviderResponse = z.object({ message: z.string(), provider: oidcProviderSchema });
export const oidcProvidersResponse = z.object({ providers: z.array(oidcProviderSchema) });

// ---------------------------------------------------------------------------------------------
// Linked accounts (GET /auth/identities, DELETE /auth/identities/{id})
// ---------------------------------------------------------------------------------------------

export const linkedIdentitySchema = z.object({
  id: z.string(),
  providerId: z.string(),
  providerLabel: z.string(),
  /** The email the provider gave when the link was made (the link follows the subject, not this). */
  email: z.string().nullable(),
  linkedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentitySchema>;
export const linkedIdentitiesResponse = z.object({ identities: z.array(linkedIdentitySchema), hasPassword: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Two-factor authentication (TOTP, RFC 6238)
// ---------------------------------------------------------------------------------------------

/** A 6-digit TOTP code or a recovery code (xxxxx-xxxxx, lowercase letters and digits). */
export const TOTP_CODE = /^\d{6}$/;
export const RECOVERY_CODE = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
export const mfaCodeField = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => TOTP_CODE.test(v) || RECOVERY_CODE.test(v), MSG.mfaCodeFormat);
export const totpCodeField = z.string().trim().regex(TOTP_CODE, MSG.mfaCodeFormat);

/**
 * POST /auth/login (and POST /auth/oidc/exchange) when a second factor is due: no session yet.
 * `enrolRequired`: the role requires TOTP and the user has none; they set it up with the
 * `mfaToken` (POST /auth/mfa/totp/setup and /confirm) and are signed in when it is confirmed.
 */
export const mfaChallengeResponseSchema = z.object({
  message: z.string(),
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  enrolRequired: z.boolean(),
});
export type MfaChallengeResponse = z.infer<typeof mfaChallengeResponseSchema>;
export const loginResponseSchema = z.union([authResponseSchema, mfaChallengeResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /auth/mfa/verify: completes a sign-in that answered `mfaRequired`. */
export const mfaVerifySchema = z.strictObject({ mfaToken: z.string().min(1).max(2000), code: mfaCodeField });

/** POST /auth/mfa/totp/setup: signed in, or with the `mfaToken` of a sign-in that must enrol. */
export const totpSetupSchema = z.strictObject({ mfaToken: z.string().min(1).max(2000).optional() });
export const totpSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (an SVG data URL) for the Account page. */
  qrCode: z.string(),
});
/** POST /auth/mfa/totp/confirm: the first code from the app turns it on. */
export const totpConfirmSchema = z.strictObject({ code: totpCodeField, mfaToken: z.string().min(1).max(2000).optional() });
/** Shown once. With an `mfaToken`, the answer also signs the user in (token, refresh, user). */
export const totpConfirmResponseSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
  token: z.string().optional(),
  refresh: z.string().optional(),
  refreshToken: z.string().optional(),
  user: authResponseSchema.shape.user.optional(),
});
/** DELETE /auth/mfa/totp: a current code (or a recovery code) turns it off. */
export const totpDisableSchema = z.strictObject({ code: mfaCodeField });
/** POST /auth/mfa/recovery-codes: a current code makes ten new ones (the old ones stop working). */
export const recoveryCodesRegenerateSchema = z.strictObject({ code: totpCodeField });
export const recoveryCodesResponseSchema = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) });

/** GET /auth/mfa: the Account page's state. */
export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The user's role requires it (Settings: mfaRequiredForAdmins) — it cannot be turned off. */
  required: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Sessions (GET /auth/sessions, DELETE /auth/sessions/{id}, DELETE /auth/sessions)
// ---------------------------------------------------------------------------------------------

export const activeSessionSchema = z.object({
  id: z.string(),
  /** From the user agent, e.g. "Chrome 131 on Android" ("Unknown device" without one). */
  device: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** How the session began: a password, a provider (its label), with a second factor or not. */
  method: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionsResponse = z.object({ sessions: z.array(activeSessionSchema) });
export const sessionsRevokedResponse = z.object({ message: z.string(), revoked: z.number().int() });
