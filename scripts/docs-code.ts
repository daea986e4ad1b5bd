/**
 * Every code block of a page must parse with its language's own parser: Ruby with Prism (the Ruby
 * project's parser), JSON, YAML, HCL (Terraform's own parser, compiled to WebAssembly) and Mermaid
 * (shared with the build, `plugins/mermaid-check`). Each problem names the file and the line.
 */
import { parse as parseHcl } from '@cdktf/hcl2json';
import type { loadPrism } from '@ruby/prism';
import { parseAllDocuments } from 'yaml';
import { mermaidError, mermaidProblem } from '../plugins/mermaid-check';
import { fencedBlocks } from './docs-fences';

type Problem = { message: string; line: number } | undefined;

/** The 1-based line of a byte offset, as Prism reports offsets into the UTF-8 source. */
function lineOfByte(code: string, offset: number): number {
  return Buffer.from(code).subarray(0, offset).toString().split('\n').length;
}

type RubyParser = Awaited<ReturnType<typeof loadPrism>>;
let rubyParser: Promise<RubyParser> | undefined;

/**
 * Prism runs under WASI, which Node (22 and 24 too) flags as experimental when `node:wasi` is first loaded; that
 * notice is not a problem of a page, so it is held back while Prism loads.
 */
function loadRubyParser(): Promise<RubyParser> {
  if (rubyParser) return rubyParser;
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: never[]) => {
    if (!String(warning).includes('WASI')) emitWarning.call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  rubyParser = import('@ruby/prism')
    .then(({ loadPrism }) => loadPrism())
    .finally(() => (process.emitWarning = emitWarning));
  return rubyParser;
}

/**
 * Prism's first error, unless it is only "unexpected end-of-input, assuming it is closing the parent
 * top level context" at the block's end: then the error it also gives at the construct left open,
 * "expected an `end` to close the `def` statement", on the `def`'s own line.
 */
async function rubyProblem(code: string): Promise<Problem> {
  const parse = await loadRubyParser();
  const errors = parse(code).errors;
  const error = errors.find((candidate) => candidate.type !== 'unexpected_token_close_context') ?? errors[0];
  return error && { message: error.message, line: lineOfByte(code, error.location.startOffset) };
}

function jsonProblem(code: string): Problem {
  try {
    JSON.parse(code);
    return undefined;
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    return { message, line: position ? code.slice(0, Number(position[1])).split('\n').length : 1 };
  }
}

function yamlProblem(code: string): Problem {
  const error = parseAllDocuments(code)
    .flatMap((document) => ('errors' in document ? document.errors : []))
    .at(0);
  return (
    error && {
      message: error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''),
      line: error.linePos?.[0].line ?? 1,
    }
  );
}

async function hclProblem(code: string): Promise<Problem> {
  try {
    await parseHcl('block.tf', code);
    return undefined;
  } catch (error) {
    // "parse config: [block.tf:2,6-3,1: Invalid expression; Expected …]"
    const message = String((error as Error).message ?? error);
    const located = /block\.tf:(\d+),\d+(?:-[\d,]+)?: ([^\]]*)/.exec(message);
    return located ? { message: located[2], line: Number(located[1]) } : { message, line: 1 };
  }
}

const PARSERS: Record<string, (code: string) => Problem | Promise<Problem>> = {
  ruby: rubyProblem,
  rb: rubyProblem,
  json: jsonProblem,
  yaml: yamlProblem,
  yml: yamlProblem,
  hcl: hclProblem,
  terraform: hclProblem,
  tf: hclProblem,
};

/** "docs/x.md:17: ruby block does not parse: …" for every block of the file that does not parse. */
export async function checkCodeBlocks(file: string, markdown: string): Promise<string[]> {
  const problems: string[] = [];
  for (const { language, code, line } of fencedBlocks(markdown)) {
    if (language === 'mermaid') {
      const problem = await mermaidProblem(code);
      if (problem) problems.push(mermaidError(file, line, problem));
      continue;
    }
    const parse = PARSERS[language];
    const problem = parse && (await parse(code));
    if (problem) problems.push(`${file}:${line + problem.line}: ${language} block does not parse: ${problem.message}`);
  }
  return problems;
}
