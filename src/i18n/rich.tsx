import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\d+)>(.*?)<\/\1>/gs;

/**
 * A translated text with markup (issue 31): the catalogue marks the parts as `<0>…</0>`, `<1>…</1>` (translators move
 * them where their language puts them), and each number is given the element that wraps its part here, as Lingui's
 * own <Trans> does. `rich(t('licence.searchFor', { app_name }), [<strong />])`.
 */
export function rich(message: string, elements: readonly ReactElement[]): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    const [whole, index = '', inner = ''] = match;
    if (match.index > last) parts.push(message.slice(last, match.index));
    const element = elements[Number(index)];
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return <Fragment>{parts}</Fragment>;
}
