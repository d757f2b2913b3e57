// SPDX-License-Identifier: BSL-1.0
// urns-wasm: the C++ library urns compiled to WebAssembly (urns.wasm, made
// from web/src/binding.cpp), behind a JavaScript interface of plain values.
// An ES module for node (18 and later) and browsers; it is ready when its
// import resolves (a top-level await instantiates the module).
//
// Strings go to the module as UTF-8 in one input buffer; results come back
// as 32-bit words and bytes (binding.cpp says what each call writes).
// Offsets are JavaScript string indices (UTF-16 code units), with the byte
// offset in the UTF-8 beside them. Nothing here asks the caller to free
// anything: compiled grammars and namespaces are held by handles that the
// module bounds (least recently used first out) and that a
// FinalizationRegistry gives back when their object is collected; an
// object whose handle was dropped compiles itself again when next used.

const wasmUrl = new URL('./urns.wasm', import.meta.url);

let stderrText = '';
const decoder = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** An error inside the WebAssembly module (it aborted: out of memory). */
export class URNSInternalError extends Error {
  constructor(message) {
    super(message);
    this.name = 'URNSInternalError';
  }
}

let memory = null;
// The input buffer in the module's memory, and a view over it.
let inPtr = 0;
let inCap = 0;
let inView = null;
let u8 = null;
let u32 = null;
// Set when the module's memory grew: the views over it are then stale.
let grown = true;

function views() {
  if (grown) {
    u8 = new Uint8Array(memory.buffer);
    u32 = new Uint32Array(memory.buffer);
    inView = inCap ? new Uint8Array(memory.buffer, inPtr, inCap) : null;
    grown = false;
  }
}

const imports = {
  env: {
    emscripten_notify_memory_growth() {
      grown = true;
    },
  },
  wasi_snapshot_preview1: {
    proc_exit(code) {
      throw new URNSInternalError(`the WebAssembly module stopped (status ${code})${stderrText ? ': ' + stderrText.trim() : ''}`);
    },
    fd_close() {
      return 0;
    },
    fd_seek() {
      return 70; // ESPIPE: the module's streams cannot seek
    },
    // What the module writes to stderr (its abort messages), kept for the
    // error proc_exit throws.
    fd_write(fd, iov, iovcnt, pnum) {
      views();
      let n = 0;
      for (let i = 0; i < iovcnt; i++) {
        const p = u32[(iov >> 2) + 2 * i];
        const len = u32[(iov >> 2) + 2 * i + 1];
        stderrText += decoder.decode(u8.subarray(p, p + len));
        n += len;
      }
      if (stderrText.length > 4096) stderrText = stderrText.slice(-4096);
      u32[pnum >> 2] = n;
      return 0;
    },
  },
};

async function instantiate() {
  if (wasmUrl.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(wasmUrl);
    return (await WebAssembly.instantiate(bytes, imports)).instance;
  }
  const response = fetch(wasmUrl);
  if (WebAssembly.instantiateStreaming) {
    try {
      return (await WebAssembly.instantiateStreaming(response, imports)).instance;
    } catch (e) {
      // A server that does not say application/wasm: compile the bytes.
      if (!(e instanceof TypeError)) throw e;
    }
  }
  const bytes = await (await fetch(wasmUrl)).arrayBuffer();
  return (await WebAssembly.instantiate(bytes, imports)).instance;
}

const instance = await instantiate();
const ex = instance.exports;
memory = ex.memory;
ex._initialize();
views();
const headerWords = ex.urns_header() >> 2;

// --- passing strings --------------------------------------------------

// Room for `bytes` in the input buffer, and at least one byte: the empty
// string too needs a buffer (a view to write into, an address to read).
function reserve(bytes) {
  if (bytes > inCap || inCap === 0) {
    const want = bytes > 0 ? bytes : 1;
    const p = ex.urns_input(want);
    if (p === 0) throw new URNSInternalError('out of memory for the input');
    inPtr = p;
    inCap = want;
    grown = true;
  }
  views();
}

// Gives the module back its large buffers, the input buffer among them:
// the next put() asks the module for one again.
function trim() {
  ex.urns_trim();
  inPtr = 0;
  inCap = 0;
  grown = true;
}

