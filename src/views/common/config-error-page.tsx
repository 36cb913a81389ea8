/** Shown instead of the site when the build's configuration is invalid (src/config-schema.ts names the variable). */
export function ConfigErrorPage({ message }: { message: string }) {
  return (
    <main id="main" className="page-main">
      <h1>This site is not configured correctly</h1>
      <pre className="alert alert--error">{message}</pre>
    </main>
  );
}
