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
import {
  PASSWORD_CONFIRMATION_MISMATCH,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '../../src/domain/forms/password.ts';
import { PHONE_CHARACTERS_INVALID, PHONE_TOO_LONG } from '../../src/domain/forms/phone.ts';
import { SEAT_HOLD_TEXTS } from '../../src/domain/seat-holds.ts';
import { INVALID_APPLIED_COUPON_TEXT } from '../../src/domain/subscribe-texts.ts';
import { ApiError, fieldError, text, validationError } from '../http/errors.ts';
import {
  compiledGroup,
  english,
  fieldLabel,
  fieldText,
  fromEnglish,
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
    for (const shared of [
      PASSWORD_CONFIRMATION_MISMATCH,
      PASSWORD_REQUIRED,
      PASSWORD_TOO_LONG,
      PASSWORD_TOO_SHORT,
      PHONE_CHARACTERS_INVALID,
      PHONE_TOO_LONG,
      SEAT_HOLD_TEXTS.notHeld,
      SEAT_HOLD_TEXTS.staleLicence,
      INVALID_APPLIED_COUPON_TEXT,
    ]) {
      expect(keyOfEnglish(shared), shared).toBeDefined();
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
    };
    for (const [form, exports] of Object.entries(forms)) {
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value === 'string') expect(keyOfEnglish(value), `${form}.${name}: "${value}"`).toBeDefined();
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
