import { and, desc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentDataSchema } from '../../src/api/payment-data.schemas.ts';
import { checkoutResponseSchema } from '../../src/api/schemas.ts';
import {
  assistanceBudgets,
  assistanceRequests,
  licenceClaims,
  mailOutbox,
  membershipPhases,
  memberships,
  sandboxRefunds,
  seasons,
  staffAuditLog,
  teams,
} from '../db/schema/index.ts';
import type { SandboxCardPayments } from '../providers/payments/sandbox-payments.ts';
import { MONEY_TEXTS } from '../services/admin-refunds.ts';
import { releaseExpiredHolds } from '../services/seat-holds.ts';
import { createTestApp, type TestApp, userId } from '../test/app-harness.ts';
import { expectError, expectOk } from '../test/expect-error.ts';
import { samClaims } from '../test/licence-claims.ts';
import { STAFF, staffTokenFor } from '../test/staff-sessions.ts';

/** Issue 34 (docs/api.md "Help paying"): asking for help, the club's decision and budget, paying with the award. */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function team(name: string) {
  const [row] = await t.db.select().from(teams).where(eq(teams.name, name));
  return row!;
}

/** A guardian picks a licence, then Sam claims it and pays with his own token (spec §6). */
const samWithLicence = (code = 'TIGERS-2027') => samClaims(t, code);

const ask = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/memberships/assistance-requests', { token, body });

const askBody = async (share = 50) => ({
  team_id: (await team('12U Tigers')).id,
  share_percent: share,
  free_or_reduced_meals: true,
  reason: 'Two jobs lost this winter.',
});

type RequestAnswer = { request: { id: number; status: string; asked_cents: number; amount_approved_cents: number } };

async function askFor(token: string, share = 50): Promise<number> {
  const answer = await ask(token, await askBody(share));
  expect(answer.status, answer.text).toBe(201);
  return (answer.body as RequestAnswer).request.id;
}

const plans = async (token: string) =>
  expectOk(
    await t.call('POST', '/api/memberships/payment-plans', {
      token,
      body: { discount_code: null, include_payment_protection_plan: false },
    }),
    paymentDataSchema,
  );

async function approve(requestId: number, body: Record<string, unknown> = {}, who: string = STAFF.registrar) {
  const token = await staffTokenFor(t.db, who);
  return t.call('POST', `/api/admin/assistance-requests/${requestId}/approve`, { token, body });
}

