import React, { useEffect, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import Mermaid from '@theme-original/Mermaid';
import type { Props } from '@theme/Mermaid';
import styles from './styles.module.css';

/**
 * Once the reader scrolls, how far ahead of the viewport a diagram starts loading: one screen, so
 * Mermaid's chunk arrives and draws the diagram while it is still off screen.
 */
const LOAD_AHEAD = '100% 0px';

/**
 * Whether the element has come near the viewport. Until the reader first scrolls, only a diagram
 * on the first screen counts: one just below the fold waits, so the page's load pays nothing for it.
 */
function useNearViewport(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    if (scrolled) return undefined;
    const onScroll = () => setScrolled(true);
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);

  useEffect(() => {
    const target = element.current;
    if (!target || near) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: scrolled ? LOAD_AHEAD : '0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near, scrolled]);

  return near;
}

/**
 * Mermaid, loaded only when its diagram comes near the viewport. The original downloads and runs
 * Mermaid (about 180 KiB compressed, half a second of a phone's main thread) as soon as the page
 * mounts, even when every diagram is far below the fold. The figure keeps some space until the
 * SVG is drawn, and diagrams ahead are drawn off screen, so the text does not jump.
 */
export default function LazyMermaid(props: Props): ReactNode {
  const figure = useRef<HTMLDivElement>(null);
  const near = useNearViewport(figure);
  return (
    <div ref={figure} role="figure" className={styles.diagram}>
      {near && <Mermaid {...props} />}
    </div>
  );
}
