import type { FlowSnapshotMessage } from '../src/flows/flow-inspector';
import { expectNoSeriousA11yViolations, VIEWPORTS } from './support/axe';
import { expect, type Page, test } from './support/fixtures';

/**
 * The flows page (issue 8): statecharts drawn offline, and the live view that follows a flow used in another tab
 * of the same browser (BroadcastChannel 'diamond-flows', fed by flowInspector in the route's actor).
 */

const diagram = (page: Page) => page.locator('.flows-diagram svg');
const state = (page: Page, id: string) => diagram(page).locator(`[data-state-id="${id}"]`);

test.describe('flows page', () => {
  test('draws every machine without network access, with an accessible list of states', async ({
    page,
    context,
    baseURL,
  }) => {
    // Anything but the site itself fails: the page must not need a CDN, a font service or stately.ai.
    await context.route(
      (url) => !url.href.startsWith(baseURL ?? ''),
      (route) => route.abort(),
    );
    await page.goto('/flows');
    const machines = page.getByRole('navigation', { name: 'Machines' }).getByRole('link');
    await expect(machines.first()).toBeVisible();
    const names = (await machines.allInnerTexts()).filter((name) => name !== 'Follow the active flow');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      await page.getByRole('navigation', { name: 'Machines' }).getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${name} \\(machine `) })).toBeVisible();
      await expect(diagram(page)).toBeVisible();
      // Every state of the accessible list is drawn, and the machine's own box besides.
      const listed = await page.locator('.flows-states li').count();
      expect(listed).toBeGreaterThan(0);
      await expect(diagram(page).locator('[data-state-id]')).toHaveCount(listed + 1);
    }
  });

  test("shows the machines' descriptions, which only this page's copies of the machines carry", async ({ page }) => {
    // The build blanks them in the machines the flow pages import (scripts/machine-descriptions.ts).
    await page.goto('/flows?machine=register');
    await expect(page.getByRole('heading', { level: 2, name: /^register \(machine / })).toBeVisible();
    await expect(page.locator('.flows-states li[data-state-id="register.routing"] .flows-description')).toContainText(
      'spec §2',
    );
    expect(await page.locator('.flows-transitions li .flows-description').count()).toBeGreaterThan(0);
  });

  for (const viewport of VIEWPORTS) {
    test(`has no serious accessibility violations at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/flows?machine=login');
      await expect(diagram(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/flows at ${viewport.name}`);
    });
  }

  test('follows the flow that posts on the diamond-flows channel', async ({ context }) => {
    const flows = await context.newPage();
    await flows.goto('/flows?machine=login');
    await expect(diagram(flows)).toBeVisible();
    const other = await context.newPage();
    await other.goto('/no-such-page');
    // The messages flowInspector posts, sent by hand: the page's side of the contract.
    const message = (event: string, value: unknown): FlowSnapshotMessage => ({
      kind: 'diamond-flows/snapshot',
      flow: 'login',
      machineId: 'login',
      sessionId: 'x:1',
      event,
      value,
      status: 'active',
      at: Date.now(),
    });
    await other.evaluate(
      (messages) => {
        const channel = new BroadcastChannel('diamond-flows');
        for (const data of messages) channel.postMessage(data);
        channel.close();
      },
      [message('xstate.init', 'welcome'), message('YES', 'guardianLogin')],
    );
    await expect(state(flows, 'login.guardianLogin')).toHaveAttribute('data-status', 'active');
    await expect(state(flows, 'login.welcome')).not.toHaveAttribute('data-status', 'active');
    await expect(flows.getByTestId('flows-history')).toContainText('login: YES → guardianLogin');
  });

  test('highlights the state of the login flow as a person clicks through it in another tab', async ({ context }) => {
    const flows = await context.newPage();
    // Without a chosen machine the page follows the flow that moved last.
    await flows.goto('/flows');
    // The page listens once its scripts have run (after the load event): a flow started before would go unseen.
    await expect(flows.getByRole('navigation', { name: 'Machines' })).toBeVisible();
    const site = await context.newPage();
    await site.goto('/login');
    await expect(site.getByRole('button', { name: 'Yes' })).toBeVisible();

    await expect(flows.getByRole('heading', { level: 2, name: /^login \(machine / })).toBeVisible();
    await expect(state(flows, 'login.welcome')).toHaveAttribute('data-status', 'active');
    await expect(flows.getByTestId('flows-current')).toContainText('Current state: welcome');
    await expect(flows.getByTestId('flows-history')).toContainText(/login: start → welcome/);

    await site.getByRole('button', { name: 'Yes' }).click();
    await expect(site.getByLabel('Guardian Email')).toBeVisible();
    await expect(state(flows, 'login.guardianLogin')).toHaveAttribute('data-status', 'active');
    await expect(state(flows, 'login.welcome')).not.toHaveAttribute('data-status', 'active');
    await expect(flows.getByTestId('flows-current')).toContainText('Current state: guardianLogin');
    await expect(flows.getByTestId('flows-history')).toContainText('login: YES → guardianLogin');
    await expect(flows.locator('[data-status="taken"][data-transition-id*="--YES"]').first()).toBeVisible();

    await site.getByRole('button', { name: 'Back' }).click();
    await expect(site.getByRole('button', { name: 'Yes' })).toBeVisible();
    await expect(state(flows, 'login.welcome')).toHaveAttribute('data-status', 'active');
    await expect(flows.getByTestId('flows-history')).toContainText('login: BACK → welcome');
    // The accessible list says the same as the picture.
    await expect(flows.locator('.flows-states li[data-state-id="login.welcome"]')).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});
