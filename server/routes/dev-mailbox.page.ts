import { serverPagePolicy } from '../http/csp.ts';

/** /dev/mailbox's one inline stylesheet (server/routes/dev-mailbox.ts), named here so its policy can hash it. */
export const MAILBOX_STYLE = `
body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
article { border: 1px solid #ccc; border-radius: 6px; padding: 0 1rem; margin: 1rem 0; }
.meta { color: #555; }
pre { white-space: pre-wrap; word-break: break-all; }
`;

/** /dev/mailbox's Content-Security-Policy: no script, its stylesheet by hash (server/http/csp.ts). */
export const MAILBOX_POLICY = serverPagePolicy({ styles: [MAILBOX_STYLE] });
