import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A step's heading. It takes focus when it appears, so a keyboard or screen-reader user hears the new step
 * (DEVELOPERS.md: focus moves to the new step's heading). `level` keeps the document outline right.
 */
export function StepHeading({ children, level = 1 }: { children: ReactNode; level?: 1 | 2 }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag ref={ref} tabIndex={-1} className="step-heading">
      {children}
    </Tag>
  );
}
