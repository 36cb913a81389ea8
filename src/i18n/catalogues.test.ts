import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_ROOTS, type Catalogues, generate, parityProblems, readCatalogues } from '../../scripts/i18n-compile';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Issue 31 point 5: both catalogues have the same keys and parameters, for the site (src/i18n) and for the server and
 * its e-mails (server/i18n); and the compiled catalogues and typed keys are what the catalogues give
 * (scripts/i18n-compile.ts), so the typed API never drifts from the texts.
 */
// A root without catalogues yet is skipped; src/i18n always has them.
const ROOTS = CATALOGUE_ROOTS.filter((root) => root === 'src/i18n' || readCatalogues(root).size > 0);

describe.each(ROOTS)('the catalogues of %s', (root) => {
  const catalogues = readCatalogues(root);

  it('have every English key in every language, with the same parameters, and no other key', () => {
    expect(parityProblems(catalogues, root)).toEqual([]);
  });

  it('are compiled: the generated files are current', () => {
    for (const [file, content] of generate(root, catalogues)) {
      expect(readFileSync(path.join(ROOT, root, file), 'utf8'), `${root}/${file}`).toBe(content);
    }
  });
});

describe('parityProblems', () => {
  it('names a missing key, an extra key and a parameter that differs', () => {
    const group = (messages: Record<string, string>) => new Map([['g', messages]]);
    const catalogues: Catalogues = new Map([
      ['en', group({ 'g.a': 'A {name}', 'g.b': 'B', 'g.c': '{n, plural, one {# x} other {# xs}}' })],
      ['es', group({ 'g.a': 'A {nombre}', 'g.c': '{n} x', 'g.d': 'D' })],
    ]);
    expect(parityProblems(catalogues, 'r')).toEqual([
      'r/es/g: g.a takes {nombre:text}, English {name:text}',
      'r/es/g: g.b is missing',
      'r/es/g: g.c takes {n:text}, English {n:number}',
      'r/es/g: g.d is not in English',
    ]);
  });
});
