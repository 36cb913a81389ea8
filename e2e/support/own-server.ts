import { test as shared } from './fixtures';
import { acquireIsolatedServer, type IsolatedServer } from './isolated-server';

/**
 * `test` for the files whose journeys change what other files read on the shared server (an organization's check or
 * cash instructions, a season's budget) or run the collector (`POST /api/staff/billing/run`), which charges, reminds,
 * releases and cancels for every family of the server it runs on: every page, new page and API call of such a file
 * goes to the worker's isolated server (isolated-server.ts), put back to the fixtures when the file starts and shared by
 * its journeys one after the other; each journey still creates its own families.
 */
export const test = shared.extend<{ ownServer: IsolatedServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  ownServer: async ({}, use, testInfo) => {
    const server = await acquireIsolatedServer({ sharedBy: testInfo.file });
    await use(server);
    await server.release();
  },
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.baseURL);
  },
});
