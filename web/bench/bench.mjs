// SPDX-License-Identifier: BSL-1.0
// The package's figures, both sides of each ratio in this one run (web/bench/run.sh
// makes the inputs and calls it): startup, isValid and isValidMany
// against the C++ parse_urn, find against `urn extract -j1`, and the npm packages urn-lib
// and urns on the same URNs (speed and verdicts).
//
// usage: node bench.mjs PACKAGE_DIR NATIVE URN_TOOL CORPUS PROSE [PEERS_DIR]
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatedCorpus } from '../test/corpus.mjs';

const [pkgDir, native, urnTool, corpusFile, proseFile, peersDir] = process.argv.slice(2);
if (!proseFile) {
  console.error('usage: node bench.mjs PACKAGE_DIR NATIVE URN_TOOL CORPUS PROSE [PEERS_DIR]');
  process.exit(2);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) || [])[1] ?? cpus()[0].model;
const out = { cpu, node: process.version };

// Startup: a fresh node that imports the package, from the import's start
// to its resolution (the module compiled and instantiated), five times.
const moduleUrl = pathToFileURL(join(pkgDir, 'urns.js')).href;
const startups = [];
for (let i = 0; i < 5; i++) {
  const r = execFileSync(process.execPath, ['--input-type=module', '-e',
    `const t = performance.now(); await import(${JSON.stringify(moduleUrl)}); console.log(performance.now() - t);`], { encoding: 'utf8' });
  startups.push(Number(r));
}
out.startupMs = { median: median(startups), all: startups.map((x) => +x.toFixed(1)) };

const urns = await import(moduleUrl);
const lines = readFileSync(corpusFile, 'utf8').split('\n');
lines.pop();

// isValid per URN, isValidMany on all the lines at once, and the C++
// parse_urn on the same lines, alternately.
function jsRound() {
  let valid = 0;
  const t = process.hrtime.bigint();
  for (const l of lines) valid += urns.isValid(l);
  return { ns: Number(process.hrtime.bigint() - t) / lines.length, valid };
}
function manyRound() {
  const t = process.hrtime.bigint();
  const v = urns.isValidMany(lines);
  const ns = Number(process.hrtime.bigint() - t) / lines.length;
  return { ns, valid: v.reduce((a, b) => a + b, 0) };
}
for (let i = 0; i < 3; i++) {
  jsRound();
  manyRound();
}
const js = [];
const many = [];
const cc = [];
let validJs = 0;
let validMany = 0;
let validCc = 0;
for (let i = 0; i < 5; i++) {
  const n = JSON.parse(execFileSync(native, [corpusFile, 'rfc2141bis', '9'], { encoding: 'utf8' }));
  cc.push(n.ns_per_urn);
  validCc = n.valid;
  const rounds = [];
  const manyRounds = [];
  for (let k = 0; k < 9; k++) {
    const r = jsRound();
    rounds.push(r.ns);
    validJs = r.valid;
    const m = manyRound();
    manyRounds.push(m.ns);
    validMany = m.valid;
  }
  js.push(median(rounds));
  many.push(median(manyRounds));
}
out.isValid = {
  urns: lines.length, valid: validJs, validMany, validCpp: validCc,
  jsNsPerUrn: +median(js).toFixed(1), manyNsPerUrn: +median(many).toFixed(1), cppNsPerUrn: +median(cc).toFixed(1),
  ratio: +(median(js) / median(cc)).toFixed(2), manyRatio: +(median(many) / median(cc)).toFixed(2),
};

// The copy alone: each line written into a view of a WebAssembly memory
// (as isValid writes it into the module's), by each way node offers
// (latin1Write and the charCodeAt loop are right for ASCII lines only, as
// this corpus's are), with nothing else done: the cheapest is the least
// an isValid that copies the string can cost before the module parses it.
const longest = lines.reduce((m, l) => Math.max(m, l.length), 0);
const copyMemory = new WebAssembly.Memory({ initial: Math.ceil((1024 + 3 * longest) / 65536) });
const copyView = new Uint8Array(copyMemory.buffer, 1024, 3 * longest);
const copyBuffer = Buffer.from(copyMemory.buffer, 1024, 3 * longest);
const copyEncoder = new TextEncoder();
// What each copy must write: the lines' UTF-8 bytes (a method that writes
// other bytes, as latin1Write on non-ASCII text, is reported so, not timed).
const utf8Bytes = lines.reduce((n, l) => n + Buffer.byteLength(l, 'utf8'), 0);
const copies = {
  encodeInto: (l) => copyEncoder.encodeInto(l, copyView).written,
  latin1Write: (l) => copyBuffer.latin1Write(l, 0),
  utf8Write: (l) => copyBuffer.utf8Write(l, 0),
  charCodeAt: (l) => {
    const n = l.length;
    for (let i = 0; i < n; i++) copyView[i] = l.charCodeAt(i);
    return n;
  },
};
out.copy = {};
for (const [name, copy] of Object.entries(copies)) {
  const ts = [];
  let bytes = 0;
  for (let k = 0; k < 9; k++) {
    bytes = 0;
    const t = process.hrtime.bigint();
    for (const l of lines) bytes += copy(l);
    ts.push(Number(process.hrtime.bigint() - t) / lines.length);
  }
  out.copy[name] = bytes === utf8Bytes ? +median(ts.slice(2)).toFixed(1) : `wrote ${bytes} bytes, not ${utf8Bytes}`;
}
const copyTimes = Object.values(out.copy).filter((v) => typeof v === 'number');
out.copy.cheapestRatio = +(Math.min(...copyTimes) / median(cc)).toFixed(2);