// Writes `s` as UTF-8 at the input buffer's byte `at`; returns its size in
// bytes. TextEncoder.encodeInto writes into a view kept over the buffer.
function put(s, at) {
  reserve(at + 3 * s.length);
  return encoder.encodeInto(s, at === 0 ? inView : inView.subarray(at)).written;
}

function checkText(s, what) {
  if (typeof s !== 'string') throw new TypeError(`urns: ${what} must be a string, not ${s === null ? 'null' : typeof s}`);
}

// --- reading results --------------------------------------------------

function decode(p, len) {
  if (len <= 64) {
    let s = '';
    for (let i = 0; i < len; i++) {
      const c = u8[p + i];
      if (c > 127) return decoder.decode(u8.subarray(p, p + len));
      s += String.fromCharCode(c);
    }
    return s;
  }
  return decoder.decode(u8.subarray(p, p + len));
}

class Output {
  constructor() {
    views();
    this.w = u32[headerWords] >> 2;
    this.end = this.w + u32[headerWords + 1];
    this.t = u32[headerWords + 2];
  }
  word() {
    return u32[this.w++];
  }
  str() {
    const off = this.word();
    const len = this.word();
    return decode(this.t + off, len);
  }
  strs() {
    const n = this.word();
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.str();
    return out;
  }
}

// --- options -------------------------------------------------------------

const SYNTAXES = Object.freeze(['rfc2141bis', 'rfc2141', 'rfc8141']);
const MODES = Object.freeze(['rfc2141', 'rfc2141bis-5a', 'rfc2141bis-5b', 'rfc8141']);
export { SYNTAXES as syntaxes, MODES as equivalenceModes };

function syntaxCode(s) {
  if (s === undefined || s === 'rfc2141bis') return 0;
  if (s === 'rfc2141') return 1;
  if (s === 'rfc8141') return 2;
  throw new RangeError(`urns: unknown syntax ${JSON.stringify(s)} (one of ${SYNTAXES.join(', ')})`);
}

function modeCode(m) {
  if (m === undefined || m === null) return -1;
  const i = MODES.indexOf(m);
  if (i < 0) throw new RangeError(`urns: unknown equivalence mode ${JSON.stringify(m)} (one of ${MODES.join(', ')})`);
  return i;
}

// The registry of a call: 0 none, 1 the shipped namespaces, 2 the shipped
// namespaces and the Namespace objects given.
function registryCode(ns) {
  if (ns === undefined || ns === null || ns === false) return 0;
  if (ns === true) return 1;
  if (typeof ns[Symbol.iterator] !== 'function') {
    throw new TypeError('urns: namespaces must be true, false or an iterable of Namespace objects');
  }
  const list = Array.from(ns);
  for (const n of list) {
    if (!(n instanceof Namespace)) throw new TypeError('urns: namespaces holds something that is not a Namespace');
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const p = handleList(list.map((n) => n._handle()));
    const r = ex.urns_set_namespaces(p, list.length);
    if (r === 1) return 2;
    // A handle was dropped since: that namespace compiles itself again.
    list[-1 - r]._recompile();
  }
  throw new URNSInternalError('urns: could not keep the namespaces in the module');
}

// The handles of a namespaces list, in a buffer of the module's.
function handleList(hs) {
  const p = ex.urns_list(hs.length);
  views();
  for (let i = 0; i < hs.length; i++) u32[(p >> 2) + i] = hs[i];
  return p;
}

// --- errors ---------------------------------------------------------------

/**
 * A string that is not a URN of the syntax (or that its namespace's rules
 * reject): where (`offset`, a string index; `byteOffset`, in the UTF-8),
 * what was expected there (`expected`, the ABNF rule names), and why
 * (`code`).
 */
export class URNParseError extends SyntaxError {
  constructor(message, fields) {
    super(message);
    this.name = 'URNParseError';
    Object.assign(this, fields);
  }
}

/** A namespace's ABNF rule could not decide (docs/abnf.md, "Limits"). */
export class URNUndecidedError extends URNParseError {
  constructor(message, fields) {
    super(message, fields);
    this.name = 'URNUndecidedError';
  }
}

