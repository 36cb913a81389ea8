/**
 * One payment on its own (card-payment.machine.ts): Pay Now by card, with a full discount and after a charge that
 * was not recorded, and the return from 3-D Secure rendered by its notice; every answer and every exit. The payment
 * flow walks the same steps as its child. Update card's variant (update-card-payment.ts) is walked here too: the
 * branches only a saved card takes (`savesCardOnly`) are this machine's; update card's test renders its screens.
 */
import { render } from '@testing-library/react';
import { ReturnNotice } from '../src/views/payment/return-notice';
import { cardPaymentModel } from './card-payment.model.ts';
import { updateCardPaymentModel } from './card-payment.update-card.ts';
import { cardPaymentViews } from './card-payment.views.ts';
import { runPaths } from './harness/index.ts';

runPaths({
  model: cardPaymentModel,
  uiRun: { ...cardPaymentViews, render: ({ actor }) => render(<ReturnNotice actorRef={actor} />) },
});

runPaths({ model: updateCardPaymentModel });
