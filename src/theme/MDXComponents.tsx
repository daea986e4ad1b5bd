import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

/** The theme's Markdown elements, with tables that a keyboard can scroll (src/components/ScrollableTable). */
export default {
  ...MDXComponents,
  table: ScrollableTable,
} satisfies typeof MDXComponents;
