import type { CompiledToken } from './messages.gen';

/**
 * Formats a message compiled by Lingui's compiler (scripts/i18n-compile.ts, `@lingui/message-utils`): text parts,
 * `[name]` placeholders and `[name, 'plural' | 'select', choices]`, plurals by the rules of `locale` (Intl), `#` as
 * the plural's number. This is the part of `@lingui/core` the site needs at run time (docs/architecture.md §11 says
 * why not the whole of it: its 5 KB would put the entry pages over their budget). Dates and money arrive formatted
 * (src/domain/dates.ts, money.ts with the language's Intl locale): the compiler refuses `number`, `date`, `time` and
 * `selectordinal` placeholders.
 */
export type CompiledMessage = string | CompiledToken[];

const plurals = new Map<string, Intl.PluralRules>();

/** A plural's or a select's choice (the compiler writes each as a message). */
const choice = (format: unknown, key: string) =>
  (format as Record<string, CompiledMessage | undefined> | undefined)?.[key];

/** `count`: the plural's number as the locale writes it, for `#`. */
export function formatMessage(message: CompiledMessage, values: object, locale: string, count?: string): string {
  if (typeof message === 'string') return message;
  let out = '';
  for (const token of message) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? count : token;
      continue;
    }
    const [name, type, format] = token;
    const value: unknown = Reflect.get(values, name);
    if (type === 'plural') {
      const n = Number(value);
      const rules = plurals.get(locale) ?? new Intl.PluralRules(locale);
      plurals.set(locale, rules);
      const chosen = choice(format, String(n)) ?? choice(format, rules.select(n)) ?? choice(format, 'other') ?? '';
      out += formatMessage(chosen, values, locale, n.toLocaleString(locale));
    } else if (type === 'select') {
      out += formatMessage(choice(format, String(value)) ?? choice(format, 'other') ?? '', values, locale, count);
    } else if (value !== undefined && value !== null) {
      out += String(value);
    }
  }
  return out;
}
