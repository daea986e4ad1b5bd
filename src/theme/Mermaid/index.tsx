import React, { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import Mermaid from '@theme-original/Mermaid';
import type { Props } from '@theme/Mermaid';
import SideScrollHint from '@site/src/components/SideScrollHint';
import styles from './styles.module.css';

/**
 * Once the reader scrolls, how far ahead of the viewport a diagram starts loading: one screen, so
 * Mermaid's chunk arrives and draws the diagram while it is still off screen.
 */
const LOAD_AHEAD = '100% 0px';

/**
 * Whether the element has come near the viewport: undefined until the browser first reports where
 * it is. Until the reader first scrolls, only a diagram on the first screen counts: one just below
 * the fold waits, so the page's load pays nothing for it.
 */
function useNearViewport(element: RefObject<HTMLElement | null>): boolean | undefined {
  const [near, setNear] = useState<boolean | undefined>(undefined);
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
        setNear(entries.some((entry) => entry.isIntersecting));
      },
      { rootMargin: scrolled ? LOAD_AHEAD : '0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near, scrolled]);

  return near;
}

/**
 * The smallest scale a diagram is drawn at: Mermaid's 16 px labels stay at least 11 px. A wide
 * diagram fitted to a phone's column shrinks to a third (labels of 4-5 px); below this scale it
 * keeps a readable size and scrolls sideways instead.
 */
const MIN_SCALE = 0.7;

/**
 * Keeps the drawn diagram at a readable size: sets the figure's `--diagram-min-width` from the
 * SVG's own width whenever Mermaid (re)draws it, and says whether the figure now scrolls sideways.
 */
function useReadableWidth(element: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const figure = element.current;
    if (!figure) return undefined;
    const measure = () => {
      const width = figure.querySelector('svg')?.viewBox.baseVal?.width;
      if (width) figure.style.setProperty('--diagram-min-width', `${Math.ceil(width * MIN_SCALE)}px`);
      setScrolls(figure.scrollWidth > figure.clientWidth + 1);
    };
    // Mermaid draws into the figure after it mounts, and again when the colour mode changes.
    const drawn = new MutationObserver(measure);
    drawn.observe(figure, { childList: true, subtree: true });
    const resized = new ResizeObserver(measure);
    resized.observe(figure);
    return () => {
      drawn.disconnect();
      resized.disconnect();
    };
  }, [element]);

  return scrolls;
}

/**
 * Mermaid, loaded only when its diagram comes near the viewport. The original downloads and runs
 * Mermaid (about 180 KiB compressed, half a second of a phone's main thread) as soon as the page
 * mounts, even when every diagram is far below the fold. The figure keeps some space until the
 * SVG is drawn, and diagrams ahead are drawn off screen, so the text does not jump. On a narrow
 * screen a wide diagram keeps a readable size and scrolls sideways.
 */
export default function LazyMermaid(props: Props): ReactNode {
  const figure = useRef<HTMLDivElement>(null);
  const near = useNearViewport(figure);
  const scrolls = useReadableWidth(figure);
  const hint = useId();
  return (
    <>
      {scrolls && <SideScrollHint id={hint} what="diagram" />}
      <div
        ref={figure}
        role="figure"
        className={styles.diagram}
        // A keyboard reader scrolls a wide diagram once it has focus (WCAG 2.1.1).
        tabIndex={scrolls ? 0 : undefined}
        aria-label={scrolls ? 'Diagram, scrolls sideways' : undefined}
        aria-describedby={scrolls ? hint : undefined}
        // Whether the browser has reported the diagram far from the viewport ("waiting": Mermaid
        // not loaded for it) or near ("near": loaded and drawn); what a test of "not loaded yet"
        // waits for, and what a reader's developer tools show.
        data-diagram={near === undefined ? undefined : near ? 'near' : 'waiting'}
      >
        {near && <Mermaid {...props} />}
      </div>
    </>
  );
}
