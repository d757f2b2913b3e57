// SPDX-License-Identifier: BSL-1.0
// The package against the C++ library: every URN of test/vectors/ and a
// generated corpus, parsed in each syntax with and without the shipped
// namespaces; equivalence pairs in every mode; URNs found in generated
// prose (crossing find()'s chunk boundaries too). The C++ answers come from
// web/test/reference.cpp (URNS_REFERENCE names the program). Every
// difference in verdict, offset, code, expected names, components,
// canonical form, fields or matches fails the test; each string index the
// package gives is also checked against its byte offset by node's own
// UTF-8 encoder (Buffer.byteLength).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, vectorUrns, vectorPairs, generatedCorpus, generatedProse } from './corpus.mjs';

const pkgDir = process.env.URNS_WASM_PACKAGE ?? join(root, 'build/web/package');
const reference = process.env.URNS_REFERENCE;
const urns = await import(pathToFileURL(join(pkgDir, 'urns.js')).href);

const SYNTAXES = ['rfc2141bis', 'rfc2141', 'rfc8141'];
const MODES = ['rfc2141', 'rfc2141bis-5a', 'rfc2141bis-5b', 'rfc8141'];
const CHUNK = 1 << 20;

const hex = (s) => Buffer.from(s, 'utf8').toString('hex');
const bytesBefore = (s, i) => Buffer.byteLength(s.slice(0, i), 'utf8');