describe('asking for help (issue 34 point 1)', () => {
  it("shows Northside's offer in the payment data and none for Lakeside (its answer unchanged)", async () => {
    const sam = await samWithLicence();
    const data = (
      await t.call('POST', '/api/memberships/payment-plans', {
        token: sam,
        body: { discount_code: null, include_payment_protection_plan: false },
      })
    ).body as Record<string, unknown>;
    expect(data.help_paying).toMatchObject({
      organization: { name: 'Northside Youth Baseball' },
      offers_assistance: true,
      accepts_check_or_cash: true,
      check_or_cash_instructions:
        'Make checks payable to Northside Youth Baseball and hand them to your coach at the first practice.',
      check_or_cash_hold_days: 14,
      assistance_request: null,
      financial_assistance: 0,
    });
    const lakeside = await samWithLicence('WAVES-2027');
    const waves = (
      await t.call('POST', '/api/memberships/payment-plans', {
        token: lakeside,
        body: { discount_code: null, include_payment_protection_plan: false },
      })
    ).body as Record<string, unknown>;
    expect(waves).not.toHaveProperty('help_paying');
  });

  it('records one request per athlete and season, keeps the reason from the family, and holds the seat', async () => {
    const sam = await samWithLicence();
    const sent = await ask(sam, await askBody(50));
    expect(sent.status, sent.text).toBe(201);
    const { request } = sent.body as { request: Record<string, unknown> };
    expect(request).toMatchObject({
      status: 'pending',
      share_percent: 50,
      free_or_reduced_meals: true,
      dues_cents: 45000,
      asked_cents: 22500,
      amount_approved_cents: null,
      held_until: null,
      athlete: { name: 'Sam Rivera' },
      team: { name: '12U Tigers' },
    });
    expect(request).not.toHaveProperty('reason');
    expectError(
      await ask(sam, await askBody(25)),
      409,
      'You have already asked for help for this athlete this season.',
    );
    // The guardian reads it too (their household's athlete).
    const parent = await t.tokenFor('parent@example.com');
    const list = (await t.call('GET', '/api/memberships/assistance-requests', { token: parent })).body as {
      requests: { id: number }[];
    };
    expect(list.requests.map((r) => r.id)).toEqual([request.id]);
    // The claim is older than 96 hours: a waiting request keeps it held.
    const samId = await userId(t.db, 'samrivera');
    const later = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    await releaseExpiredHolds(t.deps, later);
    expect(await t.db.select().from(licenceClaims).where(eq(licenceClaims.userId, samId))).toHaveLength(1);
  });

  it('refuses a malformed or unoffered request with the field texts', async () => {
    const sam = await samWithLicence();
    const body = await askBody();
    const share = expectError(await ask(sam, { ...body, share_percent: 30 }), 422);
    expect(share.messages.share_percent).toEqual(['Choose how much of the dues you are asking for.']);
    const reason = expectError(await ask(sam, { ...body, reason: '   ' }), 422);
    expect(reason.messages.reason).toEqual(['Tell the club briefly why you are asking.']);
    const spanish = await t.call('POST', '/api/memberships/assistance-requests', {
      token: sam,
      body: { ...body, reason: '' },
      headers: { 'Accept-Language': 'es' },
    });
    expect((spanish.body as { messages: Record<string, string[]> }).messages.reason).toEqual([
      'Cuéntale brevemente al club por qué lo pides.',
    ]);
    const lakeside = await samWithLicence('WAVES-2027');
    const waves = expectError(
      await ask(lakeside, { ...body, team_id: (await team('10U Waves')).id }),
      422,
      'This organization does not offer financial assistance.',
    );
    expect(waves.messages.team_id).toBeDefined();
    // No claim on the team: the checkout's 403.
    const parent = await t.tokenFor('parent@example.com');
    expectError(await ask(parent, { ...body, team_id: (await team('14U Storm')).id }), 403);
  });
});

describe('the reason and the decline message are counted in characters, as the family and staff count them', () => {
  it('takes 500 emoji and refuses 501, in the request and in the decline', async () => {
    const sam = await samWithLicence();
    const body = await askBody();
    const cap = '🧢';
    expect(cap.length).toBe(2);
    const tooLong = expectError(await ask(sam, { ...body, reason: cap.repeat(501) }), 422);
    expect(tooLong.messages).toEqual({ reason: ['Keep the reason under 500 characters.'] });
    const asked = await ask(sam, { ...body, reason: ` ${cap.repeat(500)} ` });
    expect(asked.status, asked.text).toBe(201);
    const { id } = (asked.body as RequestAnswer).request;
    const [row] = await t.db.select().from(assistanceRequests).where(eq(assistanceRequests.id, id));
    expect(row?.reason).toBe(cap.repeat(500));
    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    const decline = (message: string, headers: Record<string, string> = {}) =>
      t.call('POST', `/api/admin/assistance-requests/${id}/decline`, { token: registrar, body: { message }, headers });
    const longMessage = expectError(await decline(cap.repeat(501)), 422);
    expect(longMessage.messages).toEqual({ message: ['Keep the message under 500 characters.'] });
    const spanish = expectError(await decline(cap.repeat(501), { 'Accept-Language': 'es' }), 422);
    expect(spanish.messages).toEqual({ message: ['El mensaje debe tener menos de 500 caracteres.'] });
    const declined = await decline(cap.repeat(500));
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body).toMatchObject({ request: { status: 'declined', decision_message: cap.repeat(500) } });
  });
});

