import clsx from 'clsx';
import React, { useEffect, useRef, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import styles from './styles.module.css';

/**
 * A Markdown table. The theme lets a table wider than the column scroll sideways (Infima's
 * `display: block; overflow: auto`); a keyboard reader can scroll it only if it can take focus
 * (WCAG 2.1.1, axe's `scrollable-region-focusable`). It becomes a tab stop only while it overflows,
 * so a table that fits adds no stop.
 */
export default function ScrollableTable({ className, ...props }: ComponentProps<'table'>): ReactNode {
  const table = useRef<HTMLTableElement>(null);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const element = table.current;
    if (!element) return undefined;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <table {...props} ref={table} className={clsx(styles.table, className)} tabIndex={overflows ? 0 : undefined} />
  );
}
