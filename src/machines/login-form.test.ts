import { describe, expect, it } from 'vitest';
import { credentialsOf, isValidLogin } from './login-form';

describe('the login form shared by the login machines', () => {
  it('submits only with both fields filled (a blank e-mail is empty)', () => {
    expect(isValidLogin(undefined, { email: 'a@b.co', password: 'x' })).toBe(true);
    expect(isValidLogin(undefined, { email: '   ', password: 'x' })).toBe(false);
    expect(isValidLogin(undefined, { email: 'a@b.co', password: '' })).toBe(false);
  });

  it('sends the e-mail trimmed and the password as typed', () => {
    expect(credentialsOf({ email: '  a@b.co ', password: ' secret ' })).toEqual({
      email: 'a@b.co',
      password: ' secret ',
    });
  });
});
