import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { readCatalogues } from '../../scripts/i18n-compile.ts';
import * as adminDiscountCode from '../../src/domain/forms/admin-discount-code.ts';
import * as adminDraft from '../../src/domain/forms/admin-draft.ts';
import * as adminFields from '../../src/domain/forms/admin-fields.ts';
import * as adminJoin from '../../src/domain/forms/admin-join.ts';
import * as adminLicence from '../../src/domain/forms/admin-licence.ts';
import * as adminRefund from '../../src/domain/forms/admin-refund.ts';
import * as adminSeason from '../../src/domain/forms/admin-season.ts';
import * as adminSettings from '../../src/domain/forms/admin-settings.ts';
import * as adminStaffInvite from '../../src/domain/forms/admin-staff-invite.ts';
import * as adminTeam from '../../src/domain/forms/admin-team.ts';
import * as createAthlete from '../../src/domain/forms/create-athlete.ts';
import * as guardian from '../../src/domain/forms/guardian.ts';
import * as guardianInvite from '../../src/domain/forms/guardian-invite.ts';
import * as password from '../../src/domain/forms/password.ts';
import * as phone from '../../src/domain/forms/phone.ts';
import { SEAT_HOLD_TEXTS } from '../../src/domain/seat-holds.ts';
import { INVALID_APPLIED_COUPON_TEXT } from '../../src/domain/subscribe-texts.ts';
import { ApiError, fieldError, text, validationError, validationHook } from '../http/errors.ts';
import { formBody } from '../http/form-body.ts';
import {
  compiledGroup,
  english,
  fieldLabel,
  fieldText,
  fromEnglish,
  isFormKey,
  keyOfEnglish,
  LOCALES,
  render,
  requestLocale,
  translate,
} from './index.ts';
import { GROUPS } from './messages.gen.ts';

