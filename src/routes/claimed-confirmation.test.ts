import { afterEach, describe, expect, it } from 'vitest';
import { confirmationFor, forgetConfirmation, handOverConfirmation } from './claimed-confirmation';

const confirmation = { receipt: null, refunded: true, afterReturn: false };

afterEach(forgetConfirmation);

describe('the confirmation handed to the claimed page (issue 19.1)', () => {
  it('is read by the claimed page of its licence until a licence page has mounted', () => {
    handOverConfirmation('TIGERS-2027', confirmation);
    expect(confirmationFor('TIGERS-2027')).toBe(confirmation);
    // A render React restarts reads it again.
    expect(confirmationFor('TIGERS-2027')).toBe(confirmation);
    forgetConfirmation();
    // A reload or a later visit finds nothing left.
    expect(confirmationFor('TIGERS-2027')).toBeNull();
  });

  it('is never shown on the page of another licence', () => {
    handOverConfirmation('TIGERS-2027', confirmation);
    expect(confirmationFor('WAVES-2027')).toBeNull();
  });

  it('is nothing when none was handed over', () => {
    expect(confirmationFor('TIGERS-2027')).toBeNull();
  });
});
