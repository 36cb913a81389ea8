/**
 * The /draft page rendered on the server (issue 14): the draft preview's first screen, from the same machine and views
 * as the browser, so its largest paint (the fee summary and plans) arrives with the HTML instead of after ~160 KB of
 * script and the plans request. `vite build` builds this module for Node beside the site (vite.config.ts
 * `environments.ssr`, dist/.vite/server/draft.server.js); server/http/draft-preview-page.ts puts its result into the
 * prerendered page; the browser starts the flow with the same data (src/api/server-rendered.ts), and its first render
 * is this markup.
 *
 * Only the screens the preview opens at are rendered: the plans, the page error and 'no season'. None of them shows
 * server HTML (the waiver, sanitized with DOMPurify in the browser, is at checkout).
 *
 * Each in the language of the page it goes into (issue 31): the server picks the prerendered page of the language the
 * site will open in (server/http/static-site.ts pageLocale) and renders into it in that language, with the plans the
 * server named in it; the browser opens in the same one (src/routes/language.ts), so its first render says the same.
 */
import { renderToString } from 'react-dom/server';
import { createActor } from 'xstate';
import { parsePaymentData } from '../api/server-rendered';
import { addAllCatalogues } from '../i18n/all-catalogues';
import { DEFAULT_LOCALE } from '../i18n/detect';
import { currentLocale, initLocale, type Locale } from '../i18n/runtime';
import { draftPreviewMachine } from '../machines/draft-preview';
import { PaymentFlow } from '../views/payment/payment-flow';

// The texts of every language, all at hand (renders are synchronous).
addAllCatalogues();

const FIRST_SCREENS = ['choosingPlan', 'pageError', 'noSeason'] as const;

/**
 * The page (`<div class="page">…</div>`) for a draft's payment data as the API answers it (wire JSON, its plans named
 * in `locale`), in `locale`, or null when the data is not valid or the preview would not open at the plans.
 */
export function renderDraftPreview(draftId: number, wireData: unknown, locale: Locale = DEFAULT_LOCALE): string | null {
  const plans = parsePaymentData(wireData);
  if (plans === null) return null;
  // Never started: the initial snapshot is the first screen, and no request, channel or timer runs on the server.
  const actor = createActor(draftPreviewMachine, { input: { draftId, plans } });
  const snapshot = actor.getSnapshot();
  if (!FIRST_SCREENS.some((screen) => snapshot.matches(screen))) return null;
  // `t` in the page's language for this synchronous render only: the language in use before is restored.
  const previous = currentLocale();
  initLocale(locale);
  try {
    return renderToString(<PaymentFlow actorRef={actor} preview />);
  } finally {
    initLocale(previous);
  }
}
