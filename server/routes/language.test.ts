/**
 * Issue 31 on the API: errors in the request's language (Accept-Language; English for any other), the account's
 * language (set at registration from Accept-Language, read and changed by its owner), and the Spanish fixtures.
 */
import { asc } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currentUserSchema, userSchema } from '../../src/api/schemas.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const SPANISH = { 'Accept-Language': 'es-MX,es;q=0.9,en;q=0.5' };
const wrongLogin = { email: 'parent@example.com', password: 'NotThePassword1!' };

describe('errors in the language of the request', () => {
  it('answers a wrong login in Spanish for Spanish, in English for English and for any other language', async () => {
    const spanish = expectError(
      await t.call('POST', '/api/auth/login', { body: wrongLogin, headers: SPANISH }),
      422,
      'Estos datos no coinciden con nuestros registros.',
    );
    expect(spanish.messages).toEqual({ email: ['Estos datos no coinciden con nuestros registros.'] });
    const others: Record<string, string>[] = [
      {},
      { 'Accept-Language': 'en-US' },
      { 'Accept-Language': 'fr-FR, de;q=0.8' },
    ];
    for (const headers of others) {
      const english = expectError(
        await t.call('POST', '/api/auth/login', { body: wrongLogin, headers }),
        422,
        'These credentials do not match our records.',
      );
      expect(english.messages).toEqual({ email: ['These credentials do not match our records.'] });
    }
  });

  it("answers a register's field errors in Spanish, the summary too", async () => {
    const body = { email: 'not-an-email', phone: '123', password: 'short' };
    const spanish = expectError(await t.call('POST', '/api/auth/register', { body, headers: SPANISH }), 422);
    expect(spanish.messages).toMatchObject({
      email: ['El campo correo electrónico debe ser un correo electrónico válido.'],
      phone: ['El teléfono debe tener al menos 10 dígitos.'],
      password: ['El campo contraseña debe tener al menos 8 caracteres.'],
      password_confirmation: ['El campo confirmación de la contraseña es obligatorio.'],
      name: ['El campo nombre es obligatorio.'],
    });
    expect(spanish.message).toMatch(
      /^El campo correo electrónico debe ser un correo electrónico válido\. \(y \d+ errores más\)$/,
    );
    const english = expectError(await t.call('POST', '/api/auth/register', { body }), 422);
    expect(english.messages).toMatchObject({ name: ['The name field is required.'] });
  });

  it('answers a password mismatch (a text the site shares) in Spanish', async () => {
    const mismatch = expectError(
      await t.call('POST', '/api/auth/register', {
        body: {
          email: 'parent@example.com',
          phone: '555-123-4567',
          password: 'Password1!',
          password_confirmation: 'Password2!',
          name: 'Pat',
        },
        headers: SPANISH,
      }),
      422,
    );
    expect(mismatch.messages).toEqual({ password_confirmation: ['La confirmación de la contraseña no coincide.'] });
  });

  it('answers 404s and 401s in Spanish', async () => {
    expectError(await t.call('GET', '/api/no-such-call', { headers: SPANISH }), 404, 'No se encontró.');
    expectError(
      await t.call('GET', '/api/registration-link/info/NO-SUCH-CODE', { headers: SPANISH }),
      404,
      'No se encontró la licencia.',
    );
    expectError(await t.call('GET', '/api/user', { headers: SPANISH }), 401, 'No has iniciado sesión.');
    expectError(
      await t.call('GET', '/api/registration-link/info/NO-SUCH-CODE', { headers: { 'Accept-Language': 'en' } }),
      404,
      'License not found.',
    );
  });

  it('answers the household and waitlist refusals in Spanish', async () => {
    const token = await t.tokenFor('samrivera');
    expectError(
      await t.call('GET', '/api/household', { token, headers: SPANISH }),
      403,
      'Solo un tutor puede administrar una familia.',
    );
  });

  it.each([
    ['garbage', '\u00ff\u00fe not a language ;;; q=='],
    ['very long', `${'es-US;q=0.5, '.repeat(400)}es`],
    ['a wildcard', '*'],
    ['a q-value that is no number', 'es;q=abc'],
    ['an empty header', ''],
    ['only separators', ',,,;;;'],
  ])('never answers a 5xx for %s', async (_what, language) => {
    const login = await t.call('POST', '/api/auth/login', {
      body: wrongLogin,
      headers: { 'Accept-Language': language },
    });
    expect(login.status).toBe(422);
    const missing = await t.call('GET', '/api/no-such-call', { headers: { 'Accept-Language': language } });
    expect(missing.status).toBe(404);
    const bad = await t.call('POST', '/api/auth/login', { rawBody: '{', headers: { 'Accept-Language': language } });
    expect(bad.status).toBe(400);
  });
});

