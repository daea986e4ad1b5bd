import { PageMetadata } from '@docusaurus/theme-common';
import { translate } from '@docusaurus/Translate';
import Content from '@theme-original/NotFound/Content';
import type ContentType from '@theme/NotFound/Content';
import React from 'react';
import type { ComponentProps, ReactNode } from 'react';
import NotFoundWayOut from '@site/src/components/NotFoundWayOut';

/**
 * With the docs at the site's root, an unknown path is answered by the docs' own catch-all route,
 * which shows this content without the not-found page's title: give the tab its title here. Below
 * the original's message, a search for what the reader wanted and a way home.
 */
export default function NotFoundContent(props: ComponentProps<typeof ContentType>): ReactNode {
  return (
    <>
      <PageMetadata title={translate({ id: 'theme.NotFound.title', message: 'Page Not Found' })} />
      <Content {...props} />
      <NotFoundWayOut />
    </>
  );
}
