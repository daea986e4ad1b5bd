/** Figures, their targets, the printed table and `bench-results.json`. */
import { writeFileSync } from 'node:fs';

/** A target on the figure's ratio to its baseline, or on its own value. */
export interface Target {
  on: 'ratio' | 'value';
  op: '<=' | '>=' | '=';
  limit: number | boolean;
}

export interface Figure {
  section: string;
  name: string;
  value: number | boolean;
  unit: string;
  baseline: number | boolean | null;
  ratio: number | null;
  target: Target | null;
  /** null when the figure has no target. */
  met: boolean | null;
  /** Every run's value, for figures that are medians. */
  runs?: number[];
  baselineRuns?: number[];
  note?: string;
}

export interface FigureInput {
  section: string;
  name: string;
  value: number | boolean;
  unit: string;
  baseline?: number | boolean | null;
  target?: Target;
  runs?: number[];
  baselineRuns?: number[];
  note?: string;
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function isMet(target: Target, subject: number | boolean | null): boolean {
  if (subject === null) return false;
  if (target.op === '=') return subject === target.limit;
  if (typeof subject !== 'number' || typeof target.limit !== 'number') return false;
  return target.op === '<=' ? subject <= target.limit : subject >= target.limit;
}

export function figure(input: FigureInput): Figure {
  const baseline = input.baseline ?? null;
  const ratio =
    typeof input.value === 'number' && typeof baseline === 'number' && baseline !== 0 ? input.value / baseline : null;
  const target = input.target ?? null;
  const met = target ? isMet(target, target.on === 'ratio' ? ratio : input.value) : null;
  return { ...input, baseline, ratio, target, met };
}

/** A figure whose value and baseline are the medians of their runs (no baseline without runs). */
export function medianFigure(
  input: Omit<FigureInput, 'value' | 'baseline' | 'runs' | 'baselineRuns'> & { runs: number[]; baselineRuns: number[] },
): Figure {
  const baseline = input.baselineRuns.length ? median(input.baselineRuns) : null;
  return figure({ ...input, value: median(input.runs), baseline });
}

function show(value: number | boolean | null, unit = ''): string {
  if (value === null) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const digits = Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

function showTarget(target: Target | null): string {
  if (!target) return '';
  const op = { '<=': '≤', '>=': '≥', '=': '=' }[target.op];
  const limit = typeof target.limit === 'boolean' ? (target.limit ? 'yes' : 'no') : String(target.limit);
  return target.on === 'ratio' ? `ratio ${op} ${limit}` : `${op} ${limit}`;
}

export function formatTable(figures: Figure[]): string {
  const header = ['figure', 'value', 'baseline', 'ratio', 'target', 'met'];
  const rows: string[][] = [];
  let section = '';
  for (const item of figures) {
    if (item.section !== section) {
      section = item.section;
      rows.push([`[${section}]`, '', '', '', '', '']);
    }
    rows.push([
      `  ${item.name}`,
      show(item.value, item.unit),
      show(item.baseline, typeof item.baseline === 'number' ? item.unit : ''),
      item.ratio === null ? '' : item.ratio.toFixed(2),
      showTarget(item.target),
      item.met === null ? '' : item.met ? 'MET' : 'MISSED',
    ]);
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ');
  // Figures sharing a note (both build figures, say) get it once.
  const byNote = new Map<string, string[]>();
  for (const item of figures) if (item.note) byNote.set(item.note, [...(byNote.get(item.note) ?? []), item.name]);
  const notes = [...byNote].map(([note, names]) => `  * ${names.join('; ')}: ${note}`);
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(line),
    ...(notes.length ? ['', 'notes:', ...notes] : []),
  ].join('\n');
}

export function writeResults(file: string, figures: Figure[], context: Record<string, unknown>): void {
  writeFileSync(file, `${JSON.stringify({ ...context, figures }, null, 2)}\n`);
}
