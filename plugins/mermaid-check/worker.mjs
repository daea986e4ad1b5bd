/**
 * Parses Mermaid diagrams with Mermaid's own parser. Mermaid sanitizes labels with DOMPurify, which
 * needs a DOM: jsdom provides one, in this worker thread only, so the globals it sets never reach
 * the Docusaurus build or `check:docs` that started the worker.
 */
import { parentPort } from 'node:worker_threads';
import { JSDOM } from 'jsdom';

const { window } = new JSDOM('');
globalThis.window = window;
globalThis.document = window.document;
// DOMPurify binds to the window it finds when it is first imported, so Mermaid loads after it.
const { default: mermaid } = await import('mermaid');

/** The 1-based line of the diagram an error points at, when the parser says. */
function errorLine(error) {
  const hash = error?.hash;
  if (hash?.loc?.first_line) return hash.loc.first_line;
  if (typeof hash?.line === 'number') return hash.line + 1;
  const langium = /line (\d+)/i.exec(String(error?.message ?? ''));
  return langium ? Number(langium[1]) : undefined;
}

parentPort.on('message', async ({ id, code }) => {
  try {
    await mermaid.parse(code);
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error?.message ?? error), line: errorLine(error) } });
  }
});
