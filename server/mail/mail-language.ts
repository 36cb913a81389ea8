import { formatDisplayDate } from '../../src/domain/dates.ts';
import { formatUsd } from '../../src/domain/money.ts';
import {
  DEFAULT_LOCALE,
  fromEnglish,
  isLocale,
  type Locale,
  type MessageKey,
  type ParamsArg,
  render,
  translate,
} from '../i18n/index.ts';
import { INTL_LOCALES } from '../i18n/messages.gen.ts';

/**
 * The language an e-mail is written in (issue 31 point 3): the recipient's saved language (`users.language`,
 * `staff_accounts.language`), else, for an address with no account (an invitation), the sender's. Texts come from the
 * `mail` and `mailBilling` catalogue groups; dates and money are formatted for the language. English stays word for
 * word as it was ('Jan 1, 2027', '$905.00'); another language's dates are Intl's long dates ('1 de enero de 2027') and
 * its money Intl's USD ('$905.00'). Organization-written texts (team, season, organization, reasons) stay as written.
 */
export interface MailLanguage {
  readonly locale: Locale;
  t<K extends MessageKey>(key: K, ...params: ParamsArg<K>): string;
  /** `2027-01-01` -> 'Jan 1, 2027' / '1 de enero de 2027'. */
  date(isoDate: string): string;
  /** 90500 -> '$905.00'. */
  money(cents: number): string;
  /** An instant in UTC, named ('Nov 28, 2026, 7:02 PM UTC' / '28 nov 2026, 7:02 p.m. UTC'). */
  instantUtc(instant: Date): string;
  /** 'A', 'A and B', 'A, B and C' ('A, B y C'); `none` for an empty list. */
  names(names: readonly string[], none: string): string;
  /** 'Hello Pat Rivera,' / 'Hola, Pat Rivera:' ('Hello,' without a name). */
  greeting(name: string | null): string;
  /** A link into the site (built by server/http/origin.ts `siteLink`) that opens the site in this language. */
  link(href: string): string;
  /**
   * A text kept as the server wrote it (a payment failure's reason): in this language when it is one of the
   * catalogue's English texts, else as it is (a card processor's own words).
   */
  kept(text: string): string;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
const instantFormats = new Map<string, Intl.DateTimeFormat>();

function moneyIn(intlLocale: string, cents: number): string {
  const format =
    moneyFormats.get(intlLocale) ?? new Intl.NumberFormat(intlLocale, { style: 'currency', currency: 'USD' });
  moneyFormats.set(intlLocale, format);
  return format.format(cents / 100);
}

function instantIn(intlLocale: string, instant: Date): string {
  const format =
    instantFormats.get(intlLocale) ??
    new Intl.DateTimeFormat(intlLocale, {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
  instantFormats.set(intlLocale, format);
  return `${format.format(instant)} UTC`;
}

const LANGUAGES = new Map<Locale, MailLanguage>();

/** The e-mail helpers of a language (English when none is given: the callers and tests written before issue 31). */
export function mailLanguage(locale: Locale = DEFAULT_LOCALE): MailLanguage {
  const known = LANGUAGES.get(locale);
  if (known) return known;
  const english = locale === DEFAULT_LOCALE;
  const intlLocale = INTL_LOCALES[locale];
  const t = <K extends MessageKey>(key: K, ...params: ParamsArg<K>) => translate(locale, key, ...params);
  const language: MailLanguage = {
    locale,
    t,
    date: (isoDate) => (english ? formatDisplayDate(isoDate) : formatDisplayDate(isoDate, 'long', intlLocale)),
    money: (cents) => {
      if (english) return formatUsd(cents);
      return cents < 0 ? `-${moneyIn(intlLocale, -cents)}` : moneyIn(intlLocale, cents);
    },
    instantUtc: (instant) => instantIn(intlLocale, instant),
    names(names, none) {
      if (names.length === 0) return none;
      if (names.length === 1) return names[0] ?? '';
      return t('mail.namesAnd', { first: names.slice(0, -1).join(', '), last: names.at(-1) ?? '' });
    },
    greeting: (name) => (name ? t('mail.greeting', { name }) : t('mail.greetingNoName')),
    link: (href) => linkIn(locale, href),
    kept: (text) => render(locale, fromEnglish(text)),
  };
  LANGUAGES.set(locale, language);
  return language;
}

/**
 * A link into the site, as an e-mail in `locale` carries it (issue 31 point 3): with `lang=<locale>` for any language
 * but English, so the page opens in the recipient's language on any device (the site then remembers it); English
 * links exactly as built (the spec's links, byte for byte). Every e-mail's links to the site go through here, each in
 * its own recipient's language (`MailLanguage.link`), so a household's two guardians each get their own.
 */
export function linkIn(locale: Locale, href: string): string {
  if (locale === DEFAULT_LOCALE || !URL.canParse(href)) return href;
  const url = new URL(href);
  url.searchParams.set('lang', locale);
  return url.href;
}

/** A saved language column's value as a catalogue locale (English for anything else). */
export function savedLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** 'Pay in full', '3 monthly payments' in the e-mail's language. */
export function planNameIn(language: MailLanguage, month: number): string {
  return month === 0 ? language.t('mailBilling.planInFull') : language.t('mailBilling.planMonthly', { count: month });
}
