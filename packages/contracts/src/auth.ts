import { z } from 'zod';

/** The id of the built-in read-only demo account ("See more"). */
export const DEMO_USER_ID = 'seemore';

/** Longest password accepted: longer ones are refused before any hashing (argon2 time grows with length). */
export const PASSWORD_MAX_CHARS = 200;

const requiredText = (label: string) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(200, `${label} is too long.`);

export const registerRequestSchema = z.object({
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  institution: requiredText('Institution'),
  email: z.string({ error: 'Email is required.' }).trim().toLowerCase().pipe(z.email('Enter a valid email address.')),
  password: z
    .string({ error: 'Password is required.' })
    .min(8, 'Password must have at least 8 characters.')
    .max(PASSWORD_MAX_CHARS, 'Password is too long.')
    .refine((password) => password.trim() !== '', 'Password must not be blank.'),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1),
  password: z.string().min(1),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** users/{uid} of the spec plus the id and the demo flag. */
export const userProfileSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  institution: z.string(),
  email: z.string(),
  isDemo: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Local-storage keys: only non-secret hints; the session itself is an httpOnly cookie. */
export const LOCAL_STORAGE_KEYS = { userID: 'userID', userEmail: 'userEmail' } as const;

/** Account messages the server sends (besides MESSAGES.loginFailed). */
export const AUTH_MESSAGES = {
  emailTaken: 'An account with this email already exists.',
  commonPassword: 'This password is one of the most common ones, which are tried first by attackers. Choose another.',
} as const;

/** Body of 200/201 answers of /api/auth/register, /login, /demo and /me. */
export const authUserResponseSchema = z.object({ user: userProfileSchema });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

/** GET /api/config/public (no session needed). */
export const publicConfigSchema = z.object({ contactEmail: z.string() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
