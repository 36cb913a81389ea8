/**
 * The view's window on admin-assistance.machine.ts (issue 34 point 2): the season's budget figures and requests as
 * shown (amounts written here), which request a decision is being sent for or was refused for, and the texts.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { StaffAssistanceRequest } from '../api/admin-assistance';
import type { AssistanceStatus } from '../api/help-paying.schemas';
import { formatUsd } from '../domain/money';
import type { adminAssistanceMachine } from './admin-assistance.machine';

export type AdminAssistanceActorRef = ActorRefFrom<typeof adminAssistanceMachine>;
export type AdminAssistanceSnapshot = SnapshotFrom<typeof adminAssistanceMachine>;

export interface AssistanceRow {
  id: number;
  athlete: string;
  team: string;
  guardian: { name: string; email: string } | null;
  percent: number;
  dues: string;
  asked: string;
  freeMeals: boolean;
  reason: string;
  status: AssistanceStatus;
  approved: string | null;
  message: string | null;
  decidedBy: string | null;
  /** 'Approve', 'Approve another amount' and 'Decline' are offered (a request still waiting). */
  decidable: boolean;
  /** A decision on this request is being sent. */
  deciding: boolean;
  /** The server refused the decision on this request: its text ('This would exceed the season's assistance budget…'). */
  refusal: string | null;
}

export interface AssistanceBudgetView {
  season: string;
  budget: string;
  approved: string;
  left: string;
  /** No budget set (0): nothing can be approved. */
  none: boolean;
  /** The budget's dollars as the owner's field starts. */
  budgetDollars: string;
}

export type AdminAssistanceView =
  | { kind: 'noOrganization' }
  | { kind: 'loading' }
  | { kind: 'failed'; error: string | null }
  | {
      kind: 'loaded';
      seasons: { id: number; name: string }[];
      seasonId: number | null;
      budget: AssistanceBudgetView | null;
      canEditBudget: boolean;
      savingBudget: boolean;
      /** The owner's budget refused: its text. */
      budgetRefusal: string | null;
      requests: AssistanceRow[];
      busy: boolean;
    };

function rowOf(request: StaffAssistanceRequest, snapshot: AdminAssistanceSnapshot): AssistanceRow {
  const { context } = snapshot;
  const mine = context.decision?.requestId === request.id;
  return {
    id: request.id,
    athlete: request.athlete.name,
    team: request.team.name,
    guardian: request.guardian === null ? null : { name: request.guardian.name, email: request.guardian.email },
    percent: request.share_percent,
    dues: formatUsd(request.dues_cents),
    asked: formatUsd(request.asked_cents),
    freeMeals: request.free_or_reduced_meals,
    reason: request.reason,
    status: request.status,
    approved: request.amount_approved_cents === null ? null : formatUsd(request.amount_approved_cents),
    message: request.decision_message,
    decidedBy: request.decided_by?.name ?? null,
    decidable: request.status === 'pending',
    deciding: mine && snapshot.matches({ loaded: 'deciding' }),
    refusal: mine && snapshot.matches({ loaded: { ready: 'decisionRefused' } }) ? context.error : null,
  };
}

export function adminAssistanceView(snapshot: AdminAssistanceSnapshot): AdminAssistanceView {
  if (snapshot.matches('noOrganization') || snapshot.matches('start')) return { kind: 'noOrganization' };
  if (snapshot.matches('failed')) return { kind: 'failed', error: snapshot.context.error };
  const { queue } = snapshot.context;
  if (snapshot.matches('loading') || queue === null) return { kind: 'loading' };
  const budget = queue.budget;
  return {
    kind: 'loaded',
    seasons: queue.seasons,
    seasonId: queue.season?.id ?? null,
    budget:
      budget === null
        ? null
        : {
            season: budget.season.name,
            budget: formatUsd(budget.budget_cents),
            approved: formatUsd(budget.approved_cents),
            left: formatUsd(budget.left_cents),
            none: budget.budget_cents === 0,
            budgetDollars: (budget.budget_cents / 100).toFixed(2),
          },
    canEditBudget: queue.can_edit_budget && queue.season !== null,
    savingBudget: snapshot.matches({ loaded: 'savingBudget' }),
    budgetRefusal: snapshot.matches({ loaded: { ready: 'budgetRefused' } }) ? snapshot.context.error : null,
    requests: queue.requests.map((request) => rowOf(request, snapshot)),
    busy: snapshot.hasTag('busy'),
  };
}
