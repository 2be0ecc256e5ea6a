import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Relative imports of the TypeScript sources under `dir`: file → the files it imports (types included). */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;
const TEST = /\.(spec|integration-spec|e2e)\.tsx?$/;
const SPECIFIERS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function importGraph(dir: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sources(dir)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const pattern of SPECIFIERS) {
      for (const m of text.matchAll(pattern)) {
        if (!m[1].startsWith('.')) continue;
        const target = resolveImport(file, m[1]);
        if (target) targets.add(target);
      }
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Groups the graph's nodes by `key` (e.g. their feature folder), dropping edges inside a group. */
export function groupGraph(graph: ImportGraph, key: (file: string) => string | null): ImportGraph {
  const grouped: ImportGraph = new Map();
  for (const [file, targets] of graph) {
    const from = key(file);
    if (from === null) continue;
    const edges = new Set(grouped.get(from) ?? []);
    for (const t of targets) {
      const to = key(t);
      if (to !== null && to !== from) edges.add(to);
    }
    grouped.set(from, [...edges]);
  }
  return grouped;
}

/** Strongly connected components with more than one node (Tarjan): each is at least one cycle. */
export function cycles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const lowOf = (v: string): number => low.get(v) ?? Infinity;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(lowOf(v), lowOf(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(lowOf(v), index.get(w) ?? Infinity));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

export const relativeTo = (root: string) => (cycle: string[]) => cycle.map((f) => relative(root, f));
