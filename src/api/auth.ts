/**
 * Account and user calls of §7 (docs/api.md): login, token login, user refresh and update, registration, athletes,
 * e-mail check, logout, password reset, latest licence. Auth follows docs/api.md's auth column; callers may override
 * it per call (CallOptions).
 */
import { type CallOptions, requestJson } from './client';
import { ApiError } from './errors';
import {
  type Athlete,
  type AthleteAccountPayload,
  athleteListSchema,
  athleteSchema,
  type CurrentUser,
  currentUserSchema,
  type EmailExists,
  emailExistsSchema,
  type LatestLicense,
  latestLicenseSchema,
  type MessageResponse,
  messageResponseSchema,
  type PasswordResetResponse,
  passwordResetResponseSchema,
  type RegistrationPayload,
  type User,
  type UserUpdatePayload,
  userSchema,
} from './schemas';

export interface LoginCredentials {
  email: string;
  password: string;
}

/** POST /api/auth/login → the user with its session token (the flow stores it). */
export function login(body: LoginCredentials, options?: CallOptions): Promise<CurrentUser> {
  return requestJson('/api/auth/login', currentUserSchema, { method: 'post', json: body, auth: 'none', ...options });
}

/** POST /api/website-token/validate: token login with a website token issued to `user_id`. */
export function validateWebsiteToken(
  body: { user_id: number; token: string },
  options?: CallOptions,
): Promise<CurrentUser> {
  return requestJson('/api/website-token/validate', currentUserSchema, {
    method: 'post',
    json: body,
    auth: 'none',
    ...options,
  });
}

/** GET /api/user: the stored user's fresh data (no token; merge with updateCurrentUser). */
export function getUser(options?: CallOptions): Promise<User> {
  return requestJson('/api/user', userSchema, { auth: 'user', ...options });
}

/** PUT /api/user/{id}: update the own account. */
export function updateUser(id: number, body: UserUpdatePayload, options?: CallOptions): Promise<User> {
  return requestJson(`/api/user/${id}`, userSchema, { method: 'put', json: body, auth: 'user', ...options });
}

/** POST /api/auth/register → the new user with token, `is_new: true` and maybe a deeplink. */
export function register(body: RegistrationPayload, options?: CallOptions): Promise<CurrentUser> {
  return requestJson('/api/auth/register', currentUserSchema, { method: 'post', json: body, auth: 'none', ...options });
}

/** POST /api/auth/register-athlete (the guardian's token) → the athlete with its own token. */
export function registerAthlete(body: AthleteAccountPayload, options?: CallOptions): Promise<Athlete> {
  return requestJson('/api/auth/register-athlete', athleteSchema, {
    method: 'post',
    json: body,
    auth: 'user',
    ...options,
  });
}

/** POST /api/auth/check-email → whether an account with this address exists. */
export function checkEmail(email: string, options?: CallOptions): Promise<EmailExists> {
  return requestJson('/api/auth/check-email', emailExistsSchema, {
    method: 'post',
    json: { email },
    auth: 'none',
    ...options,
  });
}

/** POST /api/auth/logout: revokes the token. LOG OUT is `logout(logoutRequest)` (src/session/logout.ts: also clears and reloads). */
export function logoutRequest(body: { email: string; token: string }, options?: CallOptions): Promise<MessageResponse> {
  return requestJson('/api/auth/logout', messageResponseSchema, {
    method: 'post',
    json: body,
    auth: 'user',
    ...options,
  });
}

/** POST /api/auth/password/forgot-password (same answer whether or not the address exists). */
export function forgotPassword(email: string, options?: CallOptions): Promise<MessageResponse> {
  return requestJson('/api/auth/password/forgot-password', messageResponseSchema, {
    method: 'post',
    json: { email },
    auth: 'none',
    ...options,
  });
}

export interface PasswordResetPayload {
  email: string;
  password: string;
  password_confirmation: string;
  /** The reset token from the e-mailed link. */
  token: string;
}

/** POST /api/auth/password/forgot-password-reset: a `token` in the answer means success (§7). */
export function resetPassword(body: PasswordResetPayload, options?: CallOptions): Promise<PasswordResetResponse> {
  return requestJson('/api/auth/password/forgot-password-reset', passwordResetResponseSchema, {
    method: 'post',
    json: body,
    auth: 'none',
    ...options,
  });
}

/** POST /api/user/latest-license: records the licence the user is working with. */
export function setLatestLicense(licenseCode: string, options?: CallOptions): Promise<LatestLicense> {
  return requestJson('/api/user/latest-license', latestLicenseSchema, {
    method: 'post',
    json: { license_code: licenseCode },
    auth: 'user',
    ...options,
  });
}

/** GET /api/user/latest-license → the user's latest licence, or null when there is none (the server's 404). */
export async function getLatestLicense(options?: CallOptions): Promise<LatestLicense | null> {
  try {
    return await requestJson('/api/user/latest-license', latestLicenseSchema, { auth: 'user', ...options });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/user/athletes → the guardian's athletes. */
export function getAthletes(options?: CallOptions): Promise<Athlete[]> {
  return requestJson('/api/user/athletes', athleteListSchema, { auth: 'user', ...options });
}

/** Issue 31 point 1: PUT /api/user/language, the logged-in person's saved language. */
export function saveLanguage(language: string, options?: CallOptions): Promise<User> {
  return requestJson('/api/user/language', userSchema, { auth: 'user', method: 'put', json: { language }, ...options });
}
