import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { ID_MAX, idParam } from './ids.ts';

/** The path id schema (issue 19 point 7): decimal digits from 1 to PostgreSQL's integer maximum, nothing else. */
describe('idParam', () => {
  const params = z.object({ id: idParam('id') });
  const parse = (id: string) => params.safeParse({ id });

  it('reads decimal digits as the id', () => {
    expect(parse('16').data).toEqual({ id: 16 });
    expect(parse(String(ID_MAX)).data).toEqual({ id: ID_MAX });
  });

  it("refuses what JavaScript's Number() would read as another id: hex, exponent, sign, spaces, decimals", () => {
    // Before: '0x10' named row 16, ' 1' and '+1' row 1, '1e1' row 10 (a PUT through them changed that row).
    for (const spelling of ['0x10', '1e1', '+1', ' 1', '1 ', '1.0', '1.5', 'Infinity', '', 'abc', '%00', '١']) {
      expect(parse(spelling).success, JSON.stringify(spelling)).toBe(false);
    }
  });

  it('refuses ids out of bounds', () => {
    for (const spelling of ['0', String(ID_MAX + 1), '99999999999', '9007199254740993']) {
      expect(parse(spelling).success, spelling).toBe(false);
    }
  });
});
