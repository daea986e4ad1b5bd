import clsx from 'clsx';
import React from 'react';
import type { ReactNode } from 'react';
import styles from './styles.module.css';

/**
 * The line that says a box is wider than the column and scrolls sideways, for a diagram
 * (src/theme/Mermaid) or a table (src/components/ScrollableTable). It sits just above the box, at
 * its right edge: where the box is cut off, and what a reader scrolling down meets first (below a
 * tall diagram it came after the clipped edge, often off screen; newcomer review 3).
 */
export default function SideScrollHint({
  id,
  what,
  className,
}: {
  id: string;
  what: 'diagram' | 'table';
  /** The box's own placement of its hint (a table's keeps it in view: ScrollableTable). */
  className?: string;
}): ReactNode {
  return (
    <p id={id} className={clsx(styles.hint, className)}>
      Scroll the {what} sideways to see all of it <span aria-hidden="true">→</span>
    </p>
  );
}
