import { join, relative, sep } from 'node:path';
import { cycles, groupGraph, importGraph, relativeTo, type ImportGraph } from './import-graph';

const ROOT = join(__dirname, '..', '..');
const APPS = ['apps/api/src', 'apps/worker/src', 'apps/web/src'];

/** The feature folder a file belongs to (`apps/api/src/modules/olts`), or its top folder elsewhere. */
function featureOf(file: string): string {
  const parts = relative(ROOT, file).split(sep);
  const depth = ['modules', 'features'].includes(parts[3]) ? 5 : 4;
  return parts.slice(0, Math.min(depth, parts.length - 1)).join('/');
}

describe('import graph', () => {
  const graphs = new Map<string, ImportGraph>(APPS.map((app) => [app, importGraph(join(ROOT, app))]));

  it.each(APPS)('%s has no import cycle between files', (app) => {
    const graph = graphs.get(app)!;
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph).map(relativeTo(ROOT))).toEqual([]);
  });

  it.each(APPS)('%s has no cycle between feature folders', (app) => {
    expect(cycles(groupGraph(graphs.get(app)!, featureOf))).toEqual([]);
  });

  it('web features do not import the app shell', () => {
    const shell = join(ROOT, 'apps/web/src/app') + sep;
    const offenders = [...graphs.get('apps/web/src')!]
      .filter(([file]) => file.includes(`${sep}features${sep}`))
      .flatMap(([file, targets]) => targets.filter((t) => t.startsWith(shell)).map((t) => `${file} → ${t}`));
    expect(offenders.map((o) => o.replaceAll(ROOT + sep, ''))).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const g: ImportGraph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
    expect(cycles(groupGraph(g, (f) => (f === 'd' ? 'x' : 'y')))).toEqual([]);
  });
});