/** ABNF that cannot make a namespace: its `diagnostics` say why. */
export class AbnfError extends Error {
  constructor(message, diagnostics) {
    super(message);
    this.name = 'AbnfError';
    this.diagnostics = diagnostics;
  }
}

const SYNTAX_NAMES = ['rfc2141bis', 'rfc2141', 'rfc8141'];

function readError(input, syn) {
  const o = new Output();
  o.word(); // the numeric code
  const byteOffset = o.word();
  const offset = o.word();
  const expected = o.strs();
  const code = o.str();
  const reason = o.str();
  const display = o.str();
  const syntax = SYNTAX_NAMES[syn];
  const fields = { input, offset, byteOffset, expected, code, reason, syntax, display };
  const message = `${JSON.stringify(input.length > 200 ? input.slice(0, 200) + '…' : input)}: ${reason} at index ${offset} (expected ${expected.join(' or ')}) [${syntax}]`;
  return code === 'nss_undecided' ? new URNUndecidedError(message, fields) : new URNParseError(message, fields);
}

// --- URNs ----------------------------------------------------------------

/** Whether `text` is a URN of the syntax (and of its namespace, with `namespaces`). */
export function isValid(text, options) {
  checkText(text, 'text');
  let syn = 0;
  let reg = 0;
  if (options !== undefined) {
    syn = syntaxCode(options.syntax);
    reg = registryCode(options.namespaces);
  }
  const n = put(text, 0);
  const r = ex.urns_is_valid(n, syn, reg);
  if (r === 2) {
    ex.urns_parse(n, syn, reg);
    throw readError(text, syn);
  }
  return r === 1;
}

// isValidMany's batches: about this many UTF-16 code units of items each.
// Their joined string stays under V8's largest ordinary heap object
// (128 kB; a larger string is made in its large-object space, which in
// node 20 made the join ten times slower per item).
const BATCH_UNITS = 1 << 15;

/**
 * Whether each of `texts` (an array or any iterable) is a URN of the
 * syntax (and of its namespace, with `namespaces`): a Uint8Array of 1 or 0
 * per item, as isValid answers for each. An item that is not a string is
 * not a URN (0). Throws URNUndecidedError, with the item's `index`, where
 * a namespace's rule could not decide. The items of a batch go into the
 * module as one string, "\n" between them, so a call costs little per
 * item; an item that holds a "\n" (no URN does) makes its batch judged
 * item by item.
 */
export function isValidMany(texts, options) {
  let syn = 0;
  let reg = 0;
  if (options !== undefined) {
    syn = syntaxCode(options.syntax);
    reg = registryCode(options.namespaces);
  }
  if (texts === null || texts === undefined || typeof texts[Symbol.iterator] !== 'function') {
    throw new TypeError('urns: texts must be an iterable of strings');
  }
  const items = Array.isArray(texts) ? texts : Array.from(texts);
  const n = items.length;
  const out = new Uint8Array(n);
  for (let i = 0; i < n;) {
    let j = i;
    let units = 0;
    let strings = true;
    while (j < n && units < BATCH_UNITS) {
      const t = items[j++];
      if (typeof t === 'string') units += t.length + 1;
      else strings = false;
    }
    // Not a string: an empty line, which no syntax accepts.
    const batch = strings ? items.slice(i, j) : items.slice(i, j).map((t) => (typeof t === 'string' ? t : ''));
    const len = put(batch.join('\n'), 0);
    if (ex.urns_valid_many(len, j - i, syn, reg) === j - i) {
      const o = new Output();
      out.set(u8.subarray(o.t, o.t + (j - i)), i);
    } else {
      for (let k = i; k < j; k++) {
        const t = items[k];
        if (typeof t !== 'string') continue;
        const m = put(t, 0);
        out[k] = ex.urns_is_valid(m, syn, reg);
      }
    }
    i = j;
  }
  const k = out.indexOf(2);
  if (k >= 0) {
    const m = put(items[k], 0);
    ex.urns_parse(m, syn, reg);
    const e = readError(items[k], syn);
    e.index = k;
    throw e;
  }
  return out;
}