function answers(requests) {
  const dir = mkdtempSync(join(tmpdir(), 'urns-web-'));
  try {
    const file = join(dir, 'requests');
    writeFileSync(file, requests.join('\n') + '\n');
    const out = execFileSync(reference, [file], { maxBuffer: 1 << 30, encoding: 'utf8' });
    return out.split('\n').filter((l) => l).map((l) => JSON.parse(l));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Collects differences; the test fails with the first few.
class Differences {
  constructor() {
    this.list = [];
    this.checked = 0;
  }
  check(cond, what) {
    this.checked++;
    if (!cond && this.list.length < 1000) this.list.push(what);
  }
  done() {
    assert.equal(this.list.length, 0, `${this.list.length} differences, first: ${JSON.stringify(this.list.slice(0, 5), null, 1)}`);
  }
}

const parseInputs = [...new Set([...vectorUrns(), ...generatedCorpus(20000)])];

test(`parse, isValid and canonical agree with the C++ library on ${parseInputs.length} inputs, 3 syntaxes, namespaces off and on`, { skip: !reference && 'URNS_REFERENCE not set' }, () => {
  const ref = answers(parseInputs.map((s) => `P ${hex(s)}`));
  assert.equal(ref.length, parseInputs.length);
  const d = new Differences();
  let valid = 0;
  let invalid = 0;
  parseInputs.forEach((text, i) => {
    let k = 0;
    for (const syntax of SYNTAXES) {
      for (const ns of [false, true]) {
        const want = ref[i][k++];
        const where = { text, syntax, namespaces: ns };
        const opts = { syntax, namespaces: ns };
        d.check(urns.isValid(text, opts) === (want.v === 1), { ...where, isValid: !want.v });
        let got;
        try {
          got = urns.parse(text, opts);
        } catch (e) {
          got = e;
        }
        if (want.v === 0) {
          invalid++;
          if (!(got instanceof urns.URNParseError)) {
            d.check(false, { ...where, want: 'error', got });
            continue;
          }
          d.check(got.byteOffset === want.off, { ...where, byteOffset: got.byteOffset, want: want.off });
          d.check(bytesBefore(text, got.offset) === got.byteOffset, { ...where, offset: got.offset, byteOffset: got.byteOffset });
          d.check(got.code === want.code, { ...where, code: got.code, want: want.code });
          d.check(JSON.stringify(got.expected) === JSON.stringify(want.exp), { ...where, expected: got.expected, want: want.exp });
          d.check(got.syntax === syntax && got.input === text, { ...where, syntaxOfError: got.syntax });
          continue;
        }
        valid++;
        if (got instanceof Error) {
          d.check(false, { ...where, want: 'valid', got: got.message });
          continue;
        }
        const same = (a, b, name) => d.check(a === b, { ...where, [name]: a, want: b });
        same(got.nid, want.nid, 'nid');
        same(got.nss, want.nss, 'nss');
        same(got.components.query, want.query, 'query');
        same(got.components.rComponent, want.r, 'rComponent');
        same(got.components.qComponent, want.q, 'qComponent');
        same(got.components.fComponent, want.f, 'fComponent');
        same(got.canonical, want.canonical, 'canonical');
        same(got.syntax, syntax, 'syntax');
        same(got.assignedName, want.an, 'assignedName');
        same(JSON.stringify(got.fields.map((f) => [f.name, f.start, f.end])), JSON.stringify(want.fields), 'fields');
        for (const f of got.fields) same(f.text, text.slice(f.start, f.end), 'fieldText');
        MODES.forEach((mode, m) => same(urns.canonical(text, { ...opts, mode }), want.modes[m], `canonical ${mode}`));
      }
    }
  });
  // isValidMany: all the inputs at once, in each syntax, namespaces off and on.
  let k = 0;
  for (const syntax of SYNTAXES) {
    for (const ns of [false, true]) {
      const got = urns.isValidMany(parseInputs, { syntax, namespaces: ns });
      parseInputs.forEach((text, i) => d.check(got[i] === ref[i][k].v, { text, syntax, namespaces: ns, isValidMany: got[i] }));
      k++;
    }
  }
  d.done();
  assert.ok(valid > 10000 && invalid > 10000, `a corpus of both kinds: ${valid} valid, ${invalid} invalid`);
});

test('equivalent agrees with the C++ library on every pair, syntax, mode and namespaces off and on', { skip: !reference && 'URNS_REFERENCE not set' }, () => {
  const corpus = generatedCorpus(4000, 3986);
  const pairs = [...vectorPairs()];
  // Generated pairs: a URN and its twin in other cases, and neighbours.
  for (let i = 0; i + 1 < corpus.length; i += 2) {
    pairs.push([corpus[i], corpus[i].replace(/[a-z]/g, (c, at) => (at % 3 ? c.toUpperCase() : c))]);
    pairs.push([corpus[i], corpus[i + 1]]);
  }
  const ref = answers(pairs.map(([a, b]) => `E ${hex(a)} ${hex(b)}`));
  const d = new Differences();
  let yes = 0;
  pairs.forEach(([a, b], i) => {
    let k = 0;
    for (const syntax of SYNTAXES) {
      for (const mode of MODES) {
        for (const ns of [false, true]) {
          const want = ref[i][k++];
          let got;
          try {
            got = urns.equivalent(a, b, { syntax, mode, namespaces: ns }) ? 1 : 0;
          } catch (e) {
            got = e instanceof urns.URNParseError ? (e.input === a && want === -1 ? -1 : -2) : e;
          }
          if (got === 1) yes++;
          d.check(got === want, { a, b, syntax, mode, ns, got, want });
        }
      }
    }
  });
  d.done();
  assert.ok(yes > 1000, `equivalent pairs among them: ${yes}`);
});

test('find agrees with the C++ library on prose, across chunks, in every syntax and mode', { skip: !reference && 'URNS_REFERENCE not set' }, () => {
  const texts = [
    generatedProse(300000),
    // Past find()'s chunk size: URNs where it cuts the text.
    generatedProse(CHUNK * 2 + 5000, 7),
    'y'.repeat(CHUNK - 4) + ' urn:ex:abcdefgh more urn:ex:b',
    'y'.repeat(CHUNK) + ' urn:ex:a',
    'y'.repeat(CHUNK - 1) + '\nmagnet:?xt=urn:ex:a&b https://r.example/urn:ex:c?x',
    'é'.repeat(CHUNK + 3) + ' urn:ex:é urn:ex:a',
    // No space at all: one chunk.
    'urn:ex:a,'.repeat(150000),
    '',
    'urn:',
    'URN:ISBN:0-395-36341-1.',
  ];
  const ref = answers(texts.map((t) => `F ${hex(t)}`));
  const d = new Differences();
  let matches = 0;
  texts.forEach((text, i) => {
    let k = 0;
    for (const syntax of SYNTAXES) {
      for (const strict of [false, true]) {
        for (const uriContext of [true, false]) {
          for (const ns of [false, true]) {
            const want = ref[i][k++];
            const got = [...urns.find(text, { syntax, strict, uriContext, namespaces: ns })];
            matches += got.length;
            const where = { text: text.slice(0, 40), length: text.length, syntax, strict, uriContext, ns };
            d.check(got.length === want.length, { ...where, count: got.length, want: want.length });
            // The byte offset of each string index, counted on from the last match.
            let unit = 0;
            let byte = 0;
            got.forEach((m, j) => {
              const w = want[j];
              if (!w) return;
              d.check(m.byteOffset === w[0] && m.byteLength === w[1], { ...where, match: m, want: w });
              byte += Buffer.byteLength(text.slice(unit, m.offset), 'utf8');
              unit = m.offset;
              d.check(byte === m.byteOffset, { ...where, offset: m.offset });
              d.check(m.urn === text.slice(m.offset, m.offset + m.length) && Buffer.byteLength(m.urn) === m.byteLength, { ...where, urn: m.urn });
              d.check(m.nid === m.urn.split(':')[1], { ...where, nid: m.nid });
              const fault = m.namespaceFault ? [m.namespaceFault.offset, m.namespaceFault.expected] : null;
              d.check(JSON.stringify(fault) === JSON.stringify(w[2]), { ...where, fault, want: w[2] });
            });
          }
        }
      }
    }
  });
  d.done();
  assert.ok(matches > 10000, `matches compared: ${matches}`);
});
