import { eq } from 'drizzle-orm';
import { DEMO_USER_ID, type UserProfile } from '@indicata/contracts';
import type { Db } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { NO_PASSWORD } from './passwords.ts';

/** The built-in read-only account behind "See more". It has no usable password. */
export const DEMO_USER = {
  id: DEMO_USER_ID,
  firstName: 'Demo',
  lastName: 'Viewer',
  institution: 'Indicata',
  email: 'demo@indicata.invalid',
} as const;

export function toProfile(row: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'institution' | 'email'>): UserProfile {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    institution: row.institution,
    email: row.email,
    isDemo: row.id === DEMO_USER_ID,
  };
}

/** Creates the demo account if it does not exist (run at every start; idempotent). */
export async function ensureDemoUser(db: Db): Promise<void> {
  await db
    .insert(users)
    .values({ ...DEMO_USER, passwordHash: NO_PASSWORD })
    .onConflictDoNothing({ target: users.id });
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}
