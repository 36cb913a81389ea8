import { GROUPS, type MessageGroup } from './messages.gen';
import { addCatalogue, catalogueOf, isLocale } from './runtime';

/**
 * Every compiled catalogue, bundled: for the tests and the server's renderer of /draft (src/routes/draft.server.tsx),
 * which render synchronously and have no site to fetch from. The browser never imports this module: it fetches only
 * its page's groups in its language (runtime.ts).
 */
const files = import.meta.glob<unknown>('./compiled/*/*.json', { eager: true, import: 'default' });

const isGroup = (value: unknown): value is MessageGroup => GROUPS.some((group) => group === value);

export function addAllCatalogues(): void {
  for (const [file, json] of Object.entries(files)) {
    const [, locale, group] = /compiled\/([\w-]+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (isLocale(locale) && isGroup(group)) addCatalogue(locale, group, catalogueOf(json));
  }
}
