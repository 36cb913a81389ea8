import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { formatMessage } from './format';

const format = (message: string, values: Record<string, unknown>, locale = 'en-US') =>
  formatMessage(compileMessage(message), values, locale);

describe('formatMessage (messages compiled by Lingui)', () => {
  it('fills placeholders and leaves plain text as it is', () => {
    expect(format('Welcome to {client_name}', { client_name: 'Diamond' })).toBe('Welcome to Diamond');
    expect(format('Item #5', {})).toBe('Item #5');
  });

  it('chooses plurals by the locale’s rules, exact matches first, with # as the formatted number', () => {
    const athletes = '{count, plural, =0 {No athletes} one {# athlete} other {# athletes}}';
    expect(format(athletes, { count: 0 })).toBe('No athletes');
    expect(format(athletes, { count: 1 })).toBe('1 athlete');
    expect(format(athletes, { count: 1200 })).toBe('1,200 athletes');
    const atletas = '{count, plural, one {# atleta} other {# atletas}}';
    expect(format(atletas, { count: 1 }, 'es-US')).toBe('1 atleta');
    expect(format(atletas, { count: 2 }, 'es-US')).toBe('2 atletas');
  });

  it('selects', () => {
    const who = '{role, select, coach {Coach {name}} other {{name}}}';
    expect(format(who, { role: 'coach', name: 'Leo' })).toBe('Coach Leo');
    expect(format(who, { role: 'parent', name: 'Pat' })).toBe('Pat');
  });
});
