import { Page } from './page';

/** Placeholder for a route whose flow has not been built yet (foundation issue, point 8). Counts toward no flow. */
export function NotBuiltPage({ title, what }: { title: string; what: string }) {
  return (
    <Page>
      <h1>{title}</h1>
      <p>This page is not built yet: the {what} comes in a later release.</p>
    </Page>
  );
}
