/** The one react-dom API the site imports itself (the project carries React's types, not react-dom's). */
declare module 'react-dom' {
  import type { ReactNode, ReactPortal } from 'react';

  export function createPortal(children: ReactNode, container: Element, key?: string | null): ReactPortal;
}