describe('requestLocale', () => {
  it.each([
    ['es', 'es'],
    ['es-US', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['ES-mx', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR, es;q=0.5', 'es'],
    ['fr-FR, de;q=0.9', 'en'],
    ['en;q=0.4, es;q=0.6', 'es'],
    ['es;q=0, en;q=0.1', 'en'],
    ['en, es', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    [null, 'en'],
    ['es;q=abc', 'en'],
    ['es;q=2', 'en'],
    [';;;,,,=', 'en'],
    ['\u0000es', 'en'],
    [`${'x-'.repeat(600)}es`, 'en'],
    [`${'fr,'.repeat(2000)}es`, 'en'],
  ])('reads %j as %s', (header, locale) => {
    expect(requestLocale(header)).toBe(locale);
  });
});

describe('the catalogues', () => {
  it('loads every group of every language', () => {
    const catalogues = readCatalogues('server/i18n');
    expect([...catalogues.keys()].sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      expect([...(catalogues.get(locale)?.keys() ?? [])].sort()).toEqual([...GROUPS].sort());
      for (const group of GROUPS) {
        const source = Object.keys(catalogues.get(locale)?.get(group) ?? {}).sort();
        expect(Object.keys(compiledGroup(locale, group)).sort(), `${locale}/${group}`).toEqual(source);
      }
    }
  });

  it('gives one Spanish text to each English text, whichever group has it (English thrown as a string finds it)', () => {
    const seen = new Map<string, string>();
    const english = readCatalogues('server/i18n').get('en');
    const spanish = readCatalogues('server/i18n').get('es');
    for (const [group, messages] of english ?? []) {
      for (const [key, message] of Object.entries(messages)) {
        const translated = spanish?.get(group)?.[key] ?? '';
        const earlier = seen.get(message);
        if (earlier !== undefined) expect(translated, `${key}: "${message}"`).toBe(earlier);
        seen.set(message, translated);
      }
    }
  });

  it("repeats no text of the forms' group: a form's text lives once, in the site's form.json", () => {
    for (const locale of LOCALES) {
      const catalogues = readCatalogues('server/i18n').get(locale);
      const formTexts = new Map(Object.entries(catalogues?.get('form') ?? {}).map(([key, message]) => [message, key]));
      expect(formTexts.size).toBeGreaterThan(0);
      const repeats: string[] = [];
      for (const [group, messages] of catalogues ?? []) {
        if (group === 'form') continue;
        for (const [key, message] of Object.entries(messages)) {
          const formKey = formTexts.get(message);
          if (formKey !== undefined) repeats.push(`${locale}: ${key} repeats ${formKey} ("${message}")`);
        }
      }
      expect(repeats).toEqual([]);
    }
  });

  it('names each field in English as the path reads (so English answers stay word for word)', () => {
    for (const [key, label] of Object.entries(readCatalogues('server/i18n').get('en')?.get('field') ?? {})) {
      if (key === 'field.requestBody') expect(label).toBe('request body');
      else expect(label).toBe(key.slice('field.'.length).replaceAll('_', ' '));
    }
    expect(fieldLabel('en', 'athletes.0.discount_code')).toBe('athletes 0 discount code');
    expect(fieldLabel('es', 'athletes.0.discount_code')).toBe('atletas 0 código de descuento');
    expect(fieldLabel('es', 'some_new_field')).toBe('some new field');
    expect(fieldLabel('es', '')).toBe('cuerpo de la solicitud');
  });

  it('holds, word for word, the English texts the site shares with the server', () => {
    for (const shared of [SEAT_HOLD_TEXTS.notHeld, SEAT_HOLD_TEXTS.staleLicence, INVALID_APPLIED_COUPON_TEXT]) {
      expect(keyOfEnglish(shared), shared).toBeDefined();
    }
  });

  it("compiles the site's forms' texts (src/i18n/catalogues/<locale>/form.json) as its `form` group", () => {
    const site = readCatalogues('src/i18n');
    for (const locale of LOCALES) {
      const source = site.get(locale)?.get('form') ?? {};
      expect(Object.keys(source).length).toBeGreaterThan(0);
      // One source per language: the server's compiled group is the site's texts, each without parameters.
      for (const [key, message] of Object.entries(source)) expect(compiledGroup(locale, 'form')[key]).toBe(message);
    }
  });

  it('holds every text of the forms whose schemas the server validates with (a 422 can carry any of them)', () => {
    const forms = {
      adminDiscountCode,
      adminDraft,
      adminFields,
      adminJoin,
      adminLicence,
      adminRefund,
      adminSeason,
      adminSettings,
      adminStaffInvite,
      adminTeam,
      createAthlete,
      guardian,
      guardianInvite,
      password,
      phone,
    };
    for (const [form, exports] of Object.entries(forms)) {
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value !== 'string' || !/\p{L}{2,}/u.test(value)) continue;
        // A key of the forms' texts; or, from a form not moved to keys yet, an English text the catalogue has.
        const known = value.startsWith('form.') ? isFormKey(value) : keyOfEnglish(value) !== undefined;
        expect(known, `${form}.${name}: "${value}"`).toBe(true);
      }
    }
  });
});

describe('translate and render', () => {
  it('formats parameters and plurals in each language', () => {
    expect(translate('en', 'error.summary', { first: 'A.', more: 1 })).toBe('A. (and 1 more error)');
    expect(translate('en', 'error.summary', { first: 'A.', more: 3 })).toBe('A. (and 3 more errors)');
    expect(translate('es', 'error.summary', { first: 'A.', more: 1 })).toBe('A. (y 1 error más)');
    expect(translate('es', 'error.summary', { first: 'A.', more: 2 })).toBe('A. (y 2 errores más)');
    expect(english('auth.invalidLogin')).toBe('These credentials do not match our records.');
    expect(translate('es', 'auth.invalidLogin')).toBe('Estos datos no coinciden con nuestros registros.');
  });

  it('names the field in the language of the answer', () => {
    const required = fieldText('validation.required', 'password_confirmation');
    expect(render('en', required)).toBe('The password confirmation field is required.');
    expect(render('es', required)).toBe('El campo confirmación de la contraseña es obligatorio.');
    expect(render('es', fieldText('validation.mustBe', 'team_id', { type: 'int' }))).toBe(
      'El campo id del equipo debe ser un número entero.',
    );
    expect(render('en', fieldText('validation.mustBe', 'team_id', { type: 'int' }))).toBe(
      'The team id field must be an integer.',
    );
  });

  it('keeps English no catalogue has as it is, in every language', () => {
    expect(fromEnglish('Your card was declined.')).toBe('Your card was declined.');
    expect(render('es', fromEnglish('Your card was declined.'))).toBe('Your card was declined.');
    expect(render('es', fromEnglish('Athlete not found.'))).toBe('No se encontró el atleta.');
  });

  it("renders a form's key (a shared schema's message) in each language, English word for word", () => {
    expect(render('en', fromEnglish(password.PASSWORD_TOO_SHORT))).toBe('The password must be at least 8 characters.');
    expect(render('es', fromEnglish(password.PASSWORD_TOO_SHORT))).toBe(
      'La contraseña debe tener al menos 8 caracteres.',
    );
    expect(english(adminLicence.CODE_TAKEN)).toBe('This code is already in use.');
    // A text shaped like a key that no catalogue has stays as it is.
    expect(fromEnglish('form.noSuchText')).toBe('form.noSuchText');
  });
});

describe('a body validated by a shared form schema (formBody)', () => {
  // The app's way (server/app.ts): the schema's issues become a 422, rendered in the request's language.
  const app = new OpenAPIHono();
  const refundBody = formBody(adminRefund.adminRefundBodySchema);
  app.post('/refunds', async (c) => {
    const parsed = refundBody.safeParse(await c.req.json());
    if (!parsed.success) validationHook({ success: false, error: parsed.error }, c);
    return c.json({ ok: true });
  });
  app.onError((error, c) =>
    error instanceof ApiError
      ? c.json(error.body(requestLocale(c.req.header('accept-language'))), error.status)
      : c.json({ message: String(error) }, 500),
  );
  const post = (headers: Record<string, string>) =>
    app.request('/refunds', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ amount_cents: 0, reason: ' ' }),
    });

  it('answers its messages in English as before, and in Spanish for Accept-Language: es', async () => {
    const inEnglish = await post({});
    expect(inEnglish.status).toBe(422);
    expect(await inEnglish.json()).toEqual({
      message: 'Enter an amount of at least $0.01. (and 1 more error)',
      messages: { amount_cents: ['Enter an amount of at least $0.01.'], reason: ['Enter the reason for the refund.'] },
    });
    const inSpanish = await post({ 'Accept-Language': 'es' });
    expect(inSpanish.status).toBe(422);
    expect(await inSpanish.json()).toEqual({
      message: 'Escribe un importe de al menos $0.01. (y 1 error más)',
      messages: {
        amount_cents: ['Escribe un importe de al menos $0.01.'],
        reason: ['Escribe el motivo del reembolso.'],
      },
    });
  });
});