// find over the prose file against `urn extract -j1 -o`.
const proseBytes = readFileSync(proseFile).length;
const tool = [];
let toolCount = 0;
for (let i = 0; i < 3; i++) {
  const t = process.hrtime.bigint();
  const r = spawnSync(urnTool, ['extract', '-j', '1', '-o', proseFile], { maxBuffer: 1 << 30 });
  tool.push(Number(process.hrtime.bigint() - t) / 1e9);
  toolCount = r.stdout.toString().split('\n').length - 1;
}
const jsFind = [];
const decode = [];
let jsCount = 0;
for (let i = 0; i < 3; i++) {
  let t = process.hrtime.bigint();
  const text = readFileSync(proseFile, 'utf8');
  decode.push(Number(process.hrtime.bigint() - t) / 1e9);
  t = process.hrtime.bigint();
  let n = 0;
  for (const m of urns.find(text)) n += m.length > 0;
  jsFind.push(Number(process.hrtime.bigint() - t) / 1e9);
  jsCount = n;
}
out.find = {
  bytes: proseBytes, matches: jsCount, toolMatches: toolCount,
  jsSeconds: +median(jsFind).toFixed(3), readSeconds: +median(decode).toFixed(3), toolSeconds: +median(tool).toFixed(3),
  jsMBs: +(proseBytes / 1e6 / median(jsFind)).toFixed(1), toolMBs: +(proseBytes / 1e6 / median(tool)).toFixed(1),
  ratio: +(median(tool) / median(jsFind)).toFixed(2),
  ratioWithRead: +(median(tool) / (median(jsFind) + median(decode))).toFixed(2),
};

// The npm packages urn-lib (RFC 2141) and urns (RFC 8141) on the same
// lines: time per URN, and the verdicts that differ from ours in that
// syntax, counted by our error code.
if (peersDir) {
  const require = createRequire(join(peersDir, 'package.json'));
  const peers = [];
  try {
    const { RFC2141 } = require('urn-lib');
    const version = require('urn-lib/package.json').version;
    peers.push({ name: `urn-lib ${version}`, syntax: 'rfc2141', valid: (s) => { const p = RFC2141.parse(s); return p !== null && RFC2141.validate(p) === null; } });
  } catch (e) {
    out.urnLib = `not measured: ${e.message}`;
  }
  try {
    const u = require('urns');
    const version = require('urns/package.json').version;
    peers.push({ name: `urns ${version}`, syntax: 'rfc8141', valid: (s) => { try { u.parseURN(s); return true; } catch { return false; } } });
  } catch (e) {
    out.urnsNpm = `not measured: ${e.message}`;
  }
  out.peers = [];
  for (const p of peers) {
    const opts = { syntax: p.syntax };
    const time = (f) => {
      const ts = [];
      for (let k = 0; k < 7; k++) {
        const t = process.hrtime.bigint();
        for (const l of lines) f(l);
        ts.push(Number(process.hrtime.bigint() - t) / lines.length);
      }
      return median(ts);
    };
    const peerNs = time(p.valid);
    const oursNs = time((s) => urns.isValid(s, opts));
    // The verdicts on the corpus, and on the tests' generated corpus (URNs
    // with random edits: more kinds of fault).
    const differences = new Map();
    for (const l of [...lines, ...generatedCorpus(20000)]) {
      const theirs = p.valid(l);
      let code = 'valid';
      try {
        urns.parse(l, opts);
      } catch (e) {
        code = e.code;
      }
      if (theirs !== (code === 'valid')) {
        const key = `${theirs ? 'accepts' : 'rejects'} (ours: ${code})`;
        const d = differences.get(key) ?? { count: 0, examples: [] };
        d.count++;
        if (d.examples.length < 3) d.examples.push(l);
        differences.set(key, d);
      }
    }
    out.peers.push({
      peer: p.name, syntax: p.syntax, peerNsPerUrn: +peerNs.toFixed(1), oursNsPerUrn: +oursNs.toFixed(1),
      speedup: +(peerNs / oursNs).toFixed(2), differences: Object.fromEntries(differences),
    });
  }
}
console.log(JSON.stringify(out, null, 1));
