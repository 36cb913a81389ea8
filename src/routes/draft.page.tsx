import { createLazyRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { serverRenderedDraftPlans } from '../api/server-rendered';
import { useT } from '../i18n/use-t';
import { draftPreviewMachine } from '../machines/draft-preview';
import type { PaymentDestination } from '../machines/payment.machine';
import { draftChannelActor } from '../providers/realtime/draft-channel.actor';
import { Alert } from '../views/common/alert';
import { Page } from '../views/common/page';
import { PaymentFlow } from '../views/payment/payment-flow';
import { draftRoute } from './draft.route';
import { type NavigateFunction, useFlowPage } from './flow-page';

/** /draft follows the draft channel live (and never loads card code: the preview cannot pay). */
const draftPageMachine = draftPreviewMachine.provide({ actors: { draftChannel: draftChannelActor } });

function DraftPreview({ draftId }: { draftId: number }) {
  // The plans the server rendered the page with (issue 14): the flow starts at them, so React's first render is the
  // server's markup. Read while that render runs; it replaces #root's content, the data with it.
  const [plans] = useState(() => serverRenderedDraftPlans(draftId));
  const actorRef = useFlowPage(draftPageMachine, { flow: 'payment', input: { draftId, plans }, follow });
  return <PaymentFlow actorRef={actorRef} preview />;
}

/** The preview reaches no exit (it cannot pay, and Back has nowhere to go); were it to, it would leave as /payment does. */
function follow(navigate: NavigateFunction, destination: PaymentDestination): void {
  void navigate({ ...destination, replace: true });
}

function DraftPage() {
  const t = useT();
  const { draft_id: draftId } = draftRoute.useSearch();
  if (draftId === undefined) {
    return (
      <Page>
        <h1>{t('payment.previewTitle')}</h1>
        <Alert>{t('payment.noDraft')}</Alert>
      </Page>
    );
  }
  // A new draft id is a new preview: the key starts a fresh flow for it.
  return <DraftPreview key={draftId} draftId={draftId} />;
}

export const Route = createLazyRoute('/draft')({ component: DraftPage });
