/** What decides whether a figure is within its budget. */
export interface BudgetedValue {
  value: number;
  /** The value must stay on the right side of this (see `better`). */
  budget: number;
  better: 'higher' | 'lower';
}

/** One figure in bench/results.json: its value, or the error that kept it from being measured. */
export interface BenchFigure extends Omit<BudgetedValue, 'value'> {
  name: string;
  value: number | null;
  unit: string;
  ok?: boolean;
  error?: string;
  /** The commit and time of the run that measured it. */
  commit: string;
  time: string;
}

/** bench/results.json. */
export interface BenchResults {
  commit: string;
  /** Tracked files had local changes when the run started. */
  dirty: boolean;
  time: string;
  node: string;
  cpus: number;
  cpuModel: string;
  figures: BenchFigure[];
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

export function withinBudget(r: BudgetedValue): boolean {
  return r.better === 'lower' ? r.value <= r.budget : r.value >= r.budget;
}
