// SPDX-License-Identifier: BSL-1.0
// Inputs for the package's tests and benchmark: the URNs of the repository's
// test vectors (test/vectors/), and a generated corpus (deterministic: a
// fixed seed gives the same strings on every machine).
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const root = fileURLToPath(new URL('../../', import.meta.url));

// The vector files' escaping (test/vectors/README.md): \\ \t \n \r \xHH.
// Returns the bytes.
export function unescapeBytes(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c !== '\\') {
      out.push(s.charCodeAt(i));
      continue;
    }
    const d = s[++i];
    if (d === '\\') out.push(0x5c);
    else if (d === 't') out.push(9);
    else if (d === 'n') out.push(10);
    else if (d === 'r') out.push(13);
    else if (d === 'x') {
      out.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else throw new Error(`bad escape \\${d} in ${s}`);
  }
  return Uint8Array.from(out);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

// The string of a vector, or null when its bytes are not UTF-8 (a
// JavaScript string cannot hold them).
export function vectorString(s) {
  try {
    return strictUtf8.decode(unescapeBytes(s));
  } catch {
    return null;
  }
}

function rows(path) {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
}

/** Every URN of test/vectors/: spec.tsv, peers/ (level=urn), nss/, equivalence/. */
export function vectorUrns() {
  const v = join(root, 'test/vectors');
  const out = [];
  for (const r of rows(join(v, 'spec.tsv')).slice(1)) out.push(r[1]);
  for (const f of readdirSync(join(v, 'peers'))) {
    if (!f.endsWith('.tsv') || f.includes('equivalence') || f.startsWith('cross')) continue;
    for (const r of rows(join(v, 'peers', f)).slice(1)) if ((r[5] || '').startsWith('level=urn')) out.push(r[0]);
  }
  for (const f of readdirSync(join(v, 'nss'))) {
    if (!f.endsWith('.tsv')) continue;
    for (const r of rows(join(v, 'nss', f))) {
      if (r[0] === 'y' || r[0] === 'n') out.push(r[1]);
      if (r[0] === 'eq' || r[0] === 'ne') out.push(r[1], r[2]);
    }
  }
  for (const r of rows(join(v, 'equivalence/spec-examples.tsv')).slice(1)) out.push(r[2]);
  return out.map(vectorString).filter((s) => s !== null);
}

/** The equivalence pairs of test/vectors/ (nss/ eq and ne rows, and each set of equivalence/). */
export function vectorPairs() {
  const v = join(root, 'test/vectors');
  const out = [];
  for (const f of readdirSync(join(v, 'nss'))) {
    if (!f.endsWith('.tsv')) continue;
    for (const r of rows(join(v, 'nss', f))) if (r[0] === 'eq' || r[0] === 'ne') out.push([r[1], r[2]]);
  }
  const sets = new Map();
  for (const r of rows(join(v, 'equivalence/spec-examples.tsv')).slice(1)) {
    if (!sets.has(r[0])) sets.set(r[0], []);
    sets.get(r[0]).push(r[2]);
  }
  for (const list of sets.values()) for (const a of list) for (const b of list) out.push([a, b]);
  return out.map(([a, b]) => [vectorString(a), vectorString(b)]).filter(([a, b]) => a !== null && b !== null);
}

// xorshift128+ over two 32-bit halves: a small PRNG of our own with a seed.
export function prng(seed) {
  let a = seed >>> 0 || 1;
  let b = (seed * 2654435761) >>> 0 || 2;
  const next = () => {
    let t = a;
    const s = b;
    a = s;
    t ^= t << 11;
    t ^= t >>> 8;
    b = (t ^ s ^ (s >>> 19)) >>> 0;
    return b;
  };
  return {
    int: (n) => next() % n,
    pick: (list) => list[next() % list.length],
    chance: (p) => next() / 4294967296 < p,
  };
}

const HEX = '0123456789abcdef';
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// What mutations put in: URN delimiters, characters some syntaxes refuse,
// and non-ASCII (two-, three- and four-byte UTF-8, a surrogate pair).
const NOISE = [':', '?', '?+', '?=', '#', '%', '%2', '%2c', '%00', '/', '&', '~', '=', ' ', '"', '<', '\\', '^', '`', '|',
  '-', '.', '+', ',', ';', '!', '*', "'", '(', ')', '$', '@', '_', 'é', '€', '😀', 'Ω', '\t', 'urn:', 'URN:', 'x', '0'];

function hexs(r, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += HEX[r.int(16)];
  return s;
}

