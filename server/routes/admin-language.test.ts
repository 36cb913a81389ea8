import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, organizations } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/**
 * Issue 31 points 1 and 4 on the console's API: the staff member's saved language is what the console opens in
 * (src/routes/admin-language.ts reads it from the session), so a new staff account takes the language of the request
 * that accepts the invitation, as a family account takes its registration's; an existing one keeps its own.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function invitation(email: string): Promise<string> {
  const [northside] = await t.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, 'Northside Youth Baseball'));
  const sent = await t.call('POST', `/api/admin/organizations/${northside!.id}/invites`, {
    token: await staffTokenFor(t.db, STAFF.owner),
    body: { email, name: 'Nia Registrar', role: 'registrar' },
  });
  expect(sent.status, sent.text).toBe(201);
  const mail = (await t.db.select().from(mailOutbox).orderBy(mailOutbox.id)).at(-1);
  return /\/admin\/join\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
}

describe('accepting a staff invitation (issue 31)', () => {
  it('a new account takes the language it joins in; GET /api/admin/me answers it', async () => {
    const accepted = await t.call('POST', '/api/admin/invites/accept', {
      headers: { 'Accept-Language': 'es-MX,es;q=0.9' },
      body: {
        token: await invitation('nia@example.com'),
        name: 'Nia Registrar',
        password: 'Another-pass-1',
        password_confirmation: 'Another-pass-1',
      },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const session = accepted.body as { token: string; staff: { language: string } };
    expect(session.staff.language).toBe('es');
    const me = await t.call('GET', '/api/admin/me', { token: session.token });
    expect(me.body).toMatchObject({ staff: { email: 'nia@example.com', language: 'es' } });
  });

  it('in English (or any other language) a new account is English; an existing account keeps its own', async () => {
    const english = await t.call('POST', '/api/admin/invites/accept', {
      headers: { 'Accept-Language': 'fr-FR' },
      body: {
        token: await invitation('leo@example.com'),
        name: 'Leo Registrar',
        password: 'Another-pass-1',
        password_confirmation: 'Another-pass-1',
      },
    });
    expect((english.body as { staff: { language: string } }).staff.language).toBe('en');
    // Lakeside's owner (English) joins Northside from a Spanish page: the account's language stays hers.
    const existing = await t.call('POST', '/api/admin/invites/accept', {
      headers: { 'Accept-Language': 'es-US' },
      body: { token: await invitation(STAFF.otherOwner), password: 'Password1!' },
    });
    expect(existing.status, existing.text).toBe(200);
    expect((existing.body as { staff: { language: string } }).staff.language).toBe('en');
  });
});
