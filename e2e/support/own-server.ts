import { test as shared } from './fixtures';
import { type IsolatedServer, startIsolatedServer } from './isolated-server';

/**
 * `test` for the files whose journeys change what other files read on the shared server (an organization's check or
 * cash instructions, a season's budget) or run the collector (`POST /api/staff/billing/run`), which charges, reminds,
 * releases and cancels for every family of the server it runs on: every page, new page and API call of such a file
 * goes to a server apart from the shared one, started once per worker. Files that use it and land on the same worker
 * share that server one after the other, never at the same time; each journey still creates its own families.
 */
export const test = shared.extend<Record<never, never>, { ownServer: IsolatedServer }>({
  ownServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startIsolatedServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.baseURL);
  },
});
