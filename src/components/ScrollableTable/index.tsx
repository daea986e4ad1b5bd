import clsx from 'clsx';
import React, { useEffect, useId, useRef, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import SideScrollHint from '@site/src/components/SideScrollHint';
import styles from './styles.module.css';

/**
 * A Markdown table. The theme lets a table wider than the column scroll sideways (Infima's
 * `display: block; overflow: auto`); a keyboard reader can scroll it only if it can take focus
 * (WCAG 2.1.1, axe's `scrollable-region-focusable`), and a reader on a phone saw no sign that it
 * scrolls (newcomer review 3). While it overflows it is a tab stop and a line above it says so,
 * as a wide diagram's does; a table that fits adds neither. The line and the table share a frame,
 * in which the line stays in view while the table is: a tall table's hint scrolled away with its
 * top (newcomer review 4).
 */
export default function ScrollableTable({ className, ...props }: ComponentProps<'table'>): ReactNode {
  const table = useRef<HTMLTableElement>(null);
  const [overflows, setOverflows] = useState(false);
  const hint = useId();

  useEffect(() => {
    const element = table.current;
    if (!element) return undefined;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    // The table's own box keeps the column's width while its rows grow wider (a late font, a
    // code span): its rows are watched as well, or such a table would scroll without its hint.
    const observer = new ResizeObserver(measure);
    for (const box of [element, element.tHead, ...Array.from(element.tBodies)]) if (box) observer.observe(box);
    return () => observer.disconnect();
  }, []);

  return (
    <div className={styles.frame}>
      {overflows && <SideScrollHint id={hint} what="table" className={styles.hint} />}
      <table
        {...props}
        ref={table}
        className={clsx(styles.table, className)}
        tabIndex={overflows ? 0 : undefined}
        aria-describedby={overflows ? hint : undefined}
      />
    </div>
  );
}
