import { text } from '../../i18n/runtime';
import type { ShownText } from '../../machines/payment.connect';

/**
 * A text a payment machine holds, as the view shows it (issue 31): a catalogue message in the language in use, or a
 * text the server or the card processor wrote (already in that language) as it came. Call it while rendering, in a
 * component that called useT(), so a language switch re-renders it.
 */
export function shown(value: ShownText): string {
  return typeof value === 'string' ? value : text(value);
}
