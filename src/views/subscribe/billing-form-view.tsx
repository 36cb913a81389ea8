import { shallowEqual, useSelector } from '@xstate/react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { subscribeBillingSchema } from '../../domain/forms/subscribe-billing';
import { text } from '../../i18n/runtime';
import { useT } from '../../i18n/use-t';
import { billingFormView, type SubscribeActorRef, type SubscribeEvent } from '../../machines/subscribe.connect';
import { Alert } from '../common/alert';
import { SelectField, TextField } from '../common/field';
import { useForm } from '../common/use-form';
import { BILLING_FIELDS, type BillingForm, COUNTRIES, countryName, EMPTY_BILLING_FORM } from './billing-form';
import { failureText } from './failure-text';

/**
 * The billing form (§2 Subscribe): name and address, the provider's card entry, the optional coupon with 'Apply
 * Coupon' (hidden when the link brought the coupon), the refund and renewal notices, and 'Subscribe'.
 */
export function BillingFormView({ actorRef }: { actorRef: SubscribeActorRef }) {
  const t = useT();
  const form = useForm(EMPTY_BILLING_FORM, subscribeBillingSchema);
  const [couponText, setCouponText] = useState('');
  const couponId = useId();
  const formId = useId();
  const headingId = useId();
  const view = useSelector(actorRef, billingFormView, shallowEqual);
  const applyEvent: SubscribeEvent = { type: 'APPLY_COUPON', code: couponText };
  // A narrow selector: whether the machine takes this coupon text now.
  const canApply = useSelector(actorRef, (snapshot) => snapshot.can(applyEvent));
  const { couponError } = view;

  const fieldId = (name: keyof BillingForm) => `${formId}-${name}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.attemptSubmit()) {
      // The errors appear under their fields; the first one takes focus so the person lands on it.
      const firstInvalid = BILLING_FIELDS.find((name) => form.errors[name]);
      if (firstInvalid) document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    actorRef.send({ type: 'SUBSCRIBE', values: form.values, coupon: couponText });
  };
  const applyOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in the coupon entry applies the coupon rather than subscribing with it unapplied.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (canApply) actorRef.send(applyEvent);
  };

  return (
    <form className="card billing-form" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>{t('subscribe.billingHeading')}</h2>
      <div className="grid grid--2">
        <TextField
          id={fieldId('firstName')}
          label={t('subscribe.firstName')}
          autoComplete="given-name"
          {...form.bind('firstName')}
        />
        <TextField
          id={fieldId('lastName')}
          label={t('subscribe.lastName')}
          autoComplete="family-name"
          {...form.bind('lastName')}
        />
      </div>
      <TextField
        id={fieldId('address')}
        label={t('subscribe.address')}
        autoComplete="address-line1"
        {...form.bind('address')}
      />
      <div className="grid grid--2">
        <TextField
          id={fieldId('city')}
          label={t('subscribe.city')}
          autoComplete="address-level2"
          {...form.bind('city')}
        />
        <TextField
          id={fieldId('state')}
          label={t('subscribe.state')}
          hint={t('subscribe.stateHint')}
          autoComplete="address-level1"
          maxLength={2}
          {...form.bind('state')}
        />
      </div>
      <div className="grid grid--2">
        <TextField
          id={fieldId('postalCode')}
          label={t('subscribe.postalCode')}
          autoComplete="postal-code"
          {...form.bind('postalCode')}
        />
        <SelectField
          id={fieldId('country')}
          label={t('subscribe.country')}
          autoComplete="country"
          {...form.bind('country')}
        >
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {countryName(country.code)}
            </option>
          ))}
        </SelectField>
      </div>
      {view.billing?.renderCardFields()}
      {view.acceptsCoupon && (
        <div className="field">
          <label htmlFor={couponId}>{t('subscribe.couponLabel')}</label>
          <div className="coupon-entry">
            <input
              id={couponId}
              value={couponText}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setCouponText(event.target.value)}
              onKeyDown={applyOnEnter}
              aria-invalid={couponError ? true : undefined}
              aria-describedby={couponError ? `${couponId}-error` : undefined}
            />
            {/* Applying looks the coupon up (busy): a disabled button would drop the focus to <body>, so it stays
                focusable (as the payment flow's Add and Apply) and ignores presses the machine would not take. */}
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={!canApply}
              onClick={() => {
                if (canApply) actorRef.send(applyEvent);
              }}
            >
              {t('subscribe.applyCoupon')}
            </button>
          </div>
        </div>
      )}
      {couponError && <Alert id={`${couponId}-error`}>{text(couponError)}</Alert>}
      {view.appliedCouponCode !== null && (
        <Alert tone="success">{t('subscribe.couponApplied', { code: view.appliedCouponCode })}</Alert>
      )}
      <div className="subscribe-notices">
        <p>{t('subscribe.autoRenewNotice')}</p>
        <p>{t('subscribe.refundNotice')}</p>
      </div>
      {view.failure !== null && <Alert>{failureText(view.failure)}</Alert>}
      <div className="button-row">
        {/* Enabled whenever the machine takes SUBSCRIBE at all: a click on an incomplete form shows its errors (the
            machine refuses those values through the same schema). */}
        <button type="submit" className="button" disabled={!view.canSubscribe}>
          {t('subscribe.subscribe')}
        </button>
      </div>
    </form>
  );
}