describe('the club decides (issue 34 point 2)', () => {
  it('approves the share asked within the budget, audits it and e-mails the family with a link back', async () => {
    const sam = await samWithLicence();
    const id = await askFor(sam, 50);
    const answer = await approve(id);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({
      request: { status: 'approved', amount_approved_cents: 22500, reason: 'Two jobs lost this winter.' },
      budget: { budget_cents: 200000, approved_cents: 22500, left_cents: 177500 },
    });
    expectError(await approve(id), 409, 'This request has already been decided.');
    const [audit] = await t.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, 'assistance.approve'))
      .orderBy(desc(staffAuditLog.id));
    expect(audit?.after).toMatchObject({ status: 'approved', amount_approved_cents: 22500 });
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'parent@example.com'))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail?.subject).toBe('Your request for financial assistance from Northside Youth Baseball');
    expect(mail?.text).toContain(
      'Northside Youth Baseball approved financial assistance of $225.00 for Sam Rivera on 12U Tigers (Spring 2027).',
    );
    expect(mail?.text).toContain('/continue?license=TIGERS-2027');
    expect(mail?.text).not.toContain('Two jobs lost');
  });

  it("refuses an approval beyond the season's budget, and an owner-set budget below what is approved", async () => {
    const sam = await samWithLicence();
    const id = await askFor(sam, 100);
    const owner = await staffTokenFor(t.db, STAFF.owner);
    const spring = (await team('12U Tigers')).seasonId;
    const set = await t.call('PUT', `/api/admin/seasons/${spring}/assistance-budget`, {
      token: owner,
      body: { budget_cents: 30000 },
    });
    expect(set.status, set.text).toBe(200);
    const refused = expectError(
      await approve(id),
      422,
      "This would exceed the season's assistance budget ($300.00 left).",
    );
    expect(refused.messages.amount_cents).toEqual(["This would exceed the season's assistance budget ($300.00 left)."]);
    // Another amount within it.
    expect((await approve(id, { amount_cents: 30000 })).status).toBe(200);
    const lower = expectError(
      await t.call('PUT', `/api/admin/seasons/${spring}/assistance-budget`, {
        token: owner,
        body: { budget_cents: 100 },
      }),
      422,
    );
    expect(lower.messages.budget_cents).toEqual(['The budget cannot be less than what is already approved ($300.00).']);
    // A registrar may not set the budget.
    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    expectError(
      await t.call('PUT', `/api/admin/seasons/${spring}/assistance-budget`, {
        token: registrar,
        body: { budget_cents: 500000 },
      }),
      403,
    );
  });

  it('declines with a message, and shows the queue (with the reason) to owners and registrars, never coaches', async () => {
    const sam = await samWithLicence();
    const id = await askFor(sam, 75);
    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    const northside = (await team('12U Tigers')).organizationId;
    const queue = await t.call('GET', `/api/admin/organizations/${northside}/assistance`, { token: registrar });
    expect(queue.status, queue.text).toBe(200);
    expect(queue.body).toMatchObject({
      season: { name: 'Spring 2027' },
      budget: { budget_cents: 200000, left_cents: 200000 },
      requests: [{ id, status: 'pending', reason: 'Two jobs lost this winter.', guardian: { name: 'Pat Rivera' } }],
      can_edit_budget: false,
    });
    // season_id is read as a path id: another spelling of the season's id is refused with its field.
    const spring = (await team('12U Tigers')).seasonId;
    expect(
      (
        await t.call('GET', `/api/admin/organizations/${northside}/assistance?season_id=${spring}`, {
          token: registrar,
        })
      ).body,
    ).toMatchObject({ season: { id: spring } });
    for (const bad of [`${spring}e0`, `0x${spring.toString(16)}`, `%20${spring}`, `${spring}.0`]) {
      const path = `/api/admin/organizations/${northside}/assistance?season_id=${bad}`;
      const body = expectError(await t.call('GET', path, { token: registrar }), 422);
      expect(Object.keys(body.messages), bad).toEqual(['season_id']);
    }
    const coach = await staffTokenFor(t.db, STAFF.coach);
    expectError(await t.call('GET', `/api/admin/organizations/${northside}/assistance`, { token: coach }), 403);
    expectError(
      await t.call('POST', `/api/admin/assistance-requests/${id}/decline`, {
        token: registrar,
        body: { message: ' ' },
      }),
      422,
    );
    const declined = await t.call('POST', `/api/admin/assistance-requests/${id}/decline`, {
      token: registrar,
      body: { message: 'Our fund is spent for spring; ask again in the fall.' },
    });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.body).toMatchObject({ request: { status: 'declined', amount_approved_cents: null } });
    const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail?.text).toContain('Their message: Our fund is spent for spring; ask again in the fall.');
    // Another organization's owner: 404.
    const other = await staffTokenFor(t.db, STAFF.otherOwner);
    expectError(await approve(id, {}, STAFF.otherOwner), 404, 'Request not found.');
    expect(other).toBeTruthy();
  });

  it('two approvals at once never exceed the budget (the budget row is locked)', async () => {
    const tigers = await team('12U Tigers');
    await t.db
      .update(assistanceBudgets)
      .set({ budgetCents: 30000 })
      .where(eq(assistanceBudgets.seasonId, tigers.seasonId));
    // Two athletes with no membership of the season (an approval for a registered athlete is refused first).
    const athletes = [await userId(t.db, 'samrivera'), await userId(t.db, 'alexrivera')];
    const ids: number[] = [];
    for (const athleteId of athletes) {
      const [row] = await t.db
        .insert(assistanceRequests)
        .values({
          athleteId,
          organizationId: tigers.organizationId,
          teamId: tigers.id,
          seasonId: tigers.seasonId,
          sharePercent: 50,
          reason: 'race',
          duesCents: 45000,
        })
        .returning({ id: assistanceRequests.id });
      ids.push(row!.id);
    }
    const [owner, registrar] = await Promise.all([
      staffTokenFor(t.db, STAFF.owner),
      staffTokenFor(t.db, STAFF.registrar),
    ]);
    const answers = await Promise.all([
      t.call('POST', `/api/admin/assistance-requests/${ids[0]}/approve`, { token: owner, body: {} }),
      t.call('POST', `/api/admin/assistance-requests/${ids[1]}/approve`, { token: registrar, body: {} }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const approved = await t.db
      .select()
      .from(assistanceRequests)
      .where(and(eq(assistanceRequests.seasonId, tigers.seasonId), eq(assistanceRequests.status, 'approved')));
    expect(approved.reduce((sum, row) => sum + (row.amountApprovedCents ?? 0), 0)).toBe(22500);
  });
});

describe('paying with help (issue 34 point 3)', () => {
  it('takes a 50 % award off the dues before the plans and records it on the membership and receipt', async () => {
    const sam = await samWithLicence();
    expect((await approve(await askFor(sam, 50))).status).toBe(200);
    const data = await plans(sam);
    // Dues 450 less 225 of help: pay in full 225 + the 25 app fee; 3 months: the 50 deposit + app fee today.
    expect(data.payment_plans.map((plan) => plan.phases.map((phase) => phase.amount))).toEqual([
      [25000],
      [7500, 6000, 6000, 6000],
      [7500, 3000, 3000, 3000, 3000, 3000, 3000],
    ]);
    const raw = (
      await t.call('POST', '/api/memberships/payment-plans', {
        token: sam,
        body: { discount_code: null, include_payment_protection_plan: false },
      })
    ).body as { help_paying: { financial_assistance: number; assistance_request: { status: string } } };
    expect(raw.help_paying.financial_assistance).toBe(225);
    expect(raw.help_paying.assistance_request.status).toBe('approved');
    const tigers = await team('12U Tigers');
    const started = expectOk(
      await t.call('POST', '/api/memberships/checkout', {
        token: sam,
        body: { payment_plan_month: 3, team_id: tigers.id },
      }),
      checkoutResponseSchema,
    );
    expect(started.payment_intent_id).toBeTruthy();
    const intent = await t.providers.payments.retrieveIntent(started.payment_intent_id!);
    expect(intent?.amountCents).toBe(7500);
    expect(intent?.metadata.financial_assistance_cents).toBe('22500');
  });

  it("the family checkout's quote takes the award off the athlete's line too", async () => {
    const sam = await samWithLicence();
    expect((await approve(await askFor(sam, 50))).status).toBe(200);
    const parent = await t.tokenFor('parent@example.com');
    const quote = await t.call('POST', '/api/household/quote', {
      token: parent,
      body: { athletes: [{ athlete_id: await userId(t.db, 'samrivera'), payment_plan_month: 0 }] },
    });
    expect(quote.status, quote.text).toBe(200);
    expect((quote.body as { athletes: unknown[] }).athletes[0]).toMatchObject({
      problem: null,
      financial_assistance_cents: 22500,
      code_discount_cents: 0,
      today_cents: 25000,
    });
  });

  it('a 100 % award is the full discount: the waiver only, nothing charged, the award on the receipt', async () => {
    const sam = await samWithLicence();
    expect((await approve(await askFor(sam, 100))).status).toBe(200);
    const data = await plans(sam);
    expect(data.payment_plans.map((plan) => plan.phases.map((phase) => phase.amount))).toEqual([[0]]);
    const tigers = await team('12U Tigers');
    const done = await t.call('POST', '/api/memberships/checkout', {
      token: sam,
      body: { payment_plan_month: 0, team_id: tigers.id },
    });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({
      payment_intent_id: null,
      payment_complete: 1,
      receipt: { amount_cents: 0, financial_assistance_cents: 45000 },
    });
    const [row] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.teamId, tigers.id), eq(memberships.userId, await userId(t.db, 'samrivera'))));
    expect(row?.financialAssistanceCents).toBe(45000);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'parent@example.com'));
    const receipt = mails.find((mail) => mail.subject.startsWith('Receipt: $0.00'));
    expect(receipt?.text ?? '').toContain('Financial assistance: -$450.00');
  });
});

