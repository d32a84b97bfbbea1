// Compiled code kept between runs, so a command does not parse and compile its chunks again
// every time: the CLI's CommonJS chunks (dist/cli/, scripts/build.mjs) are compiled with a V8
// code cache of our own, on every Node: one file per chunk, produced at exit (so it holds the
// functions the command actually ran, not only the top level that Node 22's own compile cache
// keeps), checked on read, ignored when anything is off. A cache problem of any kind (corrupt
// file, read-only or missing directory, no HOME) only costs speed: every error means "no cache".
//
// Where: $INFRA_CACHE_DIR, else $XDG_CACHE_HOME/infra, else ~/.cache/infra. One directory per
// Node version, architecture, Node/V8 options, install (the path of dist/cli: two installs
// must not share entries, whose stack traces would name the other's files) and build
// (dist/cli/build-id, a hash of every chunk): V8 itself only compares the source's length, so
// a cache must never meet another build.
//
// A cache entry is code that runs: V8 runs its bytecode in place of the source when only the
// length matches. So an entry is read only from a directory that is the user's own and that
// nobody else can write, and only from a file that is the user's own and nobody else's to
// write; otherwise the cache is not used at all (it only costs speed). --debug says why.
// V8 also refuses a cache made under other flags: bin/infra changes the WebAssembly flags in
// the middle of a run, so entries are made and read under the default ones (withDefaultFlags).
'use strict';

const fs = require('node:fs');
const path = require('node:path');

// INFV8 + format version; the V8 data's length, the CRC-32 of what follows the header, the
// length of a note (latin1: the pack's entry lists the pack members it was made with), the
// note, the V8 data.
const MAGIC = Buffer.from('INFV8\x00\x00\x03', 'latin1');
const HEADER = MAGIC.length + 4 + 4 + 4;

/** CRC-32 of the payload: against corruption, not attack (only the user's own files are read).
 * node:zlib's (Node 20.15+), not a hash of node:crypto: a command over plain http: loads no
 * crypto at all, and node:crypto + SHA-1 cost ~3x what node:zlib + CRC-32 do. */
function digest(data) {
  return require('node:zlib').crc32(data);
}

/** The cache root for this environment, or undefined (no usable location). */
function cacheRoot(env) {
  if (env.INFRA_CACHE_DIR) return path.resolve(env.INFRA_CACHE_DIR);
  // The XDG spec says a relative value is invalid and must be ignored.
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)) return path.join(env.XDG_CACHE_HOME, 'infra');
  if (env.HOME && path.isAbsolute(env.HOME)) return path.join(env.HOME, '.cache', 'infra');
  return undefined;
}

/** A short stable hash of a string (FNV-1a), for names: not for integrity. */
function shortHash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The directory of this Node + options + install + build, under `root`. */
function cacheDirFor(root, buildId, distDir) {
  const key = `${process.version}-${process.arch}-${shortHash([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join('\0'))}-${shortHash(path.resolve(distDir))}`;
  return { dir: path.join(root, `v8-${key}-${buildId}`), prefix: `v8-${key}-` };
}

/**
 * Why `st` (a directory or file of the cache) may not be trusted, or undefined: owned by
 * another user, or writable by its group or by anyone. Windows has no such modes.
 */
function distrust(st) {
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return undefined;
  if (st.uid !== process.getuid()) return `it belongs to another user (uid ${st.uid})`;
  if (st.mode & 0o022) return `others can write to it (mode ${(st.mode & 0o777).toString(8)})`;
  return undefined;
}

/** Why the directory `dir` may not be used, or undefined (a missing one is made 0700 when written). */
function dirProblem(dir) {
  let st;
  try {
    st = fs.statSync(dir, { throwIfNoEntry: false });
  } catch {
    return undefined; // unreadable: every read fails and means "no cache"
  }
  if (st === undefined) return undefined;
  const why = distrust(st);
  return why === undefined ? undefined : `${dir}: ${why}`;
}

