import { text } from '../../i18n/runtime';
import { shownText } from '../../machines/payment-texts.connect';

/**
 * A text a payment machine holds, as the view shows it in the language in use (issue 31): one of the flow's fixed
 * texts from the catalogue, anything else (the server's, the card provider's) as it is. Call it while rendering, in a
 * component that called useT(), so a language switch re-renders it.
 */
export function localText(value: string): string {
  const shown = shownText(value);
  return typeof shown === 'string' ? shown : text(shown);
}
