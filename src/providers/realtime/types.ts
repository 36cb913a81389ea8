/**
 * The realtime seam (design.md §6, spec §7 "Realtime"): Pusher Channels in production, the server's own
 * Pusher-protocol socket in the sandbox. Both are driven by pusher-js; only the connection options differ.
 */

/** The realtime part of the site's configuration (src/config-schema.ts). */
export interface RealtimeSettings {
  readonly provider: 'sandbox' | 'pusher';
  readonly key: string;
  readonly cluster: string;
  readonly forceTLS: boolean;
}

/** Where the page was loaded from: the sandbox socket lives on the same host and port. */
export interface PageLocation {
  readonly hostname: string;
  readonly port: string;
  readonly protocol: string;
}

export interface ChannelSubscription {
  unsubscribe(): void;
}

/** Called with the event's data (a JSON string on the wire, parsed by pusher-js when it is JSON). */
export type ChannelListener = (data: unknown) => void;
