import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dashboardStatusText } from '../../src/domain/account-status.ts';
import { SUBSCRIPTION_STATUS } from '../../src/domain/subscription-status.ts';
import { paidThrough, statusMessage } from './subscription-status.ts';

const now = new Date('2027-02-24T12:00:00Z');
const later = new Date('2027-03-01T12:00:00Z');
const earlier = new Date('2027-01-01T00:00:00Z');

const access = (overrides: Partial<Parameters<typeof statusMessage>[0]>): Parameters<typeof statusMessage>[0] => ({
  kind: 'subscription',
  active: true,
  disabled: false,
  paidThrough: null,
  trialEndsAt: null,
  ...overrides,
});

describe('the status the server derives (spec §4)', () => {
  it('names each of the seven states with the shared text', () => {
    expect(statusMessage(access({ kind: 'license', paidThrough: later }), now)).toBe(SUBSCRIPTION_STATUS.licenseActive);
    expect(statusMessage(access({ kind: 'license', paidThrough: earlier }), now)).toBe(
      SUBSCRIPTION_STATUS.licenseExpired,
    );
    expect(statusMessage(access({ kind: 'license', paidThrough: later, disabled: true }), now)).toBe(
      SUBSCRIPTION_STATUS.licenseDisabled,
    );
    expect(statusMessage(access({ kind: 'trial', trialEndsAt: later }), now)).toBe(SUBSCRIPTION_STATUS.trialActive);
    expect(statusMessage(access({ kind: 'trial', trialEndsAt: earlier }), now)).toBe(SUBSCRIPTION_STATUS.trialEnded);
    expect(statusMessage(access({ trialEndsAt: later, paidThrough: later }), now)).toBe(
      SUBSCRIPTION_STATUS.trialActive,
    );
    expect(statusMessage(access({ paidThrough: later }), now)).toBe(SUBSCRIPTION_STATUS.subscriptionActive);
    expect(statusMessage(access({ paidThrough: earlier }), now)).toBe(SUBSCRIPTION_STATUS.subscriptionNotActive);
    expect(statusMessage(access({ paidThrough: later, active: false }), now)).toBe(
      SUBSCRIPTION_STATUS.subscriptionNotActive,
    );
  });

  it('sends only texts the dashboard recognises', () => {
    const instant = fc.option(fc.date({ min: earlier, max: later, noInvalidDate: true }));
    fc.assert(
      fc.property(
        fc.constantFrom('license' as const, 'trial' as const, 'subscription' as const),
        fc.boolean(),
        fc.boolean(),
        instant,
        instant,
        (kind, active, disabled, paid, trialEnds) => {
          const subscription = access({ kind, active, disabled, paidThrough: paid, trialEndsAt: trialEnds });
          const status = statusMessage(subscription, now);
          const shown = dashboardStatusText(
            { status_message: status, paid_through: paidThrough(subscription)?.toISOString() ?? null },
            false,
            now,
          );
          expect(shown.status).toBe(status);
        },
      ),
    );
  });
});
