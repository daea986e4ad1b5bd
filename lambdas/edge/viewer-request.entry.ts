/** The viewer-request function's bundle entry: `index.handler`, with its manifest beside it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createViewerRequestHandler } from './viewer-request';
import type { EdgeManifest } from './manifest';

const manifest = JSON.parse(readFileSync(path.join(__dirname, 'manifest.json'), 'utf8')) as EdgeManifest;

export const handler = createViewerRequestHandler(manifest);
