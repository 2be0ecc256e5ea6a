/** One figure in bench/results.json. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** The value must stay on the right side of this (see `better`). */
  budget: number;
  better: 'higher' | 'lower';
}

/** A named benchmark. Put a file `<area>.bench.ts` in tools/bench/benchmarks exporting `benchmarks: Benchmark[]`. */
export interface Benchmark {
  name: string;
  unit: string;
  budget: number;
  better: 'higher' | 'lower';
  /** What the number means, printed with --verbose and kept next to the code. */
  description: string;
  run(log: (line: string) => void): Promise<number>;
}

export function withinBudget(r: BenchResult): boolean {
  return r.better === 'lower' ? r.value <= r.budget : r.value >= r.budget;
}