function component(text, o) {
  const b = o.word();
  const e = o.word();
  return b === 0xffffffff ? null : text.slice(b, e);
}

/** Parses a URN into a plain object; throws URNParseError if it is not one. */
export function parse(text, options = {}) {
  checkText(text, 'text');
  const syn = syntaxCode(options.syntax);
  const reg = registryCode(options.namespaces);
  const n = put(text, 0);
  if (!ex.urns_parse(n, syn, reg)) throw readError(text, syn);
  // A URN is ASCII: its byte offsets are its string indices.
  const o = new Output();
  const syntax = SYNTAX_NAMES[o.word()];
  const nid = component(text, o);
  const nssBegin = u32[o.w];
  const nss = component(text, o);
  const query = component(text, o);
  const rComponent = component(text, o);
  const qComponent = component(text, o);
  const fComponent = component(text, o);
  const canonical = o.str();
  const count = o.word();
  const fields = [];
  for (let i = 0; i < count; i++) {
    const name = o.str();
    const start = o.word();
    const end = o.word();
    fields.push({ name, text: text.slice(start, end), start, end });
  }
  return {
    urn: text,
    syntax,
    scheme: text.slice(0, 3),
    nid,
    nss,
    assignedName: text.slice(0, nssBegin + nss.length),
    components: { query, rComponent, qComponent, fComponent },
    canonical,
    fields,
  };
}

/** The canonical form of a URN in `mode` (default: its syntax's). */
export function canonical(text, options = {}) {
  checkText(text, 'text');
  const syn = syntaxCode(options.syntax);
  const mode = modeCode(options.mode);
  const reg = registryCode(options.namespaces);
  const n = put(text, 0);
  if (!ex.urns_canonical(n, syn, mode, reg)) throw readError(text, syn);
  return new Output().str();
}

/** Whether two URNs are equivalent in `mode` (default: the syntax's). */
export function equivalent(a, b, options = {}) {
  checkText(a, 'a');
  checkText(b, 'b');
  const syn = syntaxCode(options.syntax);
  const mode = modeCode(options.mode);
  const reg = registryCode(options.namespaces);
  const na = put(a, 0);
  const nb = put(b, na);
  const r = ex.urns_equivalent(na, nb, syn, mode, reg);
  if (r === -1) throw readError(a, syn);
  if (r === -2) throw readError(b, syn);
  return r === 1;
}

// --- finding URNs in text --------------------------------------------------

// find() hands the module the text a chunk at a time, each cut just after
// a space, tab, CR or LF: no URN holds one, and the rule of where a URN may
// start looks at one byte before "urn:", which such a byte allows.
const CHUNK = 1 << 20;

function chunkEnd(text, start) {
  let i = start + CHUNK;
  if (i >= text.length) return text.length;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) return i + 1;
  }
  return text.length;
}

/**
 * The URNs in a text, in order, as an iterator of plain objects (found a
 * chunk of about a million code units at a time, when the iterator gets
 * there).
 */
export function find(text, options = {}) {
  checkText(text, 'text');
  const syn = syntaxCode(options.syntax);
  const strict = options.strict ? 1 : 0;
  const uriContext = options.uriContext === false ? 0 : 1;
  const namespaces = options.namespaces;
  registryCode(namespaces);
  return findMatches(text, syn, strict, uriContext, namespaces);
}

function* findMatches(text, syn, strict, uriContext, namespaces) {
  let start = 0;
  let byteStart = 0;
  while (start < text.length) {
    const end = chunkEnd(text, start);
    const chunk = start === 0 && end === text.length ? text : text.slice(start, end);
    // The namespaces again: another call may have set others meanwhile.
    const reg = registryCode(namespaces);
    const n = put(chunk, 0);
    const count = ex.urns_find(n, syn, strict, uriContext, reg);
    const o = new Output();
    const found = new Array(count);
    for (let i = 0; i < count; i++) {
      const byteOffset = byteStart + o.word();
      const byteLength = o.word();
      const offset = start + o.word();
      const length = o.word();
      const urn = text.slice(offset, offset + length);
      let namespaceFault = null;
      if (o.word()) {
        const at = o.word();
        namespaceFault = { offset: at, byteOffset: at, expected: o.strs() };
      }
      found[i] = { urn, nid: urn.slice(4, urn.indexOf(':', 4)), offset, length, byteOffset, byteLength, namespaceFault };
    }
    if (n > 4 << 20) trim();
    yield* found;
    start = end;
    byteStart += n;
  }
}

