import { render } from '@testing-library/react';
import { Page } from '../src/views/common/page';
import { HouseholdCheckoutView } from '../src/views/payment/household-checkout-view';
import { runPaths } from './harness/index.ts';
import { householdCheckoutModel } from './household-checkout.model.ts';
import { householdViews } from './household-checkout.views.ts';

runPaths({
  model: householdCheckoutModel,
  // Hundreds of paths differ only in the quote's payloads: the machine run walks them all, the views each state
  // and transition once.
  uiPaths: 'covering',
  uiRun: {
    ...householdViews,
    render: ({ actor }) =>
      render(
        <Page wide>
          <HouseholdCheckoutView actorRef={actor} />
        </Page>,
      ),
  },
});
