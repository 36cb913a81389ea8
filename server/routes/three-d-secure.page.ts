/**
 * The sandbox's stand-in for a bank's 3-D Secure challenge (design.md §6). Plain server-rendered HTML with no
 * script: two form buttons, so it works with any browser, keyboard or screen reader. In the visitor's language (the
 * `sandbox` group; the route picks it as the site's pages are picked: lang=, the language cookie, Accept-Language).
 */
import { formatUsd } from '../../src/domain/money.ts';
import { serverPagePolicy } from '../http/csp.ts';
import { type Locale, translate } from '../i18n/index.ts';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1a1a1a; margin: 0; }
  main { max-width: 28rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 0.5rem;
         box-shadow: 0 1px 4px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.6rem 1.1rem; border-radius: 0.35rem; border: 2px solid #1d4ed8; cursor: pointer; }
  button[value="complete"] { background: #1d4ed8; color: #fff; }
  button[value="fail"] { background: #fff; color: #1d4ed8; }
  button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

/**
 * The page's Content-Security-Policy: no script at all, its one inline stylesheet by hash, never framed (it carries
 * a client secret). No form-action: the form's answer redirects to the site's return_url, which may be on another
 * origin than this server (a site with its own API server).
 */
export const AUTHENTICATION_PAGE_POLICY = serverPagePolicy({
  styles: [STYLE],
  frameAncestors: "'none'",
  formAction: null,
});

function layout(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

/** A payment (PaymentIntent, with its amount) or a card being saved (SetupIntent, no amount). */
export type AuthenticationPageInput = {
  clientSecret: string;
  returnUrl: string;
} & ({ paymentIntent: string; amountCents: number } | { setupIntent: string; amountCents: null });

/** Where the amount goes in the payment's question, before it is written in bold. */
const AMOUNT_MARK = '\u0000amount\u0000';

type PlainKey =
  | 'sandbox.authTitle'
  | 'sandbox.confirmSetup'
  | 'sandbox.explain'
  | 'sandbox.complete'
  | 'sandbox.fail'
  | 'sandbox.invalidTitle'
  | 'sandbox.invalidText';

/** A text of the page in `locale`, as HTML. */
const htmlText = (locale: Locale, key: PlainKey) => escapeHtml(translate(locale, key));

export function renderAuthenticationPage(input: AuthenticationPageInput, locale: Locale): string {
  const t = (key: PlainKey) => htmlText(locale, key);
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const question =
    'paymentIntent' in input
      ? escapeHtml(translate(locale, 'sandbox.confirmPayment', { amount: AMOUNT_MARK })).replace(
          AMOUNT_MARK,
          `<strong>${escapeHtml(formatUsd(input.amountCents))}</strong>`,
        )
      : t('sandbox.confirmSetup');
  const intentField =
    'paymentIntent' in input
      ? hidden('payment_intent', input.paymentIntent)
      : hidden('setup_intent', input.setupIntent);
  return layout(
    locale,
    translate(locale, 'sandbox.authTitle'),
    `<h1>${t('sandbox.authTitle')}</h1>
<p>${question}</p>
<p>${t('sandbox.explain')}</p>
<form method="post" action="/sandbox/3ds">
${intentField}
${hidden('client_secret', input.clientSecret)}
${hidden('return_url', input.returnUrl)}
<div class="actions">
<button type="submit" name="outcome" value="complete">${t('sandbox.complete')}</button>
<button type="submit" name="outcome" value="fail">${t('sandbox.fail')}</button>
</div>
</form>`,
  );
}

export function renderInvalidLinkPage(locale: Locale): string {
  return layout(
    locale,
    translate(locale, 'sandbox.invalidTitle'),
    `<h1>${htmlText(locale, 'sandbox.invalidTitle')}</h1>
<p>${htmlText(locale, 'sandbox.invalidText')}</p>`,
  );
}