function alnums(r, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += ALNUM[r.int(ALNUM.length)];
  return s;
}

/** One generated URN (valid in most cases under some syntax). */
export function generatedUrn(r) {
  switch (r.int(14)) {
    case 0: case 1: case 2:
      return `urn:uuid:${hexs(r, 8)}-${hexs(r, 4)}-${hexs(r, 4)}-${hexs(r, 4)}-${hexs(r, 12)}`;
    case 3: return `urn:isbn:978${String(r.int(1e9)).padStart(9, '0')}${r.int(10)}`;
    case 4: return `urn:ietf:rfc:${1 + r.int(9999)}`;
    case 5: return `urn:oid:1.3.6.1.4.1.${r.int(65536)}.${r.int(100)}`;
    case 6: return `urn:nbn:de:${r.int(1000)}-${r.int(1e9)}`;
    case 7: return `urn:example:a%${hexs(r, 2).toUpperCase()}${alnums(r, 6)},z${r.int(1e6)}`;
    case 8: return `URN:ISSN:${String(r.int(1e4)).padStart(4, '0')}-${String(r.int(1e4)).padStart(4, '0')}?s=I2L&c=ToC#p${r.int(99)}`;
    case 9: return `urn:${alnums(r, 1 + r.int(12))}:${alnums(r, 1 + r.int(30))}?+r${r.int(9)}?=q=${r.int(9)}#f`;
    case 10: return `urn:ietf:params:oauth:${r.pick(['token-type', 'grant-type', 'client-assertion-type'])}:${r.pick(['jwt', 'saml2', 'access_token', 'id-token'])}`;
    case 11: return `urn:mrn:${r.pick(['iala', 'imo', 'itu'])}:${alnums(r, 3)}:${alnums(r, 5)}`;
    case 12: return `urn:${r.pick(['service', 'epc', 'publicid', 'xmpp', 'nena'])}:${alnums(r, 2 + r.int(8))}.${alnums(r, 2 + r.int(8))}`;
    default: return `urn:${r.pick(['a', 'ex', 'x-y', 'urn', 'urn-7', 'example-', 'abcdefghijklmnopqrstuvwxyzabcdefg'])}:${alnums(r, 1 + r.int(10))}/${alnums(r, 2)}`;
  }
}

/** A generated URN, changed by up to three random edits half the time. */
export function generatedInput(r) {
  let s = generatedUrn(r);
  if (r.chance(0.5)) {
    const edits = 1 + r.int(3);
    for (let e = 0; e < edits; e++) {
      const at = r.int(s.length + 1);
      const noise = r.pick(NOISE);
      const kind = r.int(3);
      if (kind === 0) s = s.slice(0, at) + noise + s.slice(at);
      else if (kind === 1) s = s.slice(0, at) + s.slice(at + 1);
      else s = s.slice(0, at) + noise + s.slice(at + noise.length);
      if (r.chance(0.2)) s = r.chance(0.5) ? s.toUpperCase() : s.toLowerCase();
    }
  }
  return s;
}

/** `count` generated inputs from `seed`. */
export function generatedCorpus(count, seed = 8141) {
  const r = prng(seed);
  const out = new Array(count);
  for (let i = 0; i < count; i++) out[i] = generatedInput(r);
  return out;
}

const WORDS = ('the name of a resource is resolved by a library which keeps the record and returns it ' +
  'when asked; see also: uniform resource names (and identifiers), café, naïve, 東京, 😀 emoji').split(' ');

/**
 * Prose with URNs in it (some in URIs, some followed by punctuation), about
 * `chars` code units long.
 */
export function generatedProse(chars, seed = 2141, urnEvery = 12) {
  const r = prng(seed);
  const parts = [];
  let n = 0;
  while (n < chars) {
    let w;
    if (r.int(urnEvery) === 0) {
      const u = r.chance(0.8) ? generatedUrn(r) : generatedInput(r);
      switch (r.int(6)) {
        case 0: w = `(${u})`; break;
        case 1: w = `${u}.`; break;
        case 2: w = `https://resolver.example/${u}?format=json`; break;
        case 3: w = `magnet:?xt=${u}&dn=x`; break;
        case 4: w = `«${u}»`; break;
        default: w = u;
      }
    } else {
      w = r.pick(WORDS);
    }
    parts.push(w);
    n += w.length + 1;
    if (r.int(15) === 0) {
      parts.push('\n');
      n += 1;
    }
  }
  return parts.join(' ');
}
