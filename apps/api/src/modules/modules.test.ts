// The api's modules form layers: no module imports, directly or through others, a module that imports it. Read
// from the sources' own import lines (tests left out), so a new arrow back up fails here, naming its circle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));
const IMPORT_RE = /from '(\.[^']+)'/g;

/** Each module with the other modules its (non-test) files import. */
const moduleGraph = (): Map<string, Set<string>> => {
  const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const graph = new Map(modules.map((m) => [m, new Set<string>()]));
  for (const m of modules) {
    const files = readdirSync(path.join(MODULES_DIR, m), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    for (const file of files) {
      const dir = path.dirname(path.join(MODULES_DIR, m, file));
      for (const [, spec] of readFileSync(path.join(MODULES_DIR, m, file), 'utf8').matchAll(IMPORT_RE)) {
        const target = path.relative(MODULES_DIR, path.resolve(dir, spec!)).split(path.sep)[0]!;
        if (target !== m && graph.has(target)) graph.get(m)!.add(target);
      }
    }
  }
  return graph;
};

/** The circles of the graph: its strongly connected components of more than one module (Tarjan). */
const circles = (graph: Map<string, Set<string>>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const circle: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        circle.push(w);
      } while (w !== v);
      if (circle.length > 1) found.push(circle.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
};

describe('the api modules', () => {
  it('import each other in layers, never in a circle', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });
});