describe('a refund never returns assistance as money (issue 34 point 3)', () => {
  it('refunds at most what the family paid after a 50 % award; the award stays recorded', async () => {
    const sam = await samWithLicence();
    expect((await approve(await askFor(sam, 50))).status).toBe(200);
    const tigers = await team('12U Tigers');
    const started = expectOk(
      await t.call('POST', '/api/memberships/checkout', {
        token: sam,
        body: { payment_plan_month: 0, team_id: tigers.id },
      }),
      checkoutResponseSchema,
    );
    const sandbox = t.providers.payments as SandboxCardPayments;
    await sandbox.confirm(started.payment_intent_id!, started.client_secret!, {
      number: '4242424242424242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    });
    const paid = await t.call('POST', '/api/memberships/checkout-success', {
      token: sam,
      body: { payment_plan_month: 0, team_id: tigers.id, stripe_payment_intent_id: started.payment_intent_id },
    });
    expect(paid.status, paid.text).toBe(200);
    const [membership] = await t.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.teamId, tigers.id), eq(memberships.userId, await userId(t.db, 'samrivera'))));
    expect(membership?.financialAssistanceCents).toBe(22500);
    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    const refund = (amount: number, key: string) =>
      t.call('POST', `/api/admin/memberships/${membership!.id}/refunds`, {
        token: registrar,
        headers: { 'Idempotency-Key': key },
        body: { amount_cents: amount, reason: 'Moved away' },
      });
    // Paid: 225 of dues + the 25 app fee. The dues' other 225 were the club's help, never money to give back.
    const dues = await refund(45000, 'whole-dues');
    expectError(dues, 422);
    expect((dues.body as { messages: Record<string, string[]> }).messages.amount_cents).toEqual([MONEY_TEXTS.tooMuch]);
    const onePastPaid = await refund(25001, 'one-past');
    expectError(onePastPaid, 422);
    const all = await refund(25000, 'all-paid');
    expect(all.status, all.text).toBe(201);
    const page = (all.body as { membership: { paid_cents: number; financial_assistance_cents: number } }).membership;
    expect(page.paid_cents).toBe(0);
    expect(page.financial_assistance_cents).toBe(22500);
    expect(await t.db.select().from(sandboxRefunds)).toHaveLength(1);
    const [refunded] = await t.db.select().from(sandboxRefunds);
    expect(refunded?.amountCents).toBe(25000);
    const again = await refund(1, 'nothing-left');
    expectError(again, 422);
  });
});

