/**
 * Rankwise's own ESLint rules (STYLE.md), used by eslint.config.js and tested by
 * lint/eslint-boundaries.test.ts:
 * - `no-fetch-in-effect` (rule 6): no server call inside useEffect/useLayoutEffect, however it is
 *   spelled: `api(...)`, `fetch(...)`, `window.fetch(...)`, a feature's `xApi.y(...)`, a query or
 *   mutation call, or a helper that makes one (a function of the same file that calls any of
 *   these, or a function imported from an `api/` module or the API client).
 * - `kebab-case-files`: file names are kebab-case (`session-mail.ts`, `slots.test.ts`).
 */
import path from 'node:path';

const EFFECTS = /^use(Layout)?Effect$/;
const SERVER_FUNCTIONS = /^(api|fetch)$/;
const GLOBALS = /^(window|globalThis|self)$/;
const QUERY_CALLS = /^(mutate|mutateAsync|fetchQuery|prefetchQuery|fetchInfiniteQuery|ensureQueryData|refetch)$/;
/** Modules whose functions call the server: a feature's api/ folder, *.api.ts, *.queries.ts, the API client. */
const SERVER_MODULES = /(^|\/)api(\/|$)|\.(api|queries)(\.tsx?)?$|api-client(\.tsx?)?$/;

function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return null;
}

/** What a call does, if it reaches the server directly: a phrase for the message, or null. */
function directServerCall(call) {
  const c = call.callee;
  if (c.type === 'Identifier' && SERVER_FUNCTIONS.test(c.name)) return 'a server call';
  if (c.type === 'MemberExpression' && !c.computed && c.property.type === 'Identifier') {
    const object = c.object.type === 'Identifier' ? c.object.name : null;
    if (c.property.name === 'fetch' && object && GLOBALS.test(object)) return 'a server call';
    if (object && /Api$/.test(object)) return 'a server call';
    if (QUERY_CALLS.test(c.property.name)) return 'a query or mutation';
  }
  return null;
}

function walk(node, visitorKeys, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const key of visitorKeys[node.type] ?? []) {
    const child = node[key];
    if (Array.isArray(child)) for (const c of child) walk(c, visitorKeys, visit);
    else walk(child, visitorKeys, visit);
  }
}

const noFetchInEffect = {
  meta: {
    type: 'problem',
    docs: { description: 'No server call inside an effect (STYLE.md rule 6): queries and mutations only.' },
    schema: [],
    messages: {
      effect: 'No fetching in effects (STYLE.md rule 6): {{what}} belongs in a TanStack Query query or mutation, not in useEffect.',
    },
  },
  create(context) {
    const source = context.sourceCode;
    const keys = source.visitorKeys;

    /** The variable an identifier refers to, from the scope it is used in. */
    function variableOf(identifier) {
      for (let scope = source.getScope(identifier); scope; scope = scope.upper) {
        const v = scope.set.get(identifier.name);
        if (v) return v;
      }
      return null;
    }

    /** Whether a function (its body) makes a server call, following same-file helpers a few levels deep. */
    function functionCallsServer(fn, seen, depth) {
      let found = null;
      walk(fn.body, keys, (n) => {
        if (found || n.type !== 'CallExpression') return;
        found = directServerCall(n) ?? helperCall(n, seen, depth + 1);
      });
      return found;
    }

    /** A call to a helper that reaches the server: imported from a server module, or a function of this file that calls one. */
    function helperCall(call, seen, depth) {
      if (depth > 4 || call.callee.type !== 'Identifier') return null;
      const v = variableOf(call.callee);
      const def = v?.defs[0];
      if (!def || seen.has(def.node)) return null;
      seen.add(def.node);
      if (def.type === 'ImportBinding') {
        return SERVER_MODULES.test(def.parent.source.value) ? `a server call through ${call.callee.name}()` : null;
      }
      const fn =
        def.type === 'FunctionName' ? def.node : def.type === 'Variable' && def.node.init && /Function/.test(def.node.init.type) ? def.node.init : null;
      if (!fn) return null;
      return functionCallsServer(fn, seen, depth) ? `a server call through ${call.callee.name}()` : null;
    }

    return {
      CallExpression(node) {
        const name = calleeName(node.callee);
        if (!name || !EFFECTS.test(name)) return;
        const effect = node.arguments[0];
        if (!effect || !/Function/.test(effect.type)) return;
        const seen = new Set();
        walk(effect.body, keys, (n) => {
          if (n.type !== 'CallExpression') return;
          const what = directServerCall(n) ?? helperCall(n, seen, 0);
          if (what) context.report({ node: n, messageId: 'effect', data: { what } });
        });
      },
    };
  },
};

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

const kebabCaseFiles = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names are kebab-case.' },
    schema: [],
    messages: { name: "File name '{{name}}' is not kebab-case (words in lower case joined by '-', like session-mail.ts)." },
  },
  create(context) {
    return {
      Program(node) {
        const base = path.basename(context.filename);
        if (!KEBAB.test(base)) context.report({ node, messageId: 'name', data: { name: base } });
      },
    };
  },
};

export default { meta: { name: 'rankwise' }, rules: { 'no-fetch-in-effect': noFetchInEffect, 'kebab-case-files': kebabCaseFiles } };
