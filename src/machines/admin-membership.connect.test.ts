import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MembershipDetail } from '../api/admin';
import { setLocale, t, text } from '../i18n/runtime';
import {
  type AdminMembershipView,
  adminMembershipView,
  auditSide,
  cardText,
  consoleDate,
  offlineText,
} from './admin-membership.connect';
import { type AdminMembershipData, adminMembershipMachine } from './admin-membership.machine';
import { adminRefundView, refundQuestion } from './admin-refund.connect';

const membership: MembershipDetail = {
  id: 12,
  athlete: { id: 30, name: 'Drew Patel' },
  guardian: { id: 31, name: 'Priya Patel', email: 'priya.patel@example.com' },
  plan: 'Pay in full',
  paid_cents: 20_000,
  remaining_cents: 0,
  next_due: null,
  status: 'paid',
  team: { id: 4, name: '14U Storm' },
  season: { id: 2, name: 'Fall 2026' },
  organization_id: 1,
  card: null,
  phases: [
    {
      id: 1,
      label: 'Payment in full',
      due_on: '2026-09-01',
      amount_cents: 10_500,
      status: 'paid',
      paid_at: '2026-09-01T10:00:00.000Z',
      refunded_cents: 10_500,
      offline: null,
      payment_id: 'pi_1',
    },
    {
      id: 2,
      label: 'Fee',
      due_on: '2026-09-01',
      amount_cents: 9_500,
      status: 'paid',
      paid_at: '2026-09-02',
      refunded_cents: 0,
      offline: { method: 'cheque', note: 'Cheque 104' },
      payment_id: null,
    },
  ],
  emails: [],
  audit: [
    {
      id: 1,
      staff: null,
      action: 'some_new_action',
      before: null,
      after: { status: 'paid', open_phase_ids: [2, 3] },
      reason: null,
      created_at: '2026-09-03T00:00:00.000Z',
    },
  ],
};

function start(data: AdminMembershipData) {
  const machine = adminMembershipMachine.provide({ actors: { load: fromPromise(async () => data) } });
  return createActor(machine, { input: { membershipId: 12 } }).start();
}

function loaded(data: AdminMembershipData): Promise<Extract<AdminMembershipView, { kind: 'loaded' }>> {
  const actor = start(data);
  return new Promise((resolve) => {
    actor.subscribe((snapshot) => {
      const view = adminMembershipView(snapshot);
      if (view.kind === 'loaded') resolve(view);
    });
  });
}

describe('adminMembershipView', () => {
  it('offers no refund on a charge refunded in full nor on an offline payment, and no schedule to cancel', async () => {
    const view = await loaded({ membership, canManage: true });
    expect(cardText(view.summary.card)).toBe('No card on file');
    expect(text(view.summary.status)).toBe('Paid');
    expect(view.phases.map((phase) => [phase.canRefund, phase.canRetry, phase.canMarkOffline])).toEqual([
      [false, false, false],
      [false, false, false],
    ]);
    const [first, second] = view.phases;
    expect(first?.refunded && text(first.refunded)).toBe('Refunded $105.00');
    expect(second && offlineText(second)).toBe('Cheque: Cheque 104');
    expect(consoleDate(second?.paidAt ?? null)).toBe('Sep 2, 2026');
    expect(view.canCancel).toBe(false);
  });

  it("shows the award as 'Financial assistance' in the money figures, and no line without one (issue 34)", async () => {
    const awarded = await loaded({
      membership: { ...membership, financial_assistance_cents: 22_500 },
      canManage: true,
    });
    expect(awarded.summary.assistance).toBe('−$225.00');
    const none = await loaded({ membership, canManage: true });
    expect(none.summary.assistance).toBeNull();
  });

  it('shows an automatic action with an unknown name as it came, and its sides as text', async () => {
    const view = await loaded({ membership, canManage: false });
    expect(
      // As the page writes them (an automatic action has no staff member: 'Automatic').
      view.audit.map((row) => ({
        ...row,
        who: row.who ?? t('admin.automatic'),
        action: text(row.action),
        when: consoleDate(row.when),
      })),
    ).toEqual([
      {
        id: 1,
        who: 'Automatic',
        action: 'some new action',
        change: '— → status paid, open phase ids 2, 3',
        reason: '',
        when: 'Sep 3, 2026',
      },
    ]);
  });

  it('refuses a refund the rules do not allow (the event is ignored)', async () => {
    const actor = start({ membership, canManage: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'REFUND', phaseId: 1 });
    actor.send({ type: 'RETRY_PHASE', phaseId: 2 });
    actor.send({ type: 'CANCEL_SCHEDULE' });
    expect(actor.getSnapshot().value).toEqual({ loaded: { ready: 'idle' } });
  });
});

describe('auditSide', () => {
  it('writes cents as dollars and leaves the phase id out', () => {
    expect(auditSide({ phase_id: 4, refunded_cents: 5250 })).toBe('refunded $52.50');
    expect(auditSide({})).toBe('—');
    expect(auditSide('text')).toBe('—');
  });
});

describe('adminRefundView', () => {
  it('is closed once the refund machine is done', async () => {
    const { adminRefundMachine } = await import('./admin-refund.machine');
    const actor = createActor(adminRefundMachine, {
      input: {
        membershipId: 1,
        paymentId: 'pi',
        phaseLabel: 'Deposit',
        leftCents: 100,
        recipient: { guardian: 'Pat', card: null },
      },
    }).start();
    expect(adminRefundView(actor.getSnapshot())).toMatchObject({ kind: 'form', values: { amount_cents: '1.00' } });
    actor.send({ type: 'CANCEL' });
    expect(adminRefundView(actor.getSnapshot())).toEqual({ kind: 'closed' });
  });
});

describe('the membership page in Spanish (issue 31)', () => {
  it('writes statuses, dates, the card and the refund question in the language in use', async () => {
    const view = await loaded({
      membership: { ...membership, card: { brand: 'visa', last4: '4242' } },
      canManage: true,
    });
    await setLocale('es');
    try {
      expect(text(view.summary.status)).toBe('Pagado');
      expect(cardText(view.summary.card)).toBe('Visa terminada en 4242');
      const [first, second] = view.phases;
      expect(first?.refunded && text(first.refunded)).toBe('Reembolsado $105.00');
      expect(second && offlineText(second)).toBe('Cheque: Cheque 104');
      expect(consoleDate(second?.paidAt ?? null)).toBe('2 sept 2026');
      expect(
        refundQuestion({
          amount: '$52.50',
          recipient: { guardian: 'Priya Patel', card: { brand: 'visa', last4: '4242' } },
        }),
      ).toBe('¿Reembolsar $52.50 a Priya Patel (Visa terminada en 4242)?');
    } finally {
      await setLocale('en');
    }
  });
});
