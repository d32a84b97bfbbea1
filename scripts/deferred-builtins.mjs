// Built-in modules that the CLI's dependencies require when they load but use only on paths
// infra never takes: for that one importer, esbuild (scripts/build.mjs) gives a stand-in that
// holds what the importer reads at load and loads the real module on first use of anything
// else. A request over plain http: then loads neither node:http2 (nor the node:tls,
// node:crypto and node:fs/promises it brings) nor node:child_process: ~7% of `vps list --json`.
// test/ship/deferred-builtins.test.ts proves they stay unloaded, that each importer reads at
// load only what its stand-in holds, and that what it holds equals the real module's.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const DEFERRED_BUILTINS = [
  // undici's client-h2.js reads http2.constants at load (HTTP/2 protocol constants, held as
  // the Node that builds has them) and calls http2.connect only for an HTTP/2 connection
  // (allowH2, which infra never sets).
  { importer: 'undici/lib/dispatcher/client-h2.js', module: 'node:http2', held: { constants: { ...require('node:http2').constants } } },
  // commander spawns a process only for stand-alone executable subcommands (infra has none).
  { importer: 'commander/lib/command.js', module: 'node:child_process', held: {} },
];

const endsWith = (file, tail) => file.replaceAll('\\', '/').endsWith(`/node_modules/${tail}`);

/** The stand-in's source: `held`, and the real module behind everything else. */
export function standIn({ module, held }) {
  // (The require here is the external one: it does not come back to the plugin.)
  return `"use strict";
let real;
const held = ${JSON.stringify(held)};
module.exports = new Proxy(held, { get: (target, key) => (Object.hasOwn(target, key) ? target[key] : (real ??= require(${JSON.stringify(module)}))[key]) });
`;
}

/** The esbuild plugin. */
export const deferredBuiltins = {
  name: 'deferred-builtins',
  setup(b) {
    const modules = [...new Set(DEFERRED_BUILTINS.map((d) => d.module))];
    b.onResolve({ filter: new RegExp(`^(${modules.join('|')})$`) }, (args) => {
      const i = DEFERRED_BUILTINS.findIndex((d) => d.module === args.path && endsWith(args.importer, d.importer));
      return i < 0 ? undefined : { path: `${args.path}#${i}`, namespace: 'deferred-builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'deferred-builtin' }, (args) => ({ contents: standIn(DEFERRED_BUILTINS[Number(args.path.split('#')[1])]), loader: 'js' }));
  },
};
