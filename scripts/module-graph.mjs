// Prints the server's module graph: how deep the import chain of its files goes (layers), which files
// import each other in a loop (cycles), and which feature modules depend on each other. Reads the
// dependency-cruiser JSON of apps/server/src, so the figures come from the same tool the boundary lint uses.
import { spawnSync } from 'node:child_process';

const result = spawnSync(
  'npx',
  [
    'depcruise',
    'apps/server/src',
    '--no-config',
    '--ts-pre-compilation-deps',
    '--output-type',
    'json',
    '--exclude',
    '\\.test\\.ts$',
    '--do-not-follow',
    'node_modules',
  ],
  { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
if (result.status !== 0) {
  process.stderr.write(result.stderr);
  process.exit(1);
}
const cruise = JSON.parse(result.stdout);
const local = (path) => path.startsWith('apps/server/src/');
const edges = new Map();
for (const module of cruise.modules) {
  if (!local(module.source)) continue;
  edges.set(
    module.source,
    module.dependencies.map((d) => d.resolved).filter((to) => local(to) && to !== module.source),
  );
}

// Tarjan's strongly connected components: a component with more than one node is an import cycle.
// Layers: the longest import chain over the condensed graph (a cycle counts as one layer).
const analyse = (graph) => {
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), order.get(next)));
      }
    }
    if (low.get(node) === order.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  const componentOf = new Map();
  components.forEach((component, i) => {
    for (const node of component) componentOf.set(node, i);
  });
  const depth = new Map();
  const depthOf = (c) => {
    if (depth.has(c)) return depth.get(c);
    let deepest = 0;
    for (const node of components[c]) {
      for (const next of graph.get(node) ?? []) {
        const target = componentOf.get(next);
        if (target !== undefined && target !== c) deepest = Math.max(deepest, depthOf(target));
      }
    }
    depth.set(c, deepest + 1);
    return deepest + 1;
  };
  const layers = Math.max(...components.map((_, c) => depthOf(c)));
  return { layers, cycles: components.filter((c) => c.length > 1) };
};
const files = analyse(edges);

// Modules: apps/server/src/modules/<name>; everything else (platform, realtime, app.ts) is named by its folder.
const moduleOf = (path) => {
  const rest = path.slice('apps/server/src/'.length).split('/');
  return rest[0] === 'modules' ? rest[1] : rest.length > 1 ? rest[0] : 'root';
};
const moduleEdges = new Map();
for (const [from, targets] of edges) {
  for (const to of targets) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (a === b) continue;
    if (!moduleEdges.has(a)) moduleEdges.set(a, new Set());
    moduleEdges.get(a).add(b);
  }
}
const mutual = [];
for (const [a, targets] of moduleEdges) {
  for (const b of targets) if (a < b && moduleEdges.get(b)?.has(a)) mutual.push(`${a}<->${b}`);
}
const featureModules = [...moduleEdges.keys()].filter((m) => !['platform', 'realtime', 'root'].includes(m));
const featureToFeature = featureModules.reduce(
  (n, m) => n + [...moduleEdges.get(m)].filter((t) => featureModules.includes(t)).length,
  0,
);
// Kinds: platform (1) < repositories (2) < services and the rest of a module (3) < routes and gateways (4) <
// the composition root (5). Layers: the most kinds one import chain crosses, a change of kind counting
// one; upward edges (to a higher kind) are what make it exceed four.
const kindOf = (path) => {
  const rest = path.slice('apps/server/src/'.length);
  if (rest.startsWith('platform/')) return 1;
  if (rest.startsWith('realtime/')) return 4;
  if (!rest.startsWith('modules/')) return 5;
  if (rest.endsWith('.repository.ts')) return 2;
  if (rest.endsWith('.routes.ts')) return 4;
  return 3;
};
const kindDepth = new Map();
const kindLayers = (file) => {
  if (kindDepth.has(file)) return kindDepth.get(file);
  kindDepth.set(file, 1);
  let deepest = 1;
  for (const next of edges.get(file) ?? []) {
    deepest = Math.max(deepest, kindLayers(next) + (kindOf(next) === kindOf(file) ? 0 : 1));
  }
  kindDepth.set(file, deepest);
  return deepest;
};
const serverFiles = [...edges.keys()].filter((f) => kindOf(f) < 5);
const layers = Math.max(...serverFiles.map(kindLayers));
const upward = [];
const outsideInterface = [];
const publicFile =
  /\.service\.ts$|\/payment-provider\.ts$|\/beacon-client\.ts$|\/payout-destinations\.(routes|repository)\.ts$/;
for (const [from, targets] of edges) {
  for (const to of targets) {
    if (kindOf(from) < 5 && kindOf(to) > kindOf(from)) upward.push(`${from} -> ${to}`);
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (a !== b && from.includes('/modules/') && to.includes('/modules/') && !publicFile.test(to)) {
      outsideInterface.push(`${from} -> ${to}`);
    }
  }
}
const short = (edge) => edge.replaceAll('apps/server/src/', '');
const modules = analyse(new Map([...moduleEdges].map(([m, targets]) => [m, [...targets]])));
console.log(`files: ${edges.size}`);
console.log(`file layers (longest import chain): ${files.layers}`);
console.log(`file cycles: ${files.cycles.length}`);
for (const c of files.cycles) console.log(`  ${c.map((p) => p.replace('apps/server/src/', '')).join(' ')}`);
console.log(`module layers (longest chain of folders importing folders): ${modules.layers}`);
console.log(
  `module cycles: ${modules.cycles.length} ${modules.cycles.map((c) => `[${c.join(' ')}]`).join(' ')}`,
);
console.log(`module pairs importing each other: ${mutual.length} ${mutual.join(' ')}`);
console.log(`module -> module edges: ${featureToFeature}`);
console.log(
  `kind layers (platform < repositories < services < routes; composition root left out): ${layers}`,
);
console.log(`upward edges (to a higher kind): ${upward.length}`);
console.log(`module -> module imports not through the other's service interface: ${outsideInterface.length}`);
if (process.argv.includes('--edges')) {
  for (const edge of [...upward, ...outsideInterface]) console.log(`  ${short(edge)}`);
}
if (process.argv.includes('--edges')) {
  for (const [m, targets] of [...moduleEdges].sort())
    console.log(`  ${m} -> ${[...targets].sort().join(' ')}`);
}
