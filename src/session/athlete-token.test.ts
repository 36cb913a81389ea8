import { describe, expect, it } from 'vitest';
import { ATHLETE_TOKEN_KEY, clearAthleteToken, getAthleteToken, setAthleteToken } from './athlete-token';

describe('athlete token', () => {
  it('stores, reads and clears the token', () => {
    expect(getAthleteToken()).toBeNull();
    setAthleteToken('athlete-token');
    expect(getAthleteToken()).toBe('athlete-token');
    clearAthleteToken();
    expect(getAthleteToken()).toBeNull();
  });

  it.each(['', '   ', 'two words'])('discards a stored value that is not a token (%j)', (stored) => {
    localStorage.setItem(ATHLETE_TOKEN_KEY, stored);
    expect(getAthleteToken()).toBeNull();
    expect(localStorage.getItem(ATHLETE_TOKEN_KEY)).toBeNull();
  });

  it('refuses to store a value that is not a token', () => {
    expect(() => setAthleteToken(' ')).toThrow(TypeError);
  });
});
