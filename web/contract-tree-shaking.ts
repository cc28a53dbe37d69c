import MagicString from 'magic-string';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number };
type Declarator = { init: Node | null };
type Statement = Node & { declaration?: (Node & { declarations?: Declarator[] }) | null; declarations?: Declarator[] };

/** Initialisers that are values already: nothing to defer. */
const PLAIN = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression', 'TemplateLiteral']);

/**
 * The contract builds its zod schemas when a module loads, and a bundler must assume building
 * them has effects, so a page that imports one path or constant from a contract module gets every
 * schema of it, and zod with them. The browser uses few of them. This wraps each top-level
 * initialiser that calls something in a pure-annotated immediately-invoked arrow: evaluated where
 * it always was, and dropped from the bundle when nothing reads it.
 */
export function contractTreeShaking(): Plugin {
  return {
    name: 'contract-tree-shaking',
    // Only the bundle is at stake; the dev server serves modules one by one anyway.
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Statement[] };
      const out = new MagicString(code);
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (!init || PLAIN.has(init.type) || !code.slice(init.start, init.end).includes('(')) continue;
          out.prependLeft(init.start, '/* @__PURE__ */ (() => (');
          out.appendRight(init.end, '))()');
        }
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}
