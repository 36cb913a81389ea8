import { render } from '@testing-library/react';
import { MembershipRefund } from '../src/views/admin/membership-refund';
import { refundModel } from './admin-refund.model.ts';
import { refundViews } from './admin-refund.views.ts';
import { runPaths } from './harness/index.ts';

runPaths({
  model: refundModel,
  uiRun: { ...refundViews, render: ({ actor }) => render(<MembershipRefund actorRef={actor} />) },
});
