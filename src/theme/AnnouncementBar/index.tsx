import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type { WrapperProps } from '@docusaurus/types';
import React from 'react';
import type { ReactNode } from 'react';
import PreviewBanner from '@site/src/components/PreviewBanner';

type Props = WrapperProps<typeof AnnouncementBarType>;

/** A preview's banner (nothing in production), then the original announcement bar, at the top of every page. */
export default function AnnouncementBarWrapper(props: Props): ReactNode {
  return (
    <>
      <PreviewBanner />
      <AnnouncementBar {...props} />
    </>
  );
}
