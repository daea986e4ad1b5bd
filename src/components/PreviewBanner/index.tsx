import { useLocation } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import React from 'react';
import type { ReactNode } from 'react';
import { productionPathOf } from '@site/core/preview';
import type { PreviewFields } from '@site/core/preview';
import styles from './styles.module.css';

/**
 * On every page of a pull request's preview (a build with `HANDBOOK_PREVIEW_PR`): which pull request
 * this is, and the same page in the published handbook. Plain anchors, not `Link`: both addresses
 * lie outside the preview's base URL, which `Link` would prepend.
 */
export default function PreviewBanner(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const { pathname, hash } = useLocation();
  const preview = siteConfig.customFields?.preview as PreviewFields | null | undefined;
  if (!preview) return null;
  const { pullRequest, pullRequestUrl } = preview;
  return (
    <div className={styles.banner} role="region" aria-label={`Preview of pull request ${pullRequest}`}>
      <p className={styles.text}>
        <strong>Preview of pull request #{pullRequest}</strong>, not the published handbook.{' '}
        <a className={styles.link} href={productionPathOf(pathname, pullRequest) + hash}>
          This page in the handbook
        </a>
        <span aria-hidden="true"> · </span>
        <a className={styles.link} href={pullRequestUrl}>
          Pull request #{pullRequest}
        </a>
      </p>
    </div>
  );
}
