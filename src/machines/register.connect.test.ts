import { describe, expect, it } from 'vitest';
import { joinName } from '../domain/names';
import { initialGuardianValues, splitName } from './register.connect';

describe('splitName', () => {
  it.each([
    ['Pat Rivera', 'Pat', 'Rivera'],
    ['Mary Ann Smith', 'Mary', 'Ann Smith'],
    ['  Cher  ', 'Cher', ''],
    ['', '', ''],
  ])('splits %j into %j and %j', (name, firstName, lastName) => {
    expect(splitName(name)).toEqual({ firstName, lastName });
  });

  it('gives parts that §5 joins back into the same name', () => {
    for (const name of ['Pat Rivera', 'Mary Ann Smith', 'Jean Luc Picard']) {
      const { firstName, lastName } = splitName(name);
      expect(joinName(firstName, lastName)).toBe(name);
    }
  });

  it('treats a missing name as empty', () => {
    expect(splitName(null)).toEqual({ firstName: '', lastName: '' });
  });
});

describe('initialGuardianValues', () => {
  it('starts a new account empty except for the preset e-mail', () => {
    expect(initialGuardianValues(null, 'new@example.com')).toEqual({
      firstName: '',
      lastName: '',
      phone: '',
      email: 'new@example.com',
      password: '',
      confirmPassword: '',
    });
  });

  it('fills the account being edited, phone masked, passwords empty', () => {
    const account = { id: 10, name: 'Pat Rivera', email: 'pat@example.com', phone: '5551234567' };
    expect(initialGuardianValues(account, 'ignored@example.com')).toEqual({
      firstName: 'Pat',
      lastName: 'Rivera',
      phone: '555-123-4567',
      email: 'pat@example.com',
      password: '',
      confirmPassword: '',
    });
  });
});
