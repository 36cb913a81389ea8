import { describe, expect, it } from 'vitest';
import type { MembershipPhaseRow } from '../db/schema/index.ts';
import { remainingOf } from './phases.ts';

/** A phase row as the receipts read it (the columns remainingOf does not read are left empty). */
function phase(
  seq: number,
  dueOn: string,
  amountCents: number,
  status: MembershipPhaseRow['status'],
): MembershipPhaseRow {
  return {
    id: seq + 1,
    membershipId: 1,
    seq,
    dueOn,
    amountCents,
    status,
    attempts: 0,
    nextAttemptOn: null,
    firstFailedOn: null,
    providerChargeId: null,
    paidAt: null,
    failureCode: null,
    failureMessage: null,
    reminderSentOn: null,
    leaseId: null,
    leaseUntil: null,
    chargeKey: null,
    chargeRequest: null,
  };
}

describe("a receipt's remaining payments (issue 30 point 5: one meaning of remaining)", () => {
  const phases = [
    phase(0, '2026-12-01', 15000, 'paid'),
    phase(1, '2027-01-01', 15000, 'scheduled'),
    phase(2, '2027-02-01', 15000, 'failed'),
  ];

  it('lists the owed phases of an active schedule', () => {
    expect(remainingOf(phases, { status: 'active' })).toEqual([
      { dueOn: '2027-01-01', amountCents: 15000 },
      { dueOn: '2027-02-01', amountCents: 15000 },
    ]);
  });

  it('lists none once the schedule is cancelled, as the roster, /payments and the CSVs say', () => {
    expect(remainingOf(phases, { status: 'canceled' })).toEqual([]);
  });
});
