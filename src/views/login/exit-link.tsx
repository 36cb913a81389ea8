import type { MouseEvent, ReactNode } from 'react';

/**
 * A real link (its `href` works for opening in a new tab, copying, crawling) whose plain click is handed to the flow's
 * machine instead, which ends the flow in a final state; the route then navigates within the app. Clicks with a
 * modifier key or another button keep the browser's own behaviour.
 */
export function ExitLink({ href, onFollow, children }: { href: string; onFollow: () => void; children: ReactNode }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onFollow();
  };
  return (
    <a href={href} onClick={follow}>
      {children}
    </a>
  );
}