/** Why the cache root may not be used, or undefined; bin/infra also keeps completion names under it. */
function rootProblem(root) {
  return root === undefined ? undefined : dirProblem(root);
}

/** The file's V8 data and note when its header and checksum hold, else undefined. */
function decodeEntry(file) {
  if (file.length < HEADER || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const length = file.readUInt32LE(MAGIC.length);
  const noteLength = file.readUInt32LE(MAGIC.length + 8);
  // V8 checks its own header (version, flags, source length) but, in release builds, not its
  // payload: a flipped byte must be caught here, or it would be run as code.
  if (HEADER + noteLength + length !== file.length || digest(file.subarray(HEADER)) !== file.readUInt32LE(MAGIC.length + 4)) return undefined;
  // (data: a view of `file`, used by V8 while it compiles, not after)
  return { data: file.subarray(HEADER + noteLength), note: file.latin1Slice(HEADER, HEADER + noteLength) };
}

/** The file's V8 data when its header and checksum hold, else undefined. */
function decode(file) {
  return decodeEntry(file)?.data;
}

function encode(data, note = '') {
  const body = Buffer.concat([Buffer.from(note, 'latin1'), data]);
  const head = Buffer.alloc(HEADER);
  MAGIC.copy(head);
  head.writeUInt32LE(data.length, MAGIC.length);
  head.writeUInt32LE(digest(body), MAGIC.length + 4);
  head.writeUInt32LE(body.length - data.length, MAGIC.length + 8);
  return Buffer.concat([head, body]);
}

/**
 * The bytes of `file`, in a buffer shared by the reads of one compile (valid until the next
 * read; released after the compile): the source is turned into a string and the cache entry
 * consumed by V8 at once, so the entry's read reuses the source's pages. (Two fresh buffers
 * for the pack, ~0.8 MB each, showed in the page faults.) The buffer is made twice the size
 * asked for: a cache entry can be larger than its source (the pack's is ~2% larger, and
 * grows with the commands run), and a buffer a few KB short meant a second fresh one. The
 * pages past what is read are never touched, so they cost address space, not memory; on the
 * development machine this took the pack's entry read from ~4 ms to ~0.3 ms.
 */
let scratch = Buffer.alloc(0);
function readShared(file, ownOnly = false) {
  const fd = fs.openSync(file, 'r');
  try {
    const st = fs.fstatSync(fd);
    // Judged on the open file: a swap after a check of the path cannot slip past it.
    if (ownOnly && distrust(st) !== undefined) throw new Error('not our own file');
    const size = st.size;
    if (scratch.length < size) scratch = Buffer.allocUnsafeSlow(2 * Math.max(size, scratch.length));
    let length = 0;
    for (let n; length < size && (n = fs.readSync(fd, scratch, length, size - length, length)) > 0; ) length += n;
    return scratch.subarray(0, length);
  } finally {
    fs.closeSync(fd);
  }
}

/** Atomically: a reader sees the old file or the whole new one, never a part. */
function writeAtomic(file, bytes) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, bytes, { mode: 0o600 });
    fs.renameSync(tmp, file);
  } catch {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // nothing more to do: the cache is only an optimisation
    }
  }
}

/**
 * Compile the .cjs files under `distDir` with a code cache from `root`. Returns `save()`,
 * which writes the cache of every chunk that had none (call it at exit, once the command ran;
 * skip it when the run should leave no trace, e.g. --help). `withDefaultFlags(fn)` runs fn
 * under V8's default flags (see bin/infra): every compile and every cache made goes through it.
 * `usePack: false` leaves the pack alone (every chunk from its own file).
 */
