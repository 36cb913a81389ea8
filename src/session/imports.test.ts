import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 19 point 4: src/api reads the session (base URL, tokens), so the session imports nothing from src/api: the
 * stored user is validated with src/domain/user.ts and logout takes the revoking call from its caller.
 */
describe('src/session', () => {
  const dir = join(import.meta.dirname, '.');
  const sources = readdirSync(dir).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));

  const importsOf = (file: string) =>
    [...readFileSync(join(dir, file), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');

  it('finds the modules and their imports', () => {
    expect(sources).toContain('current-user.ts');
    expect(importsOf('current-user.ts')).toContain('../domain/user');
  });

  it.each(sources)('%s imports nothing from src/api', (file) => {
    expect(importsOf(file).filter((path) => path.includes('/api/'))).toEqual([]);
  });
});