describe('ApiError', () => {
  it('keeps English in message and messages, and answers in the language asked', () => {
    const error = validationError({
      email: [text('auth.emailTaken')],
      password: ['The password must be at least 8 characters.', fieldText('validation.required', 'password')],
    });
    expect(error.message).toBe('The email has already been taken. (and 2 more errors)');
    expect(error.messages).toEqual({
      email: ['The email has already been taken.'],
      password: ['The password must be at least 8 characters.', 'The password field is required.'],
    });
    expect(error.body('es')).toEqual({
      message: 'Ese correo electrónico ya está en uso. (y 2 errores más)',
      messages: {
        email: ['Ese correo electrónico ya está en uso.'],
        password: ['La contraseña debe tener al menos 8 caracteres.', 'El campo contraseña es obligatorio.'],
      },
    });
  });

  it('repeats the field messages as errors in the player answers, in the same language', () => {
    const error = fieldError('birthday', text('player.birthdayInvalid')).withErrorsList();
    expect(error.body('es')).toEqual({
      errors: { birthday: ['La fecha de nacimiento no es una fecha válida.'] },
      message: 'La fecha de nacimiento no es una fecha válida.',
      messages: { birthday: ['La fecha de nacimiento no es una fecha válida.'] },
    });
  });

  it('keeps its status, headers and extra fields', () => {
    const error = new ApiError(429, text('error.tooManyAttempts'), {}, { 'Retry-After': '5' }, { code: 'x' });
    expect(error.body('es')).toEqual({
      code: 'x',
      message: 'Demasiados intentos. Vuelve a intentarlo más tarde.',
      messages: {},
    });
    expect(error.headers).toEqual({ 'Retry-After': '5' });
  });
});
