import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Coupon, PlanDetails, User } from '../../api/schemas';
import { setLocale } from '../../i18n/runtime';
import { subscribeMachine } from '../../machines/subscribe.machine';
import type { BillingProvider } from '../../providers/billing/billing-provider';
import { createSandboxBilling } from '../../providers/billing/sandbox-billing';
import { SubscribeFlow } from './subscribe-flow';

const guardian: User = {
  id: 41,
  name: 'Pat Rivera',
  email: 'pat@example.com',
  phone: null,
  username: null,
  is_new: false,
  is_coach: false,
  has_subscription: false,
  player: null,
  license: null,
  subscription: null,
  deeplink: null,
};

const prices: PlanDetails = {
  monthly_price: 1499,
  annual_price: 11999,
  annual_price_pm: 1199,
  quarterly_price: 3999,
  trial_interval_length: 7,
  trial_interval_length_annual: 14,
  trial_interval_length_annual_pm: null,
  trial_interval_length_quarterly: null,
};

/** The flow at its form, its calls answered locally; `received` lists the events the machine got. */
async function atTheForm(couponAnswer: Promise<void> = Promise.resolve()) {
  const received: string[] = [];
  const machine = subscribeMachine.provide({
    actors: {
      refreshUser: fromPromise<User>(async () => guardian),
      fetchPlanDetails: fromPromise<PlanDetails>(async () => prices),
      loadBilling: fromPromise<BillingProvider>(async () => createSandboxBilling()),
      fetchCoupon: fromPromise<Coupon, { code: string }>(async ({ input }) => {
        await couponAnswer;
        return {
          coupon_code: input.code,
          discount_type: 'dollars',
          discount_in_cents: 500,
          discount_percent: null,
          duration: 'temporal',
          applies_for_months: 3,
        };
      }),
    },
  });
  const actor = createActor(machine, {
    input: { user: null },
    inspect: (event) => {
      if (event.type === '@xstate.event' && event.actorRef === actor) received.push(event.event.type);
    },
  });
  actor.start();
  render(<SubscribeFlow actorRef={actor} />);
  await screen.findByRole('button', { name: 'Subscribe' });
  return { actor, received };
}

describe('the billing form', () => {
  it('shows what is missing, moves focus to the first gap, and does not subscribe', async () => {
    const { actor, received } = await atTheForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('First name is required.')).toBeTruthy();
    expect(screen.getByText('State or province is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(received).not.toContain('SUBSCRIBE');
    expect(actor.getSnapshot().matches({ shopping: 'idle' })).toBe(true);
  });

  it('asks for the two-letter code of the state or province', async () => {
    await atTheForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('State or province'), 'I');
    await user.tab();
    expect(screen.getByText('Use the two-letter code of the state or province (for example CA).')).toBeTruthy();
  });

  it('applies a typed coupon on Enter instead of subscribing with it unapplied', async () => {
    const { received } = await atTheForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'SAVE5{Enter}');
    expect(await screen.findByText('Coupon SAVE5 applied.')).toBeTruthy();
    expect(received).toContain('APPLY_COUPON');
    expect(received).not.toContain('SUBSCRIBE');
  });

  it("keeps 'Apply Coupon' focused while the coupon is looked up, and ignores presses meanwhile", async () => {
    let answer = () => {};
    const { actor, received } = await atTheForm(
      new Promise<void>((resolve) => {
        answer = () => resolve();
      }),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Coupon code (optional)'), 'SAVE5');
    const apply = screen.getByRole('button', { name: 'Apply Coupon' });
    await user.click(apply);
    expect(actor.getSnapshot().matches('applyingCoupon')).toBe(true);
    // aria-disabled, not disabled: the focus stays on the button instead of falling to <body>.
    expect(apply.getAttribute('aria-disabled')).toBe('true');
    expect(apply.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(apply);
    await user.click(apply);
    expect(received.filter((type) => type === 'APPLY_COUPON')).toHaveLength(1);
    answer();
    expect(await screen.findByText('Coupon SAVE5 applied.')).toBeTruthy();
    expect(apply.getAttribute('aria-disabled')).toBe('false');
    expect(document.activeElement).toBe(apply);
  });
});

describe('the subscription page in Spanish (issue 31)', () => {
  it('names the plan, the tiles and the form in Spanish', async () => {
    await setLocale('es');
    const received: string[] = [];
    const machine = subscribeMachine.provide({
      actors: {
        refreshUser: fromPromise<User>(async () => guardian),
        fetchPlanDetails: fromPromise<PlanDetails>(async () => prices),
        loadBilling: fromPromise<BillingProvider>(async () => createSandboxBilling()),
      },
    });
    const actor = createActor(machine, { input: { user: null } }).start();
    render(<SubscribeFlow actorRef={actor} />);
    await screen.findByRole('button', { name: 'Suscribirse' });
    expect(received).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tu plan');
    expect(screen.getByRole('radio', { name: 'Anual' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Anual, con pago mensual' })).toBeTruthy();
    expect(screen.getByText('$14.99 al mes')).toBeTruthy();
    expect(screen.getByText('Prueba gratuita de 7 días.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Información de facturación' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aplicar cupón' })).toBeTruthy();
    expect(screen.getByLabelText('Código postal')).toBeTruthy();
    // The country list and the sandbox's card form are the catalogue's too.
    const countries = [...(screen.getByLabelText('País') as HTMLSelectElement).options].map((option) => option.text);
    expect(countries.slice(0, 3)).toEqual(['Estados Unidos', 'Canadá', 'México']);
    expect(screen.getByRole('group', { name: 'Tarjeta' })).toBeTruthy();
    expect(screen.getByLabelText('Número de tarjeta')).toBeTruthy();
    expect(screen.getByLabelText('Mes de vencimiento').getAttribute('placeholder')).toBe('MM');
    expect(screen.getByLabelText('Año de vencimiento').getAttribute('placeholder')).toBe('AAAA');
    expect(screen.getByLabelText('Código de seguridad (CVV)')).toBeTruthy();
  });

  it("says the sandbox's refusal of the card in Spanish, and in English after a switch", async () => {
    await setLocale('es');
    const machine = subscribeMachine.provide({
      actors: {
        refreshUser: fromPromise<User>(async () => guardian),
        fetchPlanDetails: fromPromise<PlanDetails>(async () => prices),
        loadBilling: fromPromise<BillingProvider>(async () => createSandboxBilling()),
      },
    });
    const actor = createActor(machine, { input: { user: null } }).start();
    render(<SubscribeFlow actorRef={actor} />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Suscribirse' });
    for (const [label, value] of [
      ['Nombre', 'Pat'],
      ['Apellido', 'Rivera'],
      ['Dirección', '1 Main Street'],
      ['Ciudad', 'Springfield'],
      ['Estado o provincia', 'IL'],
      ['Código postal', '62701'],
    ] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Suscribirse' }));
    // Nothing typed into the card: the sandbox refuses it before sending, one problem a line.
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El número de tarjeta no es válido.\nEl mes de vencimiento no es válido.\nEl año de vencimiento no es válido.\n' +
        'El código de seguridad no es válido.',
    );
    await setLocale('en');
    expect(screen.getByRole('alert').textContent).toBe(
      'Card number is invalid.\nExpiration month is invalid.\nExpiration year is invalid.\nSecurity code is invalid.',
    );
  });
});
