// One way for every benchmark to report: a printed line per figure and an entry in <root>/bench-results.json.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TBenchFigure {
  name: string;
  value: number;
  unit: string;
  /** The same figure for the baseline measured in the same run. */
  baseline?: number;
  /** value / baseline. */
  ratio?: number;
  /** Target the figure is held to, in words (e.g. ">= 100000"). */
  target?: string;
  pass?: boolean;
}

const findRoot = (): string => {
  let dir = process.cwd();
  while (!existsSync(path.join(dir, 'pnpm-workspace.yaml'))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
};

const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 1000) / 1000);

export const record = (figure: TBenchFigure): void => {
  const entry: TBenchFigure = { ...figure, value: round(figure.value) };
  if (figure.baseline !== undefined) {
    entry.baseline = round(figure.baseline);
    entry.ratio = figure.ratio ?? Math.round((figure.value / figure.baseline) * 1000) / 1000;
  }
  const extra = [
    entry.baseline !== undefined ? `baseline ${entry.baseline} ${entry.unit}, ratio ${entry.ratio}` : '',
    entry.target ? `target ${entry.target}: ${entry.pass ? 'PASS' : 'FAIL'}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  console.log(`${entry.name}: ${entry.value} ${entry.unit}${extra ? ` (${extra})` : ''}`);
  const file = path.join(findRoot(), 'bench-results.json');
  const all: TBenchFigure[] = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as TBenchFigure[])
    : [];
  all.push(entry);
  writeFileSync(file, JSON.stringify(all, null, 2) + '\n');
};
