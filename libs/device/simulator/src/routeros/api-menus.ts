/**
 * What a simulated router answers, apart from the wire: its menus' rows for `print` (filtered by query words
 * and cut to `.proplist` here, once for every router) and its other commands. The connection (login, tags,
 * faults, framing) is `ApiConnection`'s.
 */
import type { RouterOsRow } from '@pondesk/device-routeros';
import { parseRouterOsBool } from './routeros-values';

/** A command's answer: `!re` rows then `!done` (with `=ret=` when given), or a `!trap` then `!done`. */
export type ApiOutcome =
  | {
      kind: 'rows';
      rows: RouterOsRow[];
      ret?: string;
      /**
       * A command that keeps reporting until cancelled (`monitor-traffic` without `once`): the next rows, asked
       * every `everyMs`; the command ends only with `/cancel` (or when this answers a trap).
       */
      follow?: { everyMs: number; next(): ApiOutcome };
    }
  | { kind: 'trap'; message: string; category?: number };

export const trap = (message: string, category?: number): ApiOutcome => ({
  kind: 'trap',
  message,
  ...(category === undefined ? {} : { category }),
});

export const done = (ret?: string): ApiOutcome => ({
  kind: 'rows',
  rows: [],
  ...(ret === undefined ? {} : { ret }),
});

/** `!trap` categories (API manual): 0 missing item or command, 1 argument value, 2 interrupted, … */
export const TRAP = { missing: 0, argument: 1, interrupted: 2, general: 4, api: 5 } as const;

export const NO_SUCH_COMMAND = (): ApiOutcome => trap('no such command', TRAP.missing);

export interface ApiMenus {
  /** The rows of a menu that prints (`/ppp/active`), as they are now; null when the router has no such menu. */
  rows(menu: string): RouterOsRow[] | null;
  /** Any other command (`/ppp/secret/add`, `/interface/monitor-traffic`); null when there is no such command. */
  run(command: string, args: Readonly<Record<string, string>>): ApiOutcome | null;
}

/** One command as it came off the wire (after `/login`, which the connection answers itself). */
export interface ApiCommand {
  command: string;
  /** `=key=value` words. */
  args: Record<string, string>;
  /** `?…` words, in order. */
  queries: string[];
}

const PRINT_VERBS = new Set(['print', 'getall']);

/** Runs one command against a router's menus: `print` (queries, `.proplist`, `count-only`) or the menus' own. */
export function execute(menus: ApiMenus, cmd: ApiCommand): ApiOutcome {
  const cut = cmd.command.lastIndexOf('/');
  const verb = cmd.command.slice(cut + 1);
  if (cut > 0 && PRINT_VERBS.has(verb)) {
    const rows = menus.rows(cmd.command.slice(0, cut));
    if (rows === null) return NO_SUCH_COMMAND();
    const matches = whereOf(cmd.queries);
    if (typeof matches === 'string') return trap(matches, TRAP.argument);
    const found = rows.filter(matches);
    if ('count-only' in cmd.args) return done(String(found.length));
    const proplist = cmd.args['.proplist'];
    return { kind: 'rows', rows: proplist === undefined ? found : found.map((r) => project(r, proplist)) };
  }
  if (cmd.queries.length) return trap('queries are for print only', TRAP.api);
  return menus.run(cmd.command, cmd.args) ?? NO_SUCH_COMMAND();
}

/** Only the properties `.proplist` names (`.id` too only when named), in its order; unknown names are skipped. */
export function project(row: RouterOsRow, proplist: string): RouterOsRow {
  const out: RouterOsRow = {};
  for (const key of proplist.split(',')) {
    const k = key.trim();
    if (k && row[k] !== undefined) out[k] = row[k];
  }
  return out;
}

/** A row's value against a query's: booleans match whichever spelling (`yes`, `true`), numbers by value. */
function equal(value: string, wanted: string): boolean {
  if (value === wanted) return true;
  const a = parseRouterOsBool(value);
  return a !== null && a === parseRouterOsBool(wanted);
}

function compare(value: string, wanted: string): number {
  const a = Number(value);
  const b = Number(wanted);
  if (value !== '' && wanted !== '' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  return value < wanted ? -1 : value > wanted ? 1 : 0;
}

/**
 * The filter a print's query words make, evaluated as the API manual describes: every word pushes a result
 * onto a stack (`?name=x` equal, `?name` has it, `?-name` has not, `?<name=x` less, `?>name=x` greater;
 * `?=name=x` is `?name=x`), `?#` operations combine them (`|` or, `&` and, `!` not, `.` copy the top, digits
 * copy that entry), and what is left on the stack must all be true. A malformed query answers its message.
 */
export function whereOf(queries: readonly string[]): ((row: RouterOsRow) => boolean) | string {
  type Test = (row: RouterOsRow) => boolean;
  type Step = { test: Test } | { ops: string };
  const steps: Step[] = [];
  for (const q of queries) {
    const body = q.slice(1);
    if (body.startsWith('#')) {
      const ops = body.slice(1);
      if (!/^[|&!.0-9]*$/.test(ops)) return `unknown query operation ${ops}`;
      steps.push({ ops });
      continue;
    }
    const m = /^([<>=-]?)([^=]+)(?:=(.*))?$/s.exec(body);
    if (!m) return `bad query word ${q}`;
    const [, op, key, value] = m as unknown as [string, string, string, string | undefined];
    if (op === '-') steps.push({ test: (r) => r[key] === undefined });
    else if (op === '<' || op === '>') {
      if (value === undefined) return `query ${q} needs a value`;
      const sign = op === '<' ? -1 : 1;
      steps.push({ test: (r) => r[key] !== undefined && Math.sign(compare(r[key], value)) === sign });
    } else if (value === undefined) steps.push({ test: (r) => r[key] !== undefined });
    else steps.push({ test: (r) => r[key] !== undefined && equal(r[key], value) });
  }
  if (!steps.length) return () => true;
  return (row) => {
    const stack: boolean[] = [];
    for (const s of steps) {
      if ('test' in s) {
        stack.push(s.test(row));
        continue;
      }
      for (let i = 0; i < s.ops.length; i++) {
        const c = s.ops[i];
        if (c === '!') stack.push(!(stack.pop() ?? true));
        else if (c === '.') stack.push(stack[stack.length - 1] ?? true);
        else if (c === '|' || c === '&') {
          const b = stack.pop() ?? true;
          const a = stack.pop() ?? true;
          stack.push(c === '|' ? a || b : a && b);
        } else {
          // A run of digits: copy the entry at that index (0 = the bottom of the stack).
          let j = i;
          while (j + 1 < s.ops.length && /[0-9]/.test(s.ops[j + 1] ?? '')) j++;
          stack.push(stack[Number(s.ops.slice(i, j + 1))] ?? true);
          i = j;
        }
      }
    }
    return stack.every(Boolean);
  };
}