describe('the language of an account', () => {
  const registration = {
    email: 'nueva.familia@example.com',
    phone: '555-123-4567',
    password: 'Password1!',
    password_confirmation: 'Password1!',
    name: 'Rosa Díaz',
  };

  it("is the registration request's language, English for any other; GET /api/user shows it", async () => {
    const spanish = expectOk(
      await t.call('POST', '/api/auth/register', { body: registration, headers: { 'Accept-Language': 'es-US' } }),
      currentUserSchema,
    );
    expect(spanish.language).toBe('es');
    const again = expectOk(await t.call('GET', '/api/user', { token: spanish.token }), userSchema);
    expect(again.language).toBe('es');
    const other = expectOk(
      await t.call('POST', '/api/auth/register', {
        body: { ...registration, email: 'other.family@example.com' },
        headers: { 'Accept-Language': 'de-DE' },
      }),
      currentUserSchema,
    );
    expect(other.language).toBe('en');
  });

  it('is changed by PUT /api/user/language, which answers the user as GET /api/user does', async () => {
    const token = await t.tokenFor('parent@example.com');
    const before = expectOk(await t.call('GET', '/api/user', { token }), userSchema);
    expect(before.language).toBe('en');
    const changed = expectOk(
      await t.call('PUT', '/api/user/language', { token, body: { language: 'es' } }),
      userSchema,
    );
    expect(changed).toEqual({ ...before, language: 'es' });
    expect(expectOk(await t.call('GET', '/api/user', { token }), userSchema).language).toBe('es');
    expect(
      expectOk(await t.call('PUT', '/api/user/language', { token, body: { language: 'en' } }), userSchema).language,
    ).toBe('en');
  });

  it('refuses another language with a 422, and a caller without a session with a 401', async () => {
    const token = await t.tokenFor('parent@example.com');
    for (const body of [{ language: 'fr' }, { language: 'ES' }, { language: 1 }, {}, { language: null }]) {
      const error = expectError(await t.call('PUT', '/api/user/language', { token, body }), 422);
      expect(Object.keys(error.messages)).toEqual(['language']);
    }
    const spanish = expectError(
      await t.call('PUT', '/api/user/language', { token, body: { language: 'fr' }, headers: SPANISH }),
      422,
    );
    expect(spanish.messages.language).toEqual(['El valor de idioma no es válido.']);
    expectError(await t.call('PUT', '/api/user/language', { body: { language: 'es' } }), 401);
    expectError(await t.call('PUT', '/api/user/language', { body: { language: 'fr' } }), 401);
    expectError(await t.call('PUT', '/api/user/language', { token, rawBody: '{' }), 400);
  });
});

