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
 */
import { renderToString } from 'react-dom/server';
import { createActor } from 'xstate';
import { parsePaymentData } from '../api/server-rendered';
import { addAllCatalogues } from '../i18n/all-catalogues';
import { draftPreviewMachine } from '../machines/draft-preview';
import { PaymentFlow } from '../views/payment/payment-flow';

// The texts, all at hand (renders are synchronous); the preview renders in English.
addAllCatalogues();

const FIRST_SCREENS = ['choosingPlan', 'pageError', 'noSeason'] as const;

/**
 * The page (`<div class="page">…</div>`) for a draft's payment data as the API answers it (wire JSON), or null when
 * the data is not valid or the preview would not open at the plans.
 */
export function renderDraftPreview(draftId: number, wireData: unknown): string | null {
  const plans = parsePaymentData(wireData);
  if (plans === null) return null;
  // Never started: the initial snapshot is the first screen, and no request, channel or timer runs on the server.
  const actor = createActor(draftPreviewMachine, { input: { draftId, plans } });
  const snapshot = actor.getSnapshot();
  if (!FIRST_SCREENS.some((screen) => snapshot.matches(screen))) return null;
  return renderToString(<PaymentFlow actorRef={actor} preview />);
}
