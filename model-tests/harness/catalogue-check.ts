import { config } from '../../src/config.ts';
import { LANGUAGE_NAMES, recordTexts } from '../../src/i18n/runtime.ts';

/**
 * The models whose screens are not checked, each with its reason: the harness's own self-tests (toy machines with
 * toy texts), and flows that still show a text from outside the catalogue (issue 31 work in progress; empty it).
 */
export const CATALOGUE_UNCHECKED: ReadonlyMap<string, string> = new Map([
  ['toggle', 'harness self-test'],
  ['accountLookup', 'harness self-test'],
  ['shop', 'harness self-test'],
]);

/**
 * Issue 31 point 5: every text a screen shows comes from the message catalogue. The runtime tells this module every
 * text it gives (`recordTexts`); after each step of a UI run, every visible text of the page (text nodes, and the
 * aria-label, alt, title and placeholder a screen reader or a person reads) must be a catalogue text, a piece of one
 * (a text with markup is split into nodes), or data: a value of the flow's own state (names, teams, e-mails the
 * stub API answered) or the configuration (the club's name). What is left of a text once those are taken out must hold
 * no word. A sentence written into a view fails the run with the screen's state and the text.
 *
 * This check runs after every step, in English, as the drivers find controls by their English names. Once per screen
 * (each state the paths reach), the page is also rendered in a pseudo-locale (./pseudo-locale.ts), which finds what
 * this one cannot: a view writing a catalogue's English text itself ('Pay Now' typed into the view), or a text that
 * does not follow the language.
 */
const recorded = new Set<string>();
let haystack = '';
let longestFirst: string[] = [];
let stale = false;
recordTexts((text) => {
  if (recorded.has(text)) return;
  recorded.add(text);
  stale = true;
});

/**
 * A new test file starts (the model project's setup file): the texts the files before it were given are theirs. (A
 * text given with another file's data, 'Northside Youth Baseball waiver.', would take that data out of this file's
 * texts before its own data could: its screens are checked against the texts their own run was given.)
 */
export function forgetCatalogueTexts(): void {
  recorded.clear();
  haystack = '';
  longestFirst = [];
  stale = false;
}

const SEPARATOR = '\u0000';

/** Every text the catalogue gave, joined (for `includes`) and longest first (to take them out of a text). */
function catalogueTexts(): { haystack: string; longestFirst: string[] } {
  if (stale) {
    haystack = [...recorded].join(SEPARATOR);
    longestFirst = [...recorded].sort((a, b) => b.length - a.length);
    stale = false;
  }
  return { haystack, longestFirst };
}

/** Every string in a value (a machine's context, a stub's answer), deeply. */
export function stringsOf(value: unknown, into = new Set<string>(), depth = 0): Set<string> {
  if (depth > 12) return into;
  if (typeof value === 'string') {
    if (value.trim() !== '') into.add(value.trim());
  } else if (typeof value === 'number') {
    into.add(String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) stringsOf(item, into, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    // A field's name is data too where a screen lists what changed ('refunded $0.00 → refunded $20.00').
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      // …as a screen writes a field name: refunded_cents → 'refunded'.
      into.add(key.replace(/_cents$/, '').replaceAll('_', ' '));
      stringsOf(item, into, depth + 1);
    }
  }
  return into;
}

/** Formats of data that are no words of ours: money, dates and times as Intl or src/domain write them. */
const DATA_WORDS =
  /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December|AM|PM|UTC|GMT|USD)\b/g;

function visibleTexts(root: ParentNode): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, template, [hidden]')) continue;
    const text = node.textContent?.trim() ?? '';
    if (text !== '') texts.push(text);
  }
  for (const element of root.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
    for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
      const value = element.getAttribute(name)?.trim();
      if (value) texts.push(value);
    }
  }
  return texts;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The flow's data as pieces to take out of a text, longest first (with the configuration and the language names). */
function dataPieces(data: Iterable<string>): string[] {
  // The switch names each language from its own catalogue (`common.languageName`, generated into LANGUAGE_NAMES).
  return [...new Set([...data, ...stringsOf(config), ...Object.values(LANGUAGE_NAMES)])]
    .filter((piece) => piece.length > 0)
    .sort((a, b) => b.length - a.length);
}

/** `text` with every whole-word occurrence of a data piece taken out. */
function withoutData(text: string, pieces: readonly string[]): string {
  let rest = text;
  // Whole words of data only: a short value ('r', 'id') must not take letters out of a word around it.
  for (const piece of pieces) {
    if (!rest.toLowerCase().includes(piece.toLowerCase())) continue;
    rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(piece)}(?![\\p{L}\\p{N}])`, 'giu'), ' ');
  }
  return rest;
}

/** The texts of `root` that do not come from the catalogue, given the flow's data (the English run's check). */
export function textsOutsideCatalogue(root: ParentNode, data: Iterable<string>): string[] {
  const known = catalogueTexts();
  const pieces = dataPieces(data);
  // Data as the views write it: names are shown capitalized ('sam rivera' → 'Sam Rivera'), so case does not count.
  const dataHaystack = pieces.join(SEPARATOR).toLowerCase();
  const outside: string[] = [];
  for (const text of visibleTexts(root)) {
    if (known.haystack.includes(text) || dataHaystack.includes(text.toLowerCase())) continue;
    let rest = text.replace(DATA_WORDS, ' ');
    for (const piece of known.longestFirst) {
      if (rest.includes(piece)) rest = rest.split(piece).join(' ');
    }
    if (/\p{L}{2,}/u.test(withoutData(rest, pieces))) outside.push(text);
  }
  return [...new Set(outside)];
}

/** Dates as Intl writes them for the pseudo-locale's slot (Spanish): data, not words of ours. */
const SPANISH_DATE_WORDS =
  /(?<![\p{L}])(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|ene|feb|mar|abr|may|jun|jul|ago|sept|sep|oct|nov|dic|lunes|martes|miércoles|jueves|viernes|sábado|domingo|de|del|a\. m\.|p\. m\.)(?![\p{L}])/giu;

/**
 * The pseudo-locale's check (./pseudo-locale.ts): with every catalogue text rendered in look-alike letters, a text of
 * `root` that still holds an ASCII word, once the flow's data and the dates are taken out, did not come from the
 * catalogue.
 */
export function textsNotInPseudoLocale(root: ParentNode, data: Iterable<string>): string[] {
  const pieces = dataPieces(data);
  const outside: string[] = [];
  for (const text of visibleTexts(root)) {
    const rest = withoutData(text, pieces).replace(DATA_WORDS, ' ').replace(SPANISH_DATE_WORDS, ' ');
    if (/[A-Za-z]{2,}/.test(rest)) outside.push(text);
  }
  return [...new Set(outside)];
}