describe("the staff member's language", () => {
  it('is in GET /api/admin/me and changed by its owner only with PUT /api/admin/me/language', async () => {
    const token = await staffTokenFor(t.db, STAFF.registrar);
    const me = await t.call('GET', '/api/admin/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ staff: { email: STAFF.registrar, language: 'en' } });
    const changed = await t.call('PUT', '/api/admin/me/language', { token, body: { language: 'es' } });
    expect(changed.status).toBe(200);
    const before = z.object({ staff: z.record(z.string(), z.unknown()) }).parse(me.body);
    expect(changed.body).toEqual({ staff: { ...before.staff, language: 'es' } });
    expect(changed.body).toMatchObject({ staff: { email: STAFF.registrar, language: 'es' } });
    expect((await t.call('GET', '/api/admin/me', { token })).body).toMatchObject({ staff: { language: 'es' } });
    // The owner's own language is unchanged.
    const owner = await staffTokenFor(t.db, STAFF.owner);
    expect((await t.call('GET', '/api/admin/me', { token: owner })).body).toMatchObject({ staff: { language: 'en' } });
  });

  it('refuses another language (422), no session (401) and a family session (403)', async () => {
    const token = await staffTokenFor(t.db, STAFF.registrar);
    expectError(await t.call('PUT', '/api/admin/me/language', { token, body: { language: 'pt' } }), 422);
    expectError(await t.call('PUT', '/api/admin/me/language', { body: { language: 'es' } }), 401);
    const family = await t.tokenFor('parent@example.com');
    expectError(await t.call('PUT', '/api/admin/me/language', { token: family, body: { language: 'es' } }), 403);
  });
});

describe('the Spanish fixtures (docs/fixtures.md "Languages (Spanish)")', () => {
  it('has Lucía Romero, in Spanish, guardian of Mateo Romero (Mother), nothing claimed or paid', async () => {
    const token = await t.tokenFor('familia@example.com');
    const user = expectOk(await t.call('GET', '/api/user', { token }), userSchema);
    expect(user).toMatchObject({ name: 'Lucía Romero', language: 'es', license: null, subscription: null });
    const athletes = await t.call('GET', '/api/user/athletes', { token });
    expect(athletes.body).toEqual([
      expect.objectContaining({ name: 'Mateo Romero', relationship: 'Mother', user_id: expect.any(Number) }),
    ]);
    const memberships = await t.call('GET', '/api/memberships', { token });
    expect(memberships.status).toBe(200);
    expect(JSON.stringify(memberships.body)).not.toContain('Mateo');
  });

  it('has Ana Torres, in Spanish, registrar of Northside Youth Baseball', async () => {
    const token = await staffTokenFor(t.db, 'registradora@northside.example');
    const me = await t.call('GET', '/api/admin/me', { token });
    expect(me.body).toMatchObject({
      staff: {
        name: 'Ana Torres',
        language: 'es',
        organizations: [{ name: 'Northside Youth Baseball', role: 'registrar', teams: null }],
      },
    });
  });
});

describe('the answers a family reads after a password reset request', () => {
  it('are in the language of the request', async () => {
    const body = { email: 'familia@example.com' };
    const spanish = await t.call('POST', '/api/auth/password/forgot-password', { body, headers: SPANISH });
    expect(spanish.body).toEqual({
      message:
        'Si existe una cuenta con este correo electrónico, te enviamos instrucciones para restablecer tu contraseña.',
    });
    const english = await t.call('POST', '/api/auth/password/forgot-password', { body });
    expect(english.body).toEqual({
      message: 'If an account exists for this address, we have sent instructions on how to reset your password to it.',
    });
  });

  it("opens the reset form in the guardian's language: the e-mail's link carries lang= for a Spanish guardian only", async () => {
    await t.call('POST', '/api/auth/password/forgot-password', { body: { email: 'familia@example.com' } });
    await t.call('POST', '/api/auth/password/forgot-password', { body: { email: 'parent@example.com' } });
    const links = (await t.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id))).map(
      (mail) => mail.text.match(/http\S+\/resetpwd\/forgot\?\S+/)?.[0] ?? '',
    );
    expect(new URL(links[0]!).searchParams.get('lang')).toBe('es');
    expect(new URL(links[1]!).searchParams.has('lang')).toBe(false);
  });
});