// --- the shipped namespaces --------------------------------------------------

let shippedList = null;

function names(s) {
  return Object.freeze(s === '' ? [] : s.split(' '));
}

/** The namespaces urns ships (every formal NID of IANA's registry), sorted by NID. */
export function namespaces() {
  if (shippedList === null) {
    ex.urns_shipped();
    const o = new Output();
    const n = o.word();
    const list = [];
    for (let i = 0; i < n; i++) {
      const nid = o.str();
      const title = o.str();
      const reference = o.str();
      const check = o.str();
      const unreadable = o.str();
      const root = o.str();
      const fields = names(o.str());
      const caseInsensitive = names(o.str());
      const file = o.str();
      const abnf = o.str();
      list.push(Object.freeze({ nid, title, reference, check, unreadable, root, fields, caseInsensitive, file, abnf }));
    }
    shippedList = Object.freeze(list);
  }
  return shippedList;
}

// --- handles ---------------------------------------------------------------

const released = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((h) => ex.urns_release(h))
  : null;

function track(owner, h) {
  if (released) {
    released.unregister(owner);
    if (h) released.register(owner, h, owner);
  }
}

function readDiagnostics(o) {
  const n = o.word();
  const out = [];
  for (let i = 0; i < n; i++) {
    const severity = o.word() ? 'error' : 'warning';
    const byteOffset = o.word();
    const offset = o.word();
    const line = o.word();
    const column = o.word();
    const rule = o.str();
    const message = o.str();
    const expected = o.strs();
    const display = o.str();
    out.push({ severity, offset, byteOffset, line, column, rule, message, expected, display });
  }
  return out;
}

function putMany(parts) {
  let at = 0;
  const sizes = [];
  for (const p of parts) {
    const n = put(p, at);
    sizes.push(n);
    at += n;
  }
  return sizes;
}

function nameList(v, what) {
  if (v === undefined || v === null) return [];
  const list = typeof v === 'string' ? [v] : Array.from(v);
  for (const x of list) {
    if (typeof x !== 'string' || x === '' || /\s/.test(x)) throw new TypeError(`urns: ${what} must be rule names`);
  }
  return list;
}

/** A namespace made from the ABNF of its registration (or a shipped one's file). */
export class Namespace {
  #spec;
  #handle = 0;

  constructor(token, spec) {
    if (token !== constructing) throw new TypeError('urns: make a Namespace with Namespace.fromAbnf');
    this.#spec = spec;
  }

  /**
   * The namespace `nid` whose NSS rule is `root` of `abnf` (default: the
   * header's root, else the first rule). Throws AbnfError when the grammar
   * has an error or no such rule.
   */
  static fromAbnf(nid, abnf, options = {}) {
    checkText(nid, 'nid');
    checkText(abnf, 'abnf');
    const root = options.root ?? '';
    checkText(root, 'root');
    const spec = {
      nid,
      abnf,
      root,
      caseInsensitive: nameList(options.caseInsensitive, 'caseInsensitive'),
      fields: nameList(options.fields, 'fields'),
      reference: options.reference ?? '',
    };
    checkText(spec.reference, 'reference');
    const ns = new Namespace(constructing, spec);
    const info = ns._recompile();
    if (!info.ok) {
      const first = info.diagnostics.find((d) => d.severity === 'error');
      throw new AbnfError(`urns: the ABNF of namespace ${nid} gives no rules${first ? ': ' + first.message : ''}`, info.diagnostics);
    }
    return ns;
  }

