import { act } from '@testing-library/react';
import type { CompiledCatalogue, CompiledToken, MessageGroup } from '../../src/i18n/messages.gen.ts';
import { GROUPS } from '../../src/i18n/messages.gen.ts';
import { addCatalogue, catalogueOf, currentLocale, type Locale, setLocale } from '../../src/i18n/runtime.ts';

/**
 * Issue 31 point 5: a pseudo-locale. Every letter of every English catalogue text written as a look-alike outside
 * ASCII ('Pay Now' → 'Þáý Ñóŵ'), placeholders and markup (`<0>…</0>`) left as they are. A screen rendered in it shows
 * catalogue texts with no ASCII letter, so any ASCII word left on the screen came from somewhere else: data (a name,
 * a team, an e-mail, which the check takes out), or a text written into a view, or one rendered outside the
 * catalogue's switch (a text computed once at import time, a memo that does not follow the language) — the failures.
 *
 * It takes the Spanish slot of the runtime in the model tests (which otherwise render only English), so the views are
 * switched into it by the product's own switch, `setLocale`, keeping the flow's state and everything typed, and back.
 * Intl therefore formats as for Spanish: the check counts Spanish month names as data (dates are data, src/domain).
 */
export const PSEUDO_SLOT: Locale = 'es';

const LOOK_ALIKES: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** A text's letters as look-alikes; `<0>`-style markup kept (its tags hold digits only). */
export function pseudoText(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => LOOK_ALIKES[letter] ?? letter);
}

/** A compiled message in the pseudo-locale: its text parts, and those of its plurals' and selects' choices. */
function pseudoMessage(message: string | CompiledToken[]): string | CompiledToken[] {
  if (typeof message === 'string') return pseudoText(message);
  return message.map((token): CompiledToken => {
    if (typeof token === 'string') return pseudoText(token);
    const [name, type, format] = token;
    if ((type !== 'plural' && type !== 'select') || typeof format !== 'object' || format === null) return token;
    const choices = Object.fromEntries(
      Object.entries(format).map(([choice, inner]) => [
        choice,
        typeof inner === 'string' || Array.isArray(inner) ? pseudoMessage(inner) : inner,
      ]),
    );
    return [name, type, choices];
  });
}

export function pseudoCatalogue(english: CompiledCatalogue): CompiledCatalogue {
  return Object.fromEntries(Object.entries(english).map(([key, message]) => [key, pseudoMessage(message)]));
}

const englishFiles = import.meta.glob<unknown>('../../src/i18n/compiled/en/*.json', { eager: true, import: 'default' });
const isGroup = (value: unknown): value is MessageGroup => GROUPS.some((group) => group === value);

/** Puts the pseudo-locale into its slot: every group, from the English catalogue. */
export function installPseudoLocale(): void {
  for (const [file, json] of Object.entries(englishFiles)) {
    const group = /\/([\w-]+)\.json$/.exec(file)?.[1];
    if (isGroup(group)) addCatalogue(PSEUDO_SLOT, group, pseudoCatalogue(catalogueOf(json)));
  }
}

/** Renders the page in the pseudo-locale through the product's switch, runs `check`, and switches back. */
export async function inPseudoLocale<T>(check: () => T): Promise<T> {
  const before = currentLocale();
  await act(() => setLocale(PSEUDO_SLOT));
  try {
    return check();
  } finally {
    await act(() => setLocale(before));
  }
}
