/**
 * Register step 1 before the account exists (issue 21 point 1): what was typed stays in this tab only, never a
 * password, so a reload keeps it. Small and apart from src/session/progress.ts, which the register page loads lazily.
 */
import { z } from 'zod/mini';
import { GUARDIAN_DRAFT_KEY } from './progress-keys';

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The fields of the guardian form a reload keeps: names, phone and e-mail; the passwords never. */
export interface GuardianDraft {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

const guardianDraftSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
});

export function writeGuardianDraft({ firstName, lastName, phone, email }: GuardianDraft): void {
  try {
    session()?.setItem(GUARDIAN_DRAFT_KEY, JSON.stringify({ firstName, lastName, phone, email }));
  } catch {
    // A reload then starts with an empty form.
  }
}

export function readGuardianDraft(): GuardianDraft | null {
  try {
    const text = session()?.getItem(GUARDIAN_DRAFT_KEY) ?? null;
    return text === null ? null : (guardianDraftSchema.safeParse(JSON.parse(text)).data ?? null);
  } catch {
    return null;
  }
}

export function forgetGuardianDraft(): void {
  try {
    session()?.removeItem(GUARDIAN_DRAFT_KEY);
  } catch {
    // Nothing stored is what was wanted.
  }
}
