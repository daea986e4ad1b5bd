/** The origin-response function's bundle entry: `index.handler`, with its manifest and the not-found page beside it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createOriginResponseHandler } from './origin-response';
import type { EdgeManifest } from './manifest';

const manifest = JSON.parse(readFileSync(path.join(__dirname, 'manifest.json'), 'utf8')) as EdgeManifest;
const notFoundPage = readFileSync(path.join(__dirname, '404.html'), 'utf8');

export const handler = createOriginResponseHandler(manifest, notFoundPage);
