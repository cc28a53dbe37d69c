/**
 * Part of `npm run lint`: no circle between server modules. dependency-cruiser's `circular`
 * rule (.dependency-cruiser.cjs) sees circles between files only, and its `collapse` folds the
 * graph for reports after the rules ran; two modules that import each other through different
 * files (orders delivering a warehouse top-up, warehouse making the order) form no file circle
 * yet make the two one module. So this cruises the server with the same options, folds every
 * file into its module (server/src/modules/<name>) and fails on any circle in that graph.
 * Tests are left out: they drive modules as callers would.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';

const MODULE = /^server\/src\/modules\/([^/]+)\//;
const TEST = /[.]test[.]ts$/;

type Graph = Map<string, Set<string>>;

/** The module graph of a cruise: module name -> the modules its non-test files import. */
export function moduleGraph(result: Pick<ICruiseResult, 'modules'>): Graph {
  const graph: Graph = new Map();
  for (const file of result.modules) {
    const from = MODULE.exec(file.source)?.[1];
    if (!from || TEST.test(file.source)) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const dependency of file.dependencies) {
      const to = MODULE.exec(dependency.resolved)?.[1];
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/**
 * Every circle of modules, as one example path per strongly connected group (Tarjan), e.g.
 * ['orders', 'warehouse', 'orders'].
 */
export function moduleCycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((group) => pathThrough(graph, new Set(group)));
}

/** A circle through the group's first module (alphabetically), by breadth-first search inside the group. */
function pathThrough(graph: Graph, group: Set<string>): string[] {
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of [...(graph.get(v) ?? [])].sort()) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let u: string | undefined = v; u !== undefined && u !== start; u = previous.get(u)) path.splice(1, 0, u);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [...group, start];
}

/** Cruises `server/src` under `baseDir` with the lint's options and answers its module circles. */
export async function findModuleCycles(baseDir: string): Promise<string[][]> {
  const result = await cruise(['server/src'], { ...lintConfig().options, baseDir });
  return moduleCycles(moduleGraph(result.output as ICruiseResult));
}

function lintConfig(): IConfiguration {
  return createRequire(import.meta.url)(path.join(import.meta.dirname, '../.dependency-cruiser.cjs')) as IConfiguration;
}

if (import.meta.filename === process.argv[1]) {
  const cycles = await findModuleCycles(path.resolve(import.meta.dirname, '..'));
  if (cycles.length > 0) {
    console.error(
      'Server modules import each other in a circle (make one of them register with the other at composition, in app.ts):',
    );
    for (const cycle of cycles) console.error(`  ${cycle.join(' -> ')}`);
    process.exit(1);
  }
  console.log('✔ no circle between server modules');
}
