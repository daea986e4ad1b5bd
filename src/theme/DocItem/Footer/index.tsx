import Footer from '@theme-original/DocItem/Footer';
import React from 'react';
import type { ReactNode } from 'react';
import PageOwnership from '@site/src/components/PageOwnership';

/** The page's owning team and last review, under "Edit this page" and "Last updated". */
export default function DocItemFooter(): ReactNode {
  return (
    <>
      <Footer />
      <PageOwnership />
    </>
  );
}
