// PostCSS plugin: orders Tailwind utilities across the stylesheets of the page.
//
// The shell and every remote compile their own Tailwind CSS, and all of it lands in one `@layer utilities`. Inside a
// layer the later stylesheet wins, so a remote loaded after the shell could re-declare `.flex-col` after the shell's
// `.sm:flex-row` and break the shell's responsive layout (and the other way round). Tailwind's own rule inside one
// stylesheet is "plain utilities, then variants, then breakpoints from small to large"; this plugin makes that rule
// hold across stylesheets by moving every utility into a named sub-layer of `utilities`:
//   base (no variant) < state (hover, focus, data-*, dark, arbitrary variants...) < sm < md < lg < xl < xxl
// Cascade layers with the same name merge across stylesheets, so a variant of any sheet beats a plain utility of any
// sheet. Runs after @tailwindcss/postcss, on minified or unminified output.

export const SUBLAYERS = ['base', 'state', 'sm', 'md', 'lg', 'xl', 'xxl'];
const BREAKPOINTS = { sm: 'sm', md: 'md', lg: 'lg', xl: 'xl', '2xl': 'xxl' };

/** The class name of the first class selector, unescaped (`.sm\:flex-row` → `sm:flex-row`, `.\32 xl\:p-8` → `2xl:p-8`). */
export function firstClassName(selector) {
  const start = selector.indexOf('.');
  if (start < 0) return null;
  let name = '';
  for (let i = start + 1; i < selector.length; i += 1) {
    const ch = selector[i];
    if (ch === '\\') {
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(i + 1));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0].trim(), 16));
        i += hex[0].length;
      } else {
        name += selector[i + 1] ?? '';
        i += 1;
      }
      continue;
    }
    if (/[\s.:[\]>+~,()#]/.test(ch)) break;
    name += ch;
  }
  return name || null;
}

/** The variants of a Tailwind class name: the segments before the utility, split on colons outside brackets. */
export function variantsOf(className) {
  const segments = [];
  let current = '';
  let depth = 0;
  for (const ch of className) {
    if (ch === '[' || ch === '(') depth += 1;
    if (ch === ']' || ch === ')') depth -= 1;
    if (ch === ':' && depth === 0) {
      segments.push(current);
      current = '';
    } else current += ch;
  }
  return segments;
}

/** Which sub-layer a utility rule belongs to, from its selector. */
export function sublayerOf(selector) {
  const name = firstClassName(selector);
  if (!name) return 'base';
  const variants = variantsOf(name);
  if (variants.length === 0) return 'base';
  let best = -1;
  for (const v of variants) {
    const bp = BREAKPOINTS[v];
    if (bp) best = Math.max(best, SUBLAYERS.indexOf(bp));
  }
  return best >= 0 ? SUBLAYERS[best] : 'state';
}

/** The sub-layer of a node: a rule by its selector; an at-rule (@media, @supports) by the rules it holds. */
function split(node) {
  if (node.type === 'rule') return new Map([[sublayerOf(node.selector), [node]]]);
  if (node.type !== 'atrule' || !node.nodes) return new Map([['base', [node]]]);
  const groups = new Map();
  for (const child of node.nodes) {
    for (const [layer, parts] of split(child)) {
      if (!groups.has(layer)) groups.set(layer, []);
      groups.get(layer).push(...parts);
    }
  }
  const result = new Map();
  for (const [layer, children] of groups) {
    const copy = node.clone({ nodes: [] });
    for (const child of children) copy.append(child.clone());
    result.set(layer, [copy]);
  }
  return result;
}

export default function utilitySublayers() {
  return {
    postcssPlugin: 'cp-utility-sublayers',
    OnceExit(root, { AtRule }) {
      root.walkAtRules('layer', (layer) => {
        if (layer.params.trim() !== 'utilities' || !layer.nodes) return;
        const buckets = new Map(SUBLAYERS.map((name) => [name, []]));
        for (const node of layer.nodes) {
          for (const [name, parts] of split(node)) buckets.get(name).push(...parts);
        }
        layer.removeAll();
        layer.append(new AtRule({ name: 'layer', params: SUBLAYERS.join(', ') }));
        for (const [name, nodes] of buckets) {
          if (nodes.length === 0) continue;
          const sub = new AtRule({ name: 'layer', params: name });
          sub.append(nodes);
          layer.append(sub);
        }
      });
    },
  };
}
utilitySublayers.postcss = true;
