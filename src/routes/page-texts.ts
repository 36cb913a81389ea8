import { loadGroups, type MessageGroup } from '../i18n/runtime';

/**
 * A page's lazy import with its texts (issue 31): the page's catalogue groups load in the language in use beside the
 * page's chunk, in parallel, and the page renders once both are there.
 */
export function withTexts<T>(groups: readonly MessageGroup[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadGroups(groups)]).then(([page]) => page);
}
