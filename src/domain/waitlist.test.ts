import { describe, expect, it } from 'vitest';
import { setLocale, text } from '../i18n/runtime';
import { formatHoldUntil } from './dates';
import { heldOnListText, leftWaitlistText, notOnWaitlistText, onWaitlistText, positionText } from './waitlist';

describe('the waitlist texts', () => {
  it('names the team and the place on the list', () => {
    expect(text(onWaitlistText('12U Tigers'))).toBe("You're on the waitlist for 12U Tigers.");
    expect(text(positionText(1))).toBe('You are next on the list.');
    expect(text(positionText(2))).toBe('You are number 2 on the list.');
    expect(text(leftWaitlistText('12U Tigers'))).toBe('You have left the waitlist for 12U Tigers.');
    expect(text(notOnWaitlistText('12U Tigers'))).toBe('You are not on the waitlist for 12U Tigers.');
  });

  it('says until when a spot is held, with the time of day and its zone', () => {
    const until = formatHoldUntil('2026-11-28T18:00:00.000Z');
    expect(until).toMatch(/^Nov 2[89], 2026, \d{1,2}:00 [AP]M \S+$/);
    expect(text(heldOnListText(until))).toBe(`A spot is being held for you until ${until}.`);
    expect(formatHoldUntil('soon')).toBe('soon');
  });

  it('reads in Spanish once the language switches', async () => {
    await setLocale('es');
    expect(text(onWaitlistText('12U Tigers'))).toBe('Estás en la lista de espera de 12U Tigers.');
    expect(text(positionText(2))).toBe('Tienes el lugar número 2 en la lista.');
  });
});
