/**
 * The season's picture on the console's home (issue 33 point 4): per team and for the club, how many registered and
 * where each stands (paid in full, on a plan, owing, cancelled, held), the money collected, refunded and still due,
 * and collected and due by month. Every figure is a sum of `membershipFigures` (membership-figures.ts, the one
 * meaning of paid), so the home, the roster, the membership page and the CSVs never disagree: the months' collected
 * add up to the club's collected, the months' due to its still due.
 */
import {
  countedRefunds,
  type LedgerPhase,
  type MembershipFigures,
  type MembershipLedger,
  membershipFigures,
  owedPhases,
} from './membership-figures';

/** A phase as the picture reads it: the ledger's, with the month its charge came in and its refunds' months. */
export interface SummaryPhase extends Omit<LedgerPhase, 'refundedCents'> {
  /** `YYYY-MM` of the charge (paid phases); null when the row has no time (then its due month counts). */
  paidMonth: string | null;
  /** Succeeded refunds of this phase's charge, each with the `YYYY-MM` it completed in. */
  refunds: readonly { month: string; amountCents: number }[];
}

export interface SummaryMembership {
  teamId: number;
  phases: readonly SummaryPhase[];
  cancelled: boolean;
}

export interface SeasonTotals {
  registered: number;
  paidInFull: number;
  onPlan: number;
  owing: number;
  cancelled: number;
  held: number;
  collectedCents: number;
  refundedCents: number;
  dueCents: number;
  /** Memberships whose last instalment failed, and those overdue: what waits for staff. */
  failed: number;
  overdue: number;
}

export interface SeasonMonth {
  /** `YYYY-MM`. */
  month: string;
  collectedCents: number;
  dueCents: number;
}

export interface SeasonSummary {
  club: SeasonTotals;
  teams: Map<number, SeasonTotals>;
  /** Every month with money collected or due, in order. */
  months: SeasonMonth[];
}

export function emptyTotals(): SeasonTotals {
  return {
    registered: 0,
    paidInFull: 0,
    onPlan: 0,
    owing: 0,
    cancelled: 0,
    held: 0,
    collectedCents: 0,
    refundedCents: 0,
    dueCents: 0,
    failed: 0,
    overdue: 0,
  };
}

function add(totals: SeasonTotals, figures: MembershipFigures): void {
  totals.registered += 1;
  switch (figures.standing) {
    case 'paid':
      totals.paidInFull += 1;
      break;
    case 'on_schedule':
      totals.onPlan += 1;
      break;
    case 'owes':
      totals.owing += 1;
      break;
    case 'cancelled':
      totals.cancelled += 1;
      break;
    case 'held':
      totals.held += 1;
      break;
  }
  if (figures.status === 'failed') totals.failed += 1;
  if (figures.status === 'overdue') totals.overdue += 1;
  totals.collectedCents += figures.paidCents;
  totals.refundedCents += figures.refundedCents;
  totals.dueCents += figures.remainingCents;
}

const monthOf = (isoDate: string) => isoDate.slice(0, 7);

/**
 * What one membership brought in and still owes, by month: each paid phase's charge in the month it came in, less its
 * refunds in the months they went back (never more than the charge, as the figures count them), and each phase still
 * owed in its due month.
 */
function addMonths(months: Map<string, SeasonMonth>, membership: SummaryMembership): void {
  const at = (month: string) => {
    let found = months.get(month);
    if (!found) {
      found = { month, collectedCents: 0, dueCents: 0 };
      months.set(month, found);
    }
    return found;
  };
  for (const phase of membership.phases) {
    if (phase.status !== 'paid') continue;
    at(phase.paidMonth ?? monthOf(phase.dueOn)).collectedCents += phase.amountCents;
    const refunds = [...phase.refunds].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
    const counted = countedRefunds(
      phase,
      refunds.map((refund) => refund.amountCents),
    );
    for (const [index, refund] of refunds.entries()) at(refund.month).collectedCents -= counted[index] ?? 0;
  }
  for (const phase of owedPhases(membership.phases, membership.cancelled)) {
    at(monthOf(phase.dueOn)).dueCents += phase.amountCents;
  }
}

function ledgerOf(membership: SummaryMembership): MembershipLedger {
  return {
    phases: membership.phases.map((phase) => ({
      amountCents: phase.amountCents,
      status: phase.status,
      dueOn: phase.dueOn,
      refundedCents: phase.refunds.reduce((total, refund) => total + refund.amountCents, 0),
    })),
    cancelled: membership.cancelled,
  };
}

/** The season's picture of `memberships`; every team of `teamIds` has a row, with nothing registered if none. */
export function seasonSummary(teamIds: readonly number[], memberships: readonly SummaryMembership[]): SeasonSummary {
  const club = emptyTotals();
  const teams = new Map(teamIds.map((id) => [id, emptyTotals()]));
  const months = new Map<string, SeasonMonth>();
  for (const membership of memberships) {
    const figures = membershipFigures(ledgerOf(membership));
    add(club, figures);
    let team = teams.get(membership.teamId);
    if (!team) {
      team = emptyTotals();
      teams.set(membership.teamId, team);
    }
    add(team, figures);
    addMonths(months, membership);
  }
  return {
    club,
    teams,
    months: [...months.values()]
      .filter((month) => month.collectedCents !== 0 || month.dueCents !== 0)
      .sort((a, b) => (a.month < b.month ? -1 : 1)),
  };
}
