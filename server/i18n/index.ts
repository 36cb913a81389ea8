/**
 * The server's languages (issue 31, docs/architecture.md "Languages"): every compiled catalogue of server/i18n (all
 * languages, loaded once at start-up into one @lingui/core instance per language), `translate` (typed by the
 * generated `MessageParams`: a wrong key or parameter is a type error), the request's language from its
 * Accept-Language (`requestLocale`), and `Text`, a catalogue key with its parameters that an error carries until
 * the answer is rendered in the request's language.
 *
 * Nothing here runs on a hot path: a route resolves the language and formats a text only when it answers an error
 * (or writes an e-mail).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import {
  GROUPS,
  INTL_LOCALES,
  LOCALES,
  type Locale,
  type MessageGroup,
  type MessageKey,
  type MessageParams,
} from './messages.gen.ts';

export { LOCALES, type Locale, type MessageKey, type MessageParams } from './messages.gen.ts';

/** English: the reference catalogue, and the language of anyone whose Accept-Language names none of ours. */
export const DEFAULT_LOCALE: Locale = 'en';

/** scripts/i18n-compile.ts writes compiled/<locale>/<group>.json; the built server reads the same folder. */
const COMPILED_DIR = path.join(import.meta.dirname, 'compiled');

/** A compiled catalogue file, checked: text, or Lingui's compiled tokens, per key. */
function readCompiled(locale: Locale, group: MessageGroup): Messages {
  const file = path.join(COMPILED_DIR, locale, `${group}.json`);
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${file}: not a compiled catalogue`);
  const messages: Messages = {};
  for (const [key, message] of Object.entries(parsed)) {
    if (typeof message === 'string' || Array.isArray(message)) messages[key] = message;
    else throw new Error(`${file}: ${key} is not a compiled message`);
  }
  return messages;
}

/**
 * Every compiled group of every language (LOCALES and GROUPS are generated from the catalogues, so a new language or
 * group needs no change here), read once when the server starts: locale -> group -> messages.
 */
const COMPILED = new Map<Locale, Map<MessageGroup, Messages>>(
  LOCALES.map((locale) => [locale, new Map(GROUPS.map((group) => [group, readCompiled(locale, group)]))]),
);

/** One compiled group of a language (the tests compare them with the catalogues). */
export function compiledGroup(locale: Locale, group: MessageGroup): Messages {
  return COMPILED.get(locale)?.get(group) ?? {};
}

function instanceOf(locale: Locale): I18n {
  const messages: Messages = Object.assign({}, ...(COMPILED.get(locale)?.values() ?? []));
  return setupI18n({ locale, locales: [INTL_LOCALES[locale]], messages: { [locale]: messages } });
}

const INSTANCES = new Map<Locale, I18n>(LOCALES.map((locale) => [locale, instanceOf(locale)]));

function i18nOf(locale: Locale): I18n {
  const instance = INSTANCES.get(locale);
  if (!instance) throw new Error(`no catalogue for ${locale}`);
  return instance;
}

const KEYS: ReadonlySet<string> = new Set(GROUPS.flatMap((group) => Object.keys(compiledGroup(DEFAULT_LOCALE, group))));

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((locale) => locale === value);
}

export function isMessageKey(value: string): value is MessageKey {
  return KEYS.has(value);
}

/** The parameters' argument of `translate`/`text`: none for a message without parameters. */
export type ParamsArg<K extends MessageKey> =
  MessageParams[K] extends Record<string, never> ? [params?: MessageParams[K]] : [params: MessageParams[K]];

/** The message `key` in `locale`, formatted with `params` (plurals and numbers by the locale's Intl rules). */
export function translate<K extends MessageKey>(locale: Locale, key: K, ...[params]: ParamsArg<K>): string {
  return i18nOf(locale)._(key, params);
}

/** The English text of `key`: the one source of every English constant the server still exports for its tests. */
export function english<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string {
  return translate(DEFAULT_LOCALE, key, ...params);
}

// ---------------------------------------------------------------------------------------------------------------
// Texts: a key and its parameters, rendered when the answer is written

/** A catalogue message not yet rendered. `field`, when set, is the dotted field path given as `{field}`, named in the
 * rendering language (`fieldLabel`). */
export interface Text {
  readonly key: MessageKey;
  readonly params: Readonly<Record<string, unknown>> | undefined;
  readonly field?: string;
}

/** A text of the catalogue, typed: `text('auth.invalidLogin')`, `text('error.summary', { first, more })`. */
export function text<K extends MessageKey>(key: K, ...[params]: ParamsArg<K>): Text {
  return { key, params };
}

/** The keys whose message takes `{field}`. */
export type FieldKey = { [K in MessageKey]: 'field' extends keyof MessageParams[K] ? K : never }[MessageKey];
type FieldParamsArg<K extends FieldKey> =
  Exclude<keyof MessageParams[K], 'field'> extends never
    ? [params?: Record<string, never>]
    : [params: Omit<MessageParams[K], 'field'>];

/** A text naming a field (`The {field} field is required.`): the field's label is rendered in the answer's language. */
export function fieldText<K extends FieldKey>(key: K, field: string, ...[params]: FieldParamsArg<K>): Text {
  return { key, params, field };
}

/** The English message of a key without parameters -> that key (English texts still thrown as strings). */
let englishKeys: Map<string, MessageKey> | null = null;

/** The key whose English message (without parameters) is `english`, if any. */
export function keyOfEnglish(englishText: string): MessageKey | undefined {
  if (englishKeys === null) {
    const map = new Map<string, MessageKey>();
    for (const group of GROUPS) {
      for (const [key, message] of Object.entries(compiledGroup(DEFAULT_LOCALE, group))) {
        if (typeof message === 'string' && isMessageKey(key) && !map.has(message)) map.set(message, key);
      }
    }
    englishKeys = map;
  }
  return englishKeys.get(englishText);
}

/**
 * Whether `message` is a key of the forms' texts: the `form` group, which lives once in the site's catalogues
 * (src/i18n/catalogues/<locale>/form.json) and which scripts/i18n-compile.ts compiles as one of the server's groups.
 * The forms' schemas (src/domain/forms), which the server validates request bodies with, give these keys as their
 * messages; so do the constants the server takes from those modules.
 */
export function isFormKey(message: string): message is MessageKey {
  return (message.startsWith('form.') || message.startsWith('questions.')) && isMessageKey(message);
}

/**
 * A text thrown as a string: a key of the forms' texts (a shared schema's message, a constant the site shares) as
 * that text; English (a schema's own message, a text the server still writes out) as the catalogue's key when English
 * has this message; anything else as it is, which stays so in every language (a card processor's message).
 */
export function fromEnglish(message: string): Text | string {
  if (isFormKey(message)) return { key: message, params: undefined };
  const key = keyOfEnglish(message);
  return key === undefined ? message : { key, params: undefined };
}

function humanSegment(segment: string): string {
  return segment.replaceAll('_', ' ');
}

/**
 * A field's dotted path named for people: each segment from the `field` catalogue group (`field.<segment>`), else
 * the segment with spaces for underscores (English: `athletes.0.discount_code` -> "athletes 0 discount code").
 */
export function fieldLabel(locale: Locale, path: string): string {
  if (path === '') return translate(locale, 'field.requestBody');
  return path
    .split('.')
    .map((segment) => {
      const key = `field.${segment}`;
      return isMessageKey(key) ? i18nOf(locale)._(key) : humanSegment(segment);
    })
    .join(' ');
}

/** A text in `locale`; a plain string is a text no catalogue has (a provider's message), given as it is. */
export function render(locale: Locale, message: Text | string): string {
  if (typeof message === 'string') return message;
  const params =
    message.field === undefined ? message.params : { ...message.params, field: fieldLabel(locale, message.field) };
  return i18nOf(locale)._(message.key, params === undefined ? undefined : { ...params });
}

// ---------------------------------------------------------------------------------------------------------------
// The request's language

/** Longer than any sensible Accept-Language: such a header is read no further (and answers in English). */
const MAX_HEADER_LENGTH = 1024;
const MAX_RANGES = 32;
// The weight's `q=` in either case: RFC 9110's ABNF literals are case-insensitive, and the static site's choice of the
// prerendered page (src/i18n/detect.ts acceptedLanguages) reads `Q=` too, so a page and its API errors agree.
const RANGE = /^([A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)(?:\s*;\s*[qQ]\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?))?$/;

/**
 * The best of our languages for an Accept-Language header (RFC 9110 §12.5.4): the highest q-value whose language
 * (the primary subtag: es, es-US, es-MX -> es) we have, the earlier one on a tie; English for any other language,
 * `*`, a header we cannot read, or none. Never throws.
 */
export function requestLocale(header: string | null | undefined): Locale {
  if (!header || header.length > MAX_HEADER_LENGTH) return DEFAULT_LOCALE;
  let best: Locale = DEFAULT_LOCALE;
  let bestQ = 0;
  const ranges = header.split(',', MAX_RANGES);
  for (const raw of ranges) {
    const match = RANGE.exec(raw.trim());
    if (!match) continue;
    const q = match[2] === undefined ? 1 : Number(match[2]);
    if (!(q > bestQ)) continue;
    const primary = (match[1] ?? '').split('-')[0]?.toLowerCase();
    if (isLocale(primary)) {
      best = primary;
      bestQ = q;
    }
  }
  return best;
}
