import { describe, expect, it } from 'vitest';
import { unstorableTextPath } from './errors.ts';

describe('unstorableTextPath', () => {
  const NUL = '\u0000';
  const LONE_SURROGATE = '\ud800';

  it('is null when every string and key can be stored', () => {
    expect(unstorableTextPath({ athletes: [{ athlete_id: 2, name: 'Sam' }], code: null, ok: true })).toBeNull();
    expect(unstorableTextPath('text')).toBeNull();
  });

  it("names the value itself '' and a nested value by its dotted path, through objects and arrays", () => {
    expect(unstorableTextPath(`a${NUL}`)).toBe('');
    expect(unstorableTextPath({ discount_code: `A${LONE_SURROGATE}` })).toBe('discount_code');
    const body = { athletes: [{ name: 'Sam' }, { answers: { shirt: `M${NUL}` } }] };
    expect(unstorableTextPath(body)).toBe('athletes.1.answers.shirt');
  });

  it('names a key that cannot be stored by the path to it', () => {
    expect(unstorableTextPath({ answers: { [`size${NUL}`]: 'M' } })).toBe(`answers.size${NUL}`);
  });

  it('walks a body nested thousands of levels deep without overflowing the stack', () => {
    let deep: unknown = `x${NUL}`;
    for (let level = 0; level < 10_000; level += 1) deep = { a: deep };
    expect(unstorableTextPath(deep)).toBe(Array(10_000).fill('a').join('.'));
  });
});
