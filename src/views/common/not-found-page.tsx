import { Link } from '@tanstack/react-router';
import { Page } from './page';

export function NotFoundPage() {
  return (
    <Page>
      <h1>Page not found</h1>
      <p>The address you followed does not lead to a page of this site.</p>
      <p>
        <Link to="/login">Go to the login page</Link>
      </p>
    </Page>
  );
}
