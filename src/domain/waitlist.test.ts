import { describe, expect, it } from 'vitest';
import { formatHoldUntil } from './dates';
import { heldOnListText, leftWaitlistText, notOnWaitlistText, onWaitlistText, positionText } from './waitlist';

describe('the waitlist texts', () => {
  it('names the team and the place on the list', () => {
    expect(onWaitlistText('12U Tigers')).toBe("You're on the waitlist for 12U Tigers.");
    expect(positionText(1)).toBe('You are next on the list.');
    expect(positionText(2)).toBe('You are number 2 on the list.');
    expect(leftWaitlistText('12U Tigers')).toBe('You have left the waitlist for 12U Tigers.');
    expect(notOnWaitlistText('12U Tigers')).toBe('You are not on the waitlist for 12U Tigers.');
  });

  it('says until when a spot is held, with the time of day and its zone', () => {
    const until = formatHoldUntil('2026-11-28T18:00:00.000Z');
    expect(until).toMatch(/^Nov 2[89], 2026, \d{1,2}:00 [AP]M \S+$/);
    expect(heldOnListText(until)).toBe(`A spot is being held for you until ${until}.`);
    expect(formatHoldUntil('soon')).toBe('soon');
  });
});
