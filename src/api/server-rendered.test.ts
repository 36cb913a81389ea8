import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_PREVIEW_DATA_ID, serverRenderedDraftPlans } from './server-rendered';
import { paymentData } from './wire-samples';

/** The JSON script server/http/draft-preview-page.ts puts inside #root. */
function pageWith(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = DRAFT_PREVIEW_DATA_ID;
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the payment data /draft was rendered with (issue 14)', () => {
  it('is read for its own draft, validated and in cents', () => {
    pageWith(JSON.stringify({ draft_id: 1, data: paymentData }));
    const plans = serverRenderedDraftPlans(1);
    expect(plans?.team?.name).toBe(paymentData.team.name);
    expect(plans?.team?.total_dues).toBe(paymentData.team.total_dues * 100);
  });

  it('is nothing for another draft, without the element, or when it is not valid', () => {
    expect(serverRenderedDraftPlans(1)).toBeNull();
    pageWith(JSON.stringify({ draft_id: 2, data: paymentData }));
    expect(serverRenderedDraftPlans(1)).toBeNull();
    document.body.replaceChildren();
    pageWith('{ not json');
    expect(serverRenderedDraftPlans(1)).toBeNull();
    document.body.replaceChildren();
    pageWith(JSON.stringify({ draft_id: 1, data: { ...paymentData, payment_plans: 'none' } }));
    expect(serverRenderedDraftPlans(1)).toBeNull();
    document.body.replaceChildren();
    pageWith('');
    expect(serverRenderedDraftPlans(1)).toBeNull();
  });

  it('is used only in the language the site opens in (issue 31): the plans are named in it', () => {
    pageWith(JSON.stringify({ draft_id: 1, locale: 'es', data: paymentData }));
    expect(serverRenderedDraftPlans(1, document, 'es')?.team?.name).toBe(paymentData.team.name);
    expect(serverRenderedDraftPlans(1, document, 'en')).toBeNull();
    // The language in use by default (English in the tests).
    expect(serverRenderedDraftPlans(1)).toBeNull();
    document.body.replaceChildren();
    pageWith(JSON.stringify({ draft_id: 1, locale: 'en', data: paymentData }));
    expect(serverRenderedDraftPlans(1)?.team?.name).toBe(paymentData.team.name);
  });
});
