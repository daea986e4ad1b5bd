/** The Lambda@Edge bundle's entry: the handlers, with the manifest packaged beside them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createViewerRequestHandler, createViewerResponseHandler } from './edge-gate';
import type { EdgeManifest } from './edge-gate';

const manifest = JSON.parse(readFileSync(path.join(__dirname, 'manifest.json'), 'utf8')) as EdgeManifest;

export const viewerRequest = createViewerRequestHandler(manifest);
export const viewerResponse = createViewerResponseHandler(manifest);
