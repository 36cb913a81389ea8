import { describe, expect, it } from 'vitest';
import { membershipFigures } from './membership-figures';
import { type SummaryMembership, type SummaryPhase, seasonSummary } from './season-summary';

const phase = (overrides: Partial<SummaryPhase>): SummaryPhase => ({
  amountCents: 10000,
  status: 'scheduled',
  dueOn: '2026-10-01',
  paidMonth: null,
  refunds: [],
  ...overrides,
});

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('seasonSummary (issue 33 point 4)', () => {
  it('counts each standing and sums the one meaning of paid per team and for the club', () => {
    const memberships: SummaryMembership[] = [
      { teamId: 1, cancelled: false, phases: [phase({ status: 'paid', paidMonth: '2026-09' })] },
      {
        teamId: 1,
        cancelled: false,
        phases: [phase({ status: 'paid', paidMonth: '2026-09' }), phase({ dueOn: '2026-12-01' })],
      },
      {
        teamId: 2,
        cancelled: false,
        phases: [phase({ status: 'paid', paidMonth: '2026-09' }), phase({ status: 'failed', dueOn: '2026-11-01' })],
      },
      {
        teamId: 2,
        cancelled: true,
        phases: [phase({ status: 'paid', paidMonth: '2026-09' }), phase({ status: 'cancelled', dueOn: '2027-01-01' })],
      },
      { teamId: 2, cancelled: false, phases: [phase({ dueOn: '2026-12-01' })] },
    ];
    const summary = seasonSummary([1, 2, 3], memberships);
    expect(summary.club).toMatchObject({
      registered: 5,
      paidInFull: 1,
      onPlan: 1,
      owing: 1,
      failed: 1,
      overdue: 0,
      collectedCents: 40000,
      dueCents: 30000,
    });
    expect(summary.teams.get(3)).toMatchObject({ registered: 0, collectedCents: 0 });
    expect(summary.teams.get(1)).toMatchObject({ registered: 2, collectedCents: 20000, dueCents: 10000 });
    expect(summary.months).toEqual([
      { month: '2026-09', collectedCents: 40000, dueCents: 0 },
      { month: '2026-11', collectedCents: 0, dueCents: 10000 },
      { month: '2026-12', collectedCents: 0, dueCents: 20000 },
    ]);
    // Each membership's standing is the figures' own.
    const standings = memberships.map(
      (membership) =>
        membershipFigures({
          cancelled: membership.cancelled,
          phases: membership.phases.map((p) => ({ ...p, refundedCents: 0 })),
        }).standing,
    );
    expect(standings.filter((standing) => standing === 'paid')).toHaveLength(summary.club.paidInFull);
  });

  it('takes refunds off in the month they went back, never more than the charge, as the figures do', () => {
    const refunded: SummaryMembership = {
      teamId: 1,
      cancelled: false,
      phases: [
        phase({
          status: 'paid',
          amountCents: 5000,
          paidMonth: '2026-09',
          refunds: [
            { month: '2026-11', amountCents: 3000 },
            { month: '2026-10', amountCents: 4000 },
          ],
        }),
      ],
    };
    const summary = seasonSummary([1], [refunded]);
    expect(summary.club.collectedCents).toBe(0);
    expect(summary.club.refundedCents).toBe(5000);
    expect(summary.months).toEqual([
      { month: '2026-09', collectedCents: 5000, dueCents: 0 },
      { month: '2026-10', collectedCents: -4000, dueCents: 0 },
      { month: '2026-11', collectedCents: -1000, dueCents: 0 },
    ]);
    expect(sum(summary.months.map((month) => month.collectedCents))).toBe(summary.club.collectedCents);
  });

  it('counts a paid phase without a time in its due month', () => {
    const summary = seasonSummary([1], [{ teamId: 1, cancelled: false, phases: [phase({ status: 'paid' })] }]);
    expect(summary.months).toEqual([{ month: '2026-10', collectedCents: 10000, dueCents: 0 }]);
  });
});