  /** @internal Compiles the namespace (again); returns what the module said. */
  _recompile() {
    const s = this.#spec;
    const sizes = putMany([s.nid, s.abnf, s.root, s.caseInsensitive.join(' '), s.fields.join(' '), s.reference]);
    const h = ex.urns_namespace_from_abnf(...sizes);
    const o = new Output();
    const diagnostics = readDiagnostics(o);
    const ok = o.word() === 1;
    const rootUsed = o.str();
    const fieldRules = o.strs();
    const caseInsensitive = o.strs();
    this.#handle = h;
    track(this, h);
    if (!this.info) {
      Object.defineProperty(this, 'info', {
        value: Object.freeze({ root: rootUsed, fieldRules: Object.freeze(fieldRules), caseInsensitive: Object.freeze(caseInsensitive), diagnostics: Object.freeze(diagnostics) }),
      });
    }
    return { ok, diagnostics };
  }

  /** @internal The module's handle, compiled again if it was dropped. */
  _handle() {
    if (this.#handle === 0) this._recompile();
    return this.#handle;
  }

  get nid() {
    return this.#spec.nid;
  }
  get abnf() {
    return this.#spec.abnf;
  }
  get reference() {
    return this.#spec.reference;
  }
  get root() {
    return this.info.root;
  }
  get fieldRules() {
    return this.info.fieldRules;
  }
  get caseInsensitive() {
    return this.info.caseInsensitive;
  }
  get diagnostics() {
    return this.info.diagnostics;
  }

  #check(nss) {
    checkText(nss, 'nss');
    for (let attempt = 0; attempt < 2; attempt++) {
      const h = this._handle();
      const n = put(nss, 0);
      const r = ex.urns_namespace_check(h, n);
      if (r >= 0) return r;
      this._recompile();
    }
    throw new URNSInternalError('urns: could not keep the namespace in the module');
  }

  /**
   * Null if the namespace accepts the NSS, else where and what it expected:
   * {offset, byteOffset, expected, undecided}.
   */
  validate(nss) {
    const r = this.#check(nss);
    if (r === 0) return null;
    const o = new Output();
    const byteOffset = o.word();
    const offset = o.word();
    return { offset, byteOffset, expected: o.strs(), undecided: r === 2 };
  }

  /** The named fields of an NSS the namespace accepts (empty otherwise). */
  fields(nss) {
    if (this.#check(nss) !== 0) return [];
    const o = new Output();
    const n = o.word();
    const out = [];
    for (let i = 0; i < n; i++) {
      const name = o.str();
      const byteStart = o.word();
      const start = o.word();
      const byteEnd = o.word();
      const end = o.word();
      out.push({ name, text: nss.slice(start, end), start, end, byteStart, byteEnd });
    }
    return out;
  }
}

const constructing = Symbol('constructing');

// --- the ABNF engine ---------------------------------------------------------

const STATES = ['matched', 'no_match', 'undecided', 'no_rule'];

/** A compiled ABNF grammar (abnf.compile). */
export class Grammar {
  #text;
  #flags;
  #stepLimit;
  #handle = 0;

  constructor(token, text, flags, stepLimit) {
    if (token !== constructing) throw new TypeError('urns: make a Grammar with abnf.compile');
    this.#text = text;
    this.#flags = flags;
    this.#stepLimit = stepLimit;
    const o = this.#compile();
    this.ok = o.ok;
    this.diagnostics = Object.freeze(o.diagnostics);
    this.diagnosticsLeftOut = o.leftOut;
    this.ruleNames = Object.freeze(o.ruleNames);
    Object.freeze(this);
  }

  #compile() {
    const n = put(this.#text, 0);
    const h = ex.urns_abnf_compile(n, this.#flags, this.#stepLimit);
    const o = new Output();
    const ok = o.word() === 1;
    const diagnostics = readDiagnostics(o);
    const leftOut = o.word();
    const ruleNames = o.strs();
    this.#handle = h;
    track(this, h);
    return { ok, diagnostics, leftOut, ruleNames };
  }

  // Runs `call(handle)`; compiles again when the module dropped the handle.
  #with(call) {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (this.#handle === 0) this.#compile();
      const r = call(this.#handle);
      if (r !== -1) return r;
      this.#handle = 0;
    }
    throw new URNSInternalError('urns: could not keep the grammar in the module');
  }

