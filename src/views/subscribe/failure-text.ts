import { text } from '../../i18n/runtime';
import type { SubscribeFailure } from '../../machines/subscribe.connect';

/**
 * A failure the subscribe machine holds, as the page shows it (issue 31): its catalogue messages in the language in
 * use (several, one a line), or the provider's or server's text as it came. Call it while rendering, in a component
 * that called useT(), so a language switch re-renders it.
 */
export function failureText(failure: SubscribeFailure): string {
  if (typeof failure === 'string') return failure;
  return 'key' in failure ? text(failure) : failure.map(text).join('\n');
}