function install({ distDir, root, withDefaultFlags = (fn) => fn(), usePack = true, debug = () => {} }) {
  const vm = require('node:vm');
  const Module = require('node:module');
  let buildId;
  try {
    buildId = fs.readFileSync(path.join(distDir, 'build-id'), 'latin1').trim();
  } catch {
    return { save() {} };
  }
  if (!/^[0-9a-f]{8,64}$/.test(buildId)) return { save() {} };
  const { dir, prefix } = cacheDirFor(root, buildId, distDir);
  // Someone else's directory, or one others can write: not read, not written.
  const problem = dirProblem(root) ?? dirProblem(dir);
  if (problem !== undefined) {
    debug(`code cache not used: ${problem}`);
    return { save() {} };
  }
  const pending = [];
  const inDist = distDir + path.sep;
  const previous = Module._extensions['.cjs'] ?? Module._extensions['.js'];

  /**
   * `code` compiled with its cache entry (when there is a valid one): the script's value, and
   * the entry's note. `note()` gives the note to write with a new entry.
   */
  const compile = (filename, code, entry, note = () => '') => {
    const cacheFile = path.join(dir, entry.replaceAll('/', '_') + '.v8');
    let cached;
    try {
      cached = decodeEntry(readShared(cacheFile, true));
    } catch {
      // no cache yet, or unreadable: compile from source
    }
    const script = withDefaultFlags(
      () =>
        new vm.Script(code, {
          filename,
          cachedData: cached?.data,
          importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
        }),
    );
    scratch = Buffer.alloc(0);
    const item = { script, cacheFile, note };
    if (cached === undefined || script.cachedDataRejected) pending.push(item);
    return { value: script.runInThisContext({ displayErrors: true }), note: script.cachedDataRejected ? undefined : cached?.note, item };
  };
  // Node's require for a directory of the bundle (a chunk needs it for built-ins and for the
  // chunks outside the pack): one per directory, not one per chunk.
  const requires = new Map();
  const nodeRequire = (filename, at = path.dirname(filename)) => {
    if (!requires.has(at)) requires.set(at, Module.createRequire(filename));
    return requires.get(at);
  };

  // The pack (dist/cli/pack.cjs, scripts/build.mjs): the chunks nearly every command loads,
  // as one function each in one file, so they cost one read, one compile and one cache entry
  // instead of one of each per chunk (and no module resolution among them). A chunk in the
  // pack runs when first required, as before, whoever requires it (Node's loader gets the
  // same exports): `modules` holds each one's module object. The pack's cache entry notes the
  // members that had run when it was made; a run that runs others makes it again (with what
  // both compiled), so the entry follows the commands used, whichever ran first.
  let pack = {};
  const ran = new Set();
  let packStale = () => false;
  let packItem;
  if (usePack) {
    try {
      const file = path.join(distDir, 'pack.cjs');
      const compiled = compile(file, readShared(file).latin1Slice(), 'pack.cjs', () => [...ran].sort().join('\n'));
      pack = compiled.value;
      if (compiled.note !== undefined) {
        const had = new Set(compiled.note.split('\n'));
        packStale = () => [...ran].some((name) => !had.has(name));
        for (const name of had) if (Object.hasOwn(pack, name)) ran.add(name);
        packItem = compiled.item;
      }
    } catch {
      // no pack in this build, or unreadable: every chunk from its own file
    }
  }
  const modules = new Map();
  // The pack name of `./x.cjs` required from a member in directory `at` (memoised: chunks
  // require the same few helpers hundreds of times). The build's own requires (`./x.cjs`,
  // `./chunks/x.cjs`: no `.`, `..` or empty segment after the first) are joined by hand: with
  // path.join for each, node:path's normalizeString got hot enough in every run for V8 to
  // optimise it in the background (TurboFan on Node 20, Maglev on Node 24), ~8% of a
  // command's instructions on Node 20. Anything else goes through path.posix.join.
  const names = new Map();
  const plain = /^\.\/(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*$/;
  const packName = (at, id) => {
    const key = `${at}\0${id}`;
    let name = names.get(key);
    if (name === undefined) names.set(key, (name = plain.test(id) ? (at === '.' ? id.slice(2) : `${at}/${id.slice(2)}`) : path.posix.join(at, id)));
    return name;
  };
  // A member's file name: its pack name is already normal (relative, `/`-separated).
  const memberFile = path.sep === '/' ? (name) => inDist + name : (name) => inDist + name.replaceAll('/', path.sep);
  // Where a chunk of dist/cli (by its pack name) runs: its directory, and its require. The
  // build's own requires of other chunks (`./x.cjs`) are served here, from the pack or from the
  // chunk's own file with its cache entry, never through Node's module resolution: for each
  // chunk a command loaded outside the pack, Node's loader resolved it and every pack member
  // it required (stat, realpath, path lookups: 17 resolutions for `vps list --json`), enough to
  // make node:path's normalizeString hot for TurboFan again. Built-ins (and anything the
  // build did not write) go to Node's require.
  const runChunk = (name, module, run) => {
    modules.set(name, module);
    const filename = memberFile(name);
    const at = path.posix.dirname(name);
    const dir = at === '.' ? distDir : memberFile(at);
    const outside = nodeRequire(filename, dir);
    const require = (id) => {
      if (id[0] !== '.') return outside(id);
      const target = packName(at, id);
      const loaded = modules.get(target);
      if (loaded) return loaded.exports;
      const created = { exports: {} };
      if (Object.hasOwn(pack, target)) runPacked(target, created);
      else if (!target.endsWith('.cjs') || target.startsWith('../') || !runFile(target, created)) return outside(id);
      return created.exports;
    };
    run(module, require, filename, dir);
  };
  const runPacked = (name, module) => {
    ran.add(name);
    runChunk(name, module, (m, require, filename, dir) => pack[name].call(m.exports, m.exports, require, m, filename, dir));
  };
  /** Runs the chunk `name` from its own file; false (nothing run) when the file cannot be read. */
  const runFile = (name, module) => {
    let source;
    try {
      // (latin1: the build writes ASCII only, and latin1 is the cheaper decoding)
      source = readShared(memberFile(name)).latin1Slice();
    } catch {
      return false; // missing or unreadable: Node's loader says so in its own words
    }
    runChunk(name, module, (m, require, filename, dir) => compile(filename, Module.wrap(source), name).value.call(m.exports, m.exports, require, m, filename, dir));
    return true;
  };

  // Node's loader, for the entry bin/infra requires (main.cjs) and anything outside the above.
  Module._extensions['.cjs'] = function compileWithCache(module, filename) {
    if (!filename.startsWith(inDist)) return previous.call(this, module, filename);
    const name = filename.slice(inDist.length).replaceAll(path.sep, '/');
    const loaded = modules.get(name);
    if (loaded) module.exports = loaded.exports;
    else if (Object.hasOwn(pack, name)) runPacked(name, module);
    else if (!runFile(name, module)) previous.call(this, module, filename);
  };

  return {
    save() {
      if (packItem && packStale()) pending.push(packItem);
      packItem = undefined;
      if (pending.length === 0) return;
      try {
        if (!fs.existsSync(dir)) {
          fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
          // Caches of earlier builds for this same Node are dead weight now, and so is Node's
          // compile cache, which earlier versions kept here on Node 22.8+.
          for (const name of fs.readdirSync(root)) if ((name.startsWith(prefix) && path.join(root, name) !== dir) || name === 'node-compile-cache') fs.rmSync(path.join(root, name), { recursive: true, force: true });
        }
        const made = withDefaultFlags(() => pending.map(({ script, cacheFile, note }) => ({ cacheFile, data: script.createCachedData(), note: note() })));
        for (const { cacheFile, data, note } of made) writeAtomic(cacheFile, encode(data, note));
      } catch {
        // read-only, full, or not a directory: the next run compiles again, nothing else
      }
      pending.length = 0;
    },
  };
}

module.exports = { install, cacheRoot, cacheDirFor, rootProblem, decode, decodeEntry, encode };