  /** The ABNF text. */
  get text() {
    return this.#text;
  }

  /**
   * Whether `input` as a whole is in the language of `rule`: status
   * (matched, no_match, undecided, no_rule), for no_match the farthest
   * failure (offset, byteOffset) and the rules expected there, for a match
   * the spans asked for (`capture` rule names, or `tree` for all).
   */
  match(rule, input, options = {}) {
    checkText(rule, 'rule');
    checkText(input, 'input');
    const capture = nameList(options.capture, 'capture').join(' ');
    const tree = options.tree ? 1 : 0;
    const stepLimit = options.stepLimit ?? 0;
    if (!this.ok) return noRule();
    const state = this.#with((h) => {
      const [nr, ni, nc] = putMany([rule, input, capture]);
      return ex.urns_abnf_match(h, nr, ni, tree, nc, stepLimit);
    });
    const o = new Output();
    const byteOffset = o.word();
    const offset = o.word();
    const expected = o.strs();
    const spansUndecided = o.word() === 1;
    const steps = o.word();
    const n = o.word();
    const spans = [];
    for (let i = 0; i < n; i++) {
      const name = o.str();
      const byteStart = o.word();
      const start = o.word();
      const byteEnd = o.word();
      const end = o.word();
      const depth = o.word();
      spans.push({ rule: name, start, end, byteStart, byteEnd, depth, text: input.slice(start, end) });
    }
    const status = STATES[state];
    return {
      status,
      matched: status === 'matched',
      offset,
      byteOffset,
      expected: status === 'no_match' ? expected : [],
      spans,
      spansUndecided,
      steps,
    };
  }

  /** Whether `input` is in the language of `rule` (false also when undecided). */
  matches(rule, input) {
    return this.match(rule, input).matched;
  }

  /**
   * Up to `count` strings that `rule` matches (with `invalid`, near misses
   * it rejects), the same for the same seed; those whose bytes are not
   * UTF-8 are left out.
   */
  generate(rule, count, options = {}) {
    checkText(rule, 'rule');
    if (!Number.isInteger(count) || count < 0) throw new RangeError('urns: count must be a non-negative integer');
    if (!this.ok) return [];
    const seed = BigInt(options.seed ?? 1);
    const lo = Number(seed & 0xffffffffn);
    const hi = Number((seed >> 32n) & 0xffffffffn);
    const maxLength = options.maxLength ?? 64;
    const invalid = options.invalid ? 1 : 0;
    const n = this.#with((h) => {
      const nr = put(rule, 0);
      return ex.urns_abnf_generate(h, nr, count, lo, hi, maxLength, invalid);
    });
    const o = new Output();
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = o.str();
    return out;
  }
}

function noRule() {
  return { status: 'no_rule', matched: false, offset: 0, byteOffset: 0, expected: [], spans: [], spansUndecided: false, steps: 0 };
}

function compile(text, options = {}) {
  checkText(text, 'text');
  let flags = 0;
  if (options.coreRules !== false) flags |= 1;
  if (options.rfc3986Rules) flags |= 2;
  if (options.warnUnused !== false) flags |= 4;
  if (options.automata !== false) flags |= 8;
  return new Grammar(constructing, text, flags, options.stepLimit ?? 0);
}

function grammarOf(g) {
  if (g instanceof Grammar) return g;
  if (typeof g === 'string') return compile(g);
  throw new TypeError('urns: expected a Grammar or ABNF text');
}

/** The ABNF engine: RFC 5234 with RFC 7405, ABNF's meaning (not PEG's). */
export const abnf = Object.freeze({
  compile,
  match: (grammar, rule, input, options) => grammarOf(grammar).match(rule, input, options),
  matches: (grammar, rule, input) => grammarOf(grammar).matches(rule, input),
  generate: (grammar, rule, count, options) => grammarOf(grammar).generate(rule, count, options),
});

// --- for tests ---------------------------------------------------------------

/** The module's memory use: its heap's top and its live handles (the leak tests watch them). */
export function memoryUse() {
  return { heapTop: ex.urns_heap_top(), bytes: memory.buffer.byteLength, handles: ex.urns_live_handles() };
}