describe('paying by check or cash (issue 34 point 4)', () => {
  it("records 'Awaiting payment' with its plan, e-mails the instructions, and the registrar's mark sends the receipt", async () => {
    const sam = await samWithLicence();
    const tigers = await team('12U Tigers');
    const answer = await t.call('POST', '/api/memberships/checkout', {
      token: sam,
      body: { payment_plan_month: 3, team_id: tigers.id, payment_method: 'check_or_cash' },
    });
    expect(answer.status, answer.text).toBe(200);
    const body = answer.body as { payment_complete: number; awaiting_payment: Record<string, unknown> };
    expect(body.payment_complete).toBe(1);
    expect(body.awaiting_payment).toMatchObject({
      amount_due_cents: 7500,
      total_cents: 7500 + 40500,
      plan_name: '3 monthly payments',
      instructions:
        'Make checks payable to Northside Youth Baseball and hand them to your coach at the first practice.',
      organization: { name: 'Northside Youth Baseball' },
    });
    const membershipId = body.awaiting_payment.membership_id as number;
    const phases = await t.db.select().from(membershipPhases).where(eq(membershipPhases.membershipId, membershipId));
    expect(phases.every((phase) => phase.status === 'scheduled' && phase.nextAttemptOn === null)).toBe(true);
    const [instructions] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'How to pay Northside Youth Baseball by check or cash'));
    expect(instructions?.text).toContain('How to pay: Make checks payable to Northside Youth Baseball');
    // /payments: the figures' own status (nothing paid: held) and the awaiting payment.
    const parent = await t.tokenFor('parent@example.com');
    const list = (await t.call('GET', '/api/memberships', { token: parent })).body as {
      memberships: { id: number; status: string; awaiting_payment?: unknown }[];
    };
    const summary = list.memberships.find((m) => m.id === membershipId);
    expect(summary?.status).toBe('held');
    expect(summary?.awaiting_payment).toBeDefined();
    // A family cannot mark itself paid.
    expectError(
      await t.call('POST', `/api/admin/memberships/${membershipId}/phases/${phases[0]!.id}/offline`, {
        token: parent,
        body: { method: 'cheque', note: '' },
      }),
      403,
    );
    const registrar = await staffTokenFor(t.db, STAFF.registrar);
    const first = phases.find((phase) => phase.seq === 0)!;
    const marked = await t.call('POST', `/api/admin/memberships/${membershipId}/phases/${first.id}/offline`, {
      token: registrar,
      body: { method: 'cheque', note: 'Cheque 1041' },
    });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).not.toHaveProperty('membership.awaiting_payment');
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'parent@example.com'));
    expect(mails.some((mail) => mail.subject.startsWith('Receipt: $75.00'))).toBe(true);
    // Paid now: the job leaves the seat alone whenever it runs.
    await releaseExpiredHolds(t.deps, new Date(Date.now() + 30 * 24 * 3600 * 1000));
    const [kept] = await t.db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(kept?.status).toBe('active');
  });

  it('releases an unpaid hold past its days (the held-seat job) and refuses where the club does not accept it', async () => {
    const sam = await samWithLicence();
    const tigers = await team('12U Tigers');
    const answer = await t.call('POST', '/api/memberships/checkout', {
      token: sam,
      body: { payment_plan_month: 0, team_id: tigers.id, payment_method: 'check_or_cash' },
    });
    expect(answer.status, answer.text).toBe(200);
    const membershipId = (answer.body as { awaiting_payment: { membership_id: number } }).awaiting_payment
      .membership_id;
    await releaseExpiredHolds(t.deps, new Date(Date.now() + 13 * 24 * 3600 * 1000));
    expect((await t.db.select().from(memberships).where(eq(memberships.id, membershipId)))[0]?.status).toBe('active');
    expect(await releaseExpiredHolds(t.deps, new Date(Date.now() + 15 * 24 * 3600 * 1000))).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(memberships).where(eq(memberships.id, membershipId)))[0]?.status).toBe('canceled');
    const samId = await userId(t.db, 'samrivera');
    expect(await t.db.select().from(licenceClaims).where(eq(licenceClaims.userId, samId))).toHaveLength(0);

    const lakeside = await samWithLicence('WAVES-2027');
    const waves = await team('10U Waves');
    const refused = expectError(
      await t.call('POST', '/api/memberships/checkout', {
        token: lakeside,
        body: { payment_plan_month: 0, team_id: waves.id, payment_method: 'check_or_cash' },
      }),
      422,
    );
    expect(refused.messages.payment_method).toEqual(['This organization does not accept checks or cash.']);
    expect(await t.db.select().from(seasons)).not.toHaveLength(0);
  });
});

