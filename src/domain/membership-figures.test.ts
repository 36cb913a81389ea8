import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countedRefunds,
  type LedgerPhase,
  MEMBERSHIP_STANDING_LABEL,
  MEMBERSHIP_STATUS_LABEL,
  membershipFigures,
  owedPhases,
  PHASE_STATUSES,
  phaseRefundedCents,
} from './membership-figures';

const paid = (amountCents: number, refundedCents = 0, dueOn = '2026-09-01'): LedgerPhase => ({
  amountCents,
  status: 'paid',
  refundedCents,
  dueOn,
});
const owed = (status: LedgerPhase['status'], amountCents: number, dueOn: string): LedgerPhase => ({
  amountCents,
  status,
  refundedCents: 0,
  dueOn,
});

describe('membershipFigures', () => {
  it('pays in full', () => {
    expect(membershipFigures({ phases: [paid(47500)], cancelled: false })).toEqual({
      duesCents: 47500,
      paidCents: 47500,
      refundedCents: 0,
      remainingCents: 0,
      nextDue: null,
      needsPayment: false,
      status: 'paid',
      standing: 'paid',
    });
  });

  it('is on schedule with instalments left; the next is the earliest owed', () => {
    const figures = membershipFigures({
      phases: [paid(15000), owed('scheduled', 15000, '2026-12-01'), owed('scheduled', 15000, '2027-01-01')],
      cancelled: false,
    });
    expect(figures).toMatchObject({
      duesCents: 45000,
      paidCents: 15000,
      remainingCents: 30000,
      nextDue: { dueOn: '2026-12-01', amountCents: 15000 },
      status: 'on_schedule',
      standing: 'on_schedule',
    });
  });

  it('counts paid net of refunds (a partial refund lowers paid and dues, not remaining)', () => {
    const figures = membershipFigures({
      phases: [paid(15000, 5000), owed('scheduled', 15000, '2026-12-01')],
      cancelled: false,
    });
    expect(figures).toMatchObject({
      paidCents: 10000,
      refundedCents: 5000,
      remainingCents: 15000,
      duesCents: 25000,
      status: 'on_schedule',
    });
  });

  it('overdue before failed; both are "owes" to a coach and need a payment', () => {
    const overdue = membershipFigures({
      phases: [paid(100), owed('failed', 100, '2026-11-01'), owed('overdue', 100, '2026-10-01')],
      cancelled: false,
    });
    expect(overdue).toMatchObject({ status: 'overdue', standing: 'owes', needsPayment: true });
    expect(overdue.nextDue).toEqual({ dueOn: '2026-10-01', amountCents: 100 });
    const failed = membershipFigures({ phases: [paid(100), owed('failed', 100, '2026-11-01')], cancelled: false });
    expect(failed).toMatchObject({ status: 'failed', standing: 'owes', needsPayment: true });
  });

  it('a cancelled schedule reads cancelled, never paid, and owes nothing more', () => {
    const figures = membershipFigures({
      phases: [paid(15000), owed('cancelled', 15000, '2026-12-01'), owed('cancelled', 15000, '2027-01-01')],
      cancelled: true,
    });
    expect(figures).toMatchObject({
      paidCents: 15000,
      remainingCents: 0,
      duesCents: 15000,
      nextDue: null,
      status: 'cancelled',
      standing: 'cancelled',
    });
    expect(MEMBERSHIP_STATUS_LABEL[figures.status]).toBe('Cancelled');
  });

  it('everything paid refunded reads refunded (cancelled to a coach)', () => {
    const figures = membershipFigures({ phases: [paid(47500, 47500)], cancelled: true });
    expect(figures).toMatchObject({ paidCents: 0, refundedCents: 47500, status: 'refunded', standing: 'cancelled' });
  });

  it('a claim with nothing paid is held', () => {
    expect(membershipFigures({ phases: [], cancelled: false })).toMatchObject({
      duesCents: 0,
      paidCents: 0,
      status: 'held',
      standing: 'held',
    });
    expect(MEMBERSHIP_STANDING_LABEL.held).toBe('Held');
  });

  it('a free first payment (full discount) is paid, not held', () => {
    expect(membershipFigures({ phases: [paid(0)], cancelled: false }).status).toBe('paid');
  });

  const phaseArbitrary = fc.record({
    amountCents: fc.integer({ min: 0, max: 100_000 }),
    status: fc.constantFrom(...PHASE_STATUSES),
    refundedCents: fc.integer({ min: 0, max: 100_000 }),
    dueOn: fc.constantFrom('2026-09-01', '2026-10-01', '2026-11-01', '2026-12-01'),
  });

  it('always: remaining = dues − paid, paid + refunded = what paid phases brought in, remaining = what is owed', () => {
    fc.assert(
      fc.property(fc.array(phaseArbitrary, { maxLength: 8 }), fc.boolean(), (phases, cancelled) => {
        const figures = membershipFigures({ phases, cancelled });
        expect(figures.remainingCents).toBe(figures.duesCents - figures.paidCents);
        const gross = phases.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amountCents, 0);
        expect(figures.paidCents + figures.refundedCents).toBe(gross);
        expect(figures.paidCents).toBeGreaterThanOrEqual(0);
        expect(figures.remainingCents).toBe(owedPhases(phases, cancelled).reduce((s, p) => s + p.amountCents, 0));
        if (cancelled) expect(['cancelled', 'refunded']).toContain(figures.status);
        if (figures.status === 'paid') expect(figures.remainingCents).toBe(0);
      }),
    );
  });

  it("a phase's refunds, as the export lists them, add up to what the figures count, never above its charge", () => {
    fc.assert(
      fc.property(
        phaseArbitrary,
        fc.array(fc.integer({ min: -10, max: 60_000 }), { maxLength: 5 }),
        (phase, refunds) => {
          const counted = countedRefunds(phase, refunds);
          expect(counted).toHaveLength(refunds.length);
          const total = counted.reduce((s, c) => s + c, 0);
          const summed = Math.max(
            0,
            refunds.reduce((s, r) => s + Math.max(0, r), 0),
          );
          expect(total).toBe(phaseRefundedCents({ ...phase, refundedCents: summed }));
          for (const c of counted) expect(c).toBeGreaterThanOrEqual(0);
          expect(total).toBeLessThanOrEqual(phase.status === 'paid' ? phase.amountCents : 0);
        },
      ),
    );
  });
});