describe("the server keeps help paying's rules whatever the client sends (issue 34 point 5)", () => {
  it("a guardian asking on their athlete's seat asks for that athlete: one request per athlete and season", async () => {
    await samWithLicence();
    const parent = await t.tokenFor('parent@example.com');
    const asked = await ask(parent, await askBody(100));
    expect(asked.status, asked.text).toBe(201);
    const [request] = await t.db.select().from(assistanceRequests);
    expect(request?.athleteId).toBe(await userId(t.db, 'samrivera'));
    // The other guardian, and Sam himself, ask for the same athlete and season: already asked.
    expectError(await ask(await t.tokenFor('coparent@example.com'), await askBody(100)), 409);
    expectError(await ask(await t.tokenFor('samrivera'), await askBody(50)), 409);
  });

  it('refuses a request for a season the family has already registered for', async () => {
    const sam = await samWithLicence();
    const tigers = await team('12U Tigers');
    const paid = await t.call('POST', '/api/memberships/checkout', {
      token: sam,
      body: { payment_plan_month: 3, team_id: tigers.id, payment_method: 'check_or_cash' },
    });
    expect(paid.status, paid.text).toBe(200);
    expectError(await ask(sam, await askBody(100)), 409);
    expectError(await ask(await t.tokenFor('parent@example.com'), await askBody(100)), 409);
  });

  it('refuses an approval once the athlete has registered (the award would never apply), leaving the budget', async () => {
    const sam = await samWithLicence();
    const requestId = await askFor(sam, 50);
    const tigers = await team('12U Tigers');
    const paid = await t.call('POST', '/api/memberships/checkout', {
      token: sam,
      body: { payment_plan_month: 3, team_id: tigers.id, payment_method: 'check_or_cash' },
    });
    expect(paid.status, paid.text).toBe(200);
    expectError(await approve(requestId), 409, /^This athlete has already registered for the season/);
    const [request] = await t.db.select().from(assistanceRequests).where(eq(assistanceRequests.id, requestId));
    expect(request?.status).toBe('pending');
    expect(request?.amountApprovedCents).toBeNull();
  });

  it("choosing check or cash cancels the card intent the payer's earlier Pay Now left open", async () => {
    const sam = await samWithLicence();
    const tigers = await team('12U Tigers');
    const card = expectOk(
      await t.call('POST', '/api/memberships/checkout', {
        token: sam,
        body: { payment_plan_month: 0, team_id: tigers.id },
      }),
      checkoutResponseSchema,
    );
    expect(card.payment_intent_id).not.toBeNull();
    const cash = await t.call('POST', '/api/memberships/checkout', {
      token: sam,
      body: { payment_plan_month: 0, team_id: tigers.id, payment_method: 'check_or_cash' },
    });
    expect(cash.status, cash.text).toBe(200);
    const intent = await t.deps.providers.payments.retrieveIntent(card.payment_intent_id!);
    expect(intent?.status).toBe('canceled');
  });
});
