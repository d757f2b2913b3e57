// SPDX-License-Identifier: BSL-1.0
// The package's interface: the documents' examples (README.md,
// docs/abnf.md, docs/python.md, RFC 8141), what its offsets count, its
// errors, its handles, and no growth of the module's memory over a million
// calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './corpus.mjs';

const pkgDir = process.env.URNS_WASM_PACKAGE ?? join(root, 'build/web/package');
const urns = await import(pathToFileURL(join(pkgDir, 'urns.js')).href);
const { parse, isValid, canonical, equivalent, find, namespaces, Namespace, abnf, URNParseError } = urns;

const MRN = 'MRN = OID ":" OSS\nOID = alphanum 0*20( alphanum / "-" ) alphanum\nOSS = 1*( pchar / "/" )\nalphanum = ALPHA / DIGIT\n';

test('parse gives the components, the canonical form and the fields', () => {
  const u = parse('URN:Example:a123%2cz456?+CCResolve:cc=uk?=q#frag', { syntax: 'rfc8141' });
  assert.deepEqual(
    { nid: u.nid, nss: u.nss, assignedName: u.assignedName, scheme: u.scheme, syntax: u.syntax, components: u.components, canonical: u.canonical },
    {
      nid: 'Example', nss: 'a123%2cz456', assignedName: 'URN:Example:a123%2cz456', scheme: 'URN', syntax: 'rfc8141',
      components: { query: null, rComponent: 'CCResolve:cc=uk', qComponent: 'q', fComponent: 'frag' },
      // RFC 8141 section 3.1: the components do not count; "%2c" to "%2C".
      canonical: 'urn:example:a123%2Cz456',
    });
  // The draft's query, kept in its own mode only.
  const q = parse('urn:isbn:0-395-36341-1?s=I2L&c=ToC');
  assert.equal(q.components.query, 's=I2L&c=ToC');
  assert.equal(q.canonical, 'urn:isbn:0-395-36341-1');
  assert.equal(canonical('URN:Foo:a%2c?s=I2L&c=ToC', { mode: 'rfc2141bis-5b' }), 'urn:foo:a%2C?c=ToC&s=I2L');
  // RFC 2141 has no components: all of it is NSS.
  assert.equal(parse('urn:ex:a?b#c', { syntax: 'rfc2141' }).nss, 'a?b#c');
  // docs/python.md's uuid fields.
  assert.deepEqual(parse('urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6').fields.map((f) => [f.name, f.text]), [
    ['time-low', 'f81d4fae'], ['time-mid', '7dec'], ['time-high-and-version', '11d0'],
    ['clock-seq-and-reserved', 'a7'], ['clock-seq-low', '65'], ['node', '00a0c91e6bf6']]);
  // Present but empty differs from absent.
  assert.equal(parse('urn:ex:a#', { syntax: 'rfc8141' }).components.fComponent, '');
});

test('an error says where (string index and byte offset), what was expected, and why', () => {
  // README.md's example.
  assert.throws(() => parse('urn:example:a b', { syntax: 'rfc8141' }), (e) => {
    assert.ok(e instanceof URNParseError && e instanceof SyntaxError);
    assert.equal(e.offset, 13);
    assert.equal(e.byteOffset, 13);
    assert.deepEqual(e.expected, ['NSS']);
    assert.equal(e.code, 'bad_nss');
    assert.equal(e.syntax, 'rfc8141');
    assert.match(e.display, /\^ offset 13: invalid namespace-specific string \(NSS\)/);
    return true;
  });
  // Before the fault, a two-byte and a four-byte character (one and two UTF-16 code units).
  const text = 'urn:ex:é';
  assert.throws(() => parse(text), { offset: 7, byteOffset: 7, code: 'bad_nss' });
  for (const [t, offset, byteOffset] of [['URN😀:ex:a', 3, 3], ['urn:ex😀:a', 6, 6]]) {
    assert.throws(() => parse(t), (e) => e.offset === offset && e.byteOffset === byteOffset);
  }
  // RFC 8141: a "?" that starts neither "?+" nor "?=" (test/vectors/spec.tsv: err@8).
  assert.throws(() => parse('urn:ex:a?b', { syntax: 'rfc8141' }), { offset: 8, code: 'bad_rq' });
  // The reserved NID (RFC 8141 section 5.1, draft-03): at the NID's first byte.
  assert.throws(() => parse('urn:urn:x'), { offset: 4, code: 'reserved_nid' });
  // A namespace's rule: ISBN's check digit.
  assert.equal(isValid('urn:isbn:0-395-36341-2'), true);
  assert.throws(() => parse('urn:isbn:0-395-36341-2', { namespaces: true }), { code: 'nss_rejected' });
});

test('isValid, canonical and equivalent in each syntax and mode', () => {
  assert.equal(isValid('urn:a:b'), false); // one-letter NID: RFC 2141 only
  assert.equal(isValid('urn:a:b', { syntax: 'rfc2141' }), true);
  assert.equal(isValid('urn:ex:a/b', { syntax: 'rfc8141' }), true);
  assert.equal(isValid('urn:ex:a/b', { syntax: 'rfc2141bis' }), false);
  // README.md's semantic layer example.
  assert.equal(equivalent('URN:Example:a%2cb?=x', 'urn:example:a%2Cb', { syntax: 'rfc8141' }), true);
  assert.equal(canonical('URN:Example:a%2cb?=x', { syntax: 'rfc8141' }), 'urn:example:a%2Cb');
  // RFC 2141 section 5: %2C is not decoded.
  assert.equal(equivalent('URN:foo:a123%2c456', 'urn:foo:a123,456', { mode: 'rfc2141' }), false);
  assert.equal(equivalent('urn:foo:a123,456?x=y', 'URN:FOO:a123,456', { mode: 'rfc2141bis-5a' }), true);
  assert.equal(equivalent('urn:foo:a123,456?x=y', 'URN:FOO:a123,456', { mode: 'rfc2141bis-5b' }), false);
  // A namespace's fold (include/urns/nss/equivalence.hpp's example).
  assert.equal(equivalent('urn:isbn:0-395-36341-1', 'URN:ISBN:0395363411', { mode: 'rfc2141' }), false);
  assert.equal(equivalent('urn:isbn:0-395-36341-1', 'URN:ISBN:0395363411', { mode: 'rfc2141', namespaces: true }), true);
  assert.equal(canonical('URN:UUID:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6', { namespaces: true }), 'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6');
  assert.throws(() => equivalent('urn:ex:a', 'urn:ex:a b'), (e) => e instanceof URNParseError && e.input === 'urn:ex:a b');
});

test('isValidMany: one verdict per item, as isValid gives it, across batches, whatever the items', () => {
  const { isValidMany, URNUndecidedError } = urns;
  const items = ['urn:ex:a', 'urn:ex:a b', null, 'URN:EX:B', 42, '', 'urn:a:b', 'urn:ex:a\nurn:ex:b', 'urn:ex:\u00e9', 'urn:ex:c\r'];
  const want = [1, 0, 0, 1, 0, 0, 0, 0, 0, 0];
  assert.deepEqual([...isValidMany(items)], want);
  assert.ok(isValidMany(items) instanceof Uint8Array);
  // "urn:a:b" is a URN of RFC 2141 only.
  assert.equal(isValidMany(['urn:a:b'], { syntax: 'rfc2141' })[0], 1);
  // Any iterable; none at all.
  assert.deepEqual([...isValidMany(new Set(['urn:ex:a', 'x']))], [1, 0]);
  assert.deepEqual([...isValidMany((function* () { yield 'urn:ex:a'; yield 'urn:ex:b'; })())], [1, 1]);
  assert.equal(isValidMany([]).length, 0);
  assert.throws(() => isValidMany(42), TypeError);
  assert.throws(() => isValidMany(null), TypeError);
  // 40,000 items of 20 to 30 characters: many batches of the module's, a
  // "\n" inside one item of one batch, a namespace's rule (ISBN's check digit).
  const many = [];
  for (let i = 0; i < 40000; i++) many.push(i % 7 === 3 ? `urn:isbn:0-395-36341-${i % 10}` : i % 5 === 0 ? `urn:ex:${i} ` : `urn:ex:item-${i}`);
  many[23456] = 'urn:ex:a\nurn:ex:b';
  for (const opts of [undefined, { namespaces: true }, { syntax: 'rfc8141', namespaces: true }]) {
    const got = isValidMany(many, opts);
    assert.equal(got.length, many.length);
    const differ = many.filter((t, i) => got[i] !== (isValid(t, opts) ? 1 : 0));
    assert.deepEqual(differ, []);
  }
  assert.ok(isValidMany(many).reduce((a, b) => a + b, 0) > 30000);
  // A namespace's rule that cannot decide (docs/abnf.md, "Limits"):
  // URNUndecidedError with the item's index, as isValid throws it.
  const dots = Namespace.fromAbnf('tt', 'r = 1*4( [ "." r ] )\n', { root: 'r' });
  const short = 'urn:tt:' + '.'.repeat(10);
  const long = 'urn:tt:' + '.'.repeat(300);
  assert.deepEqual([...isValidMany([short, 'urn:tt:x'], { namespaces: [dots] })], [1, 0]);
  assert.throws(() => isValid(long, { namespaces: [dots] }), URNUndecidedError);
  assert.throws(() => isValidMany([short, 'x', long], { namespaces: [dots] }),
    (e) => e instanceof URNUndecidedError && e.index === 2 && e.code === 'nss_undecided' && e.input === long);
});

test('isValidMany agrees with isValid on random items: pieces of URNs, "\\n", non-ASCII, items longer than a batch, not strings', () => {
  const { isValidMany } = urns;
  // A fixed-seed generator (xorshift32): the same items on every run.
  let x = 2463534242;
  const rnd = (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
  const pieces = ['urn:', 'URN:', 'ex', 'isbn', ':', 'a', 'B9', '-', '%41', '%0', '%00', '\n', '\r', ' ', '\u00e9',
    '\ud83d\ude00', '\ud800', '?=', '?+', '#', '/', 'urn:ex:a', 'urn:isbn:0-395-36341-1', ''];
  for (let round = 0; round < 20; round++) {
    const items = [];
    const n = 1 + rnd(3000);
    for (let i = 0; i < n; i++) {
      const r = rnd(100);
      if (r === 0) items.push(rnd(2) ? null : 7);
      else if (r === 1) items.push('urn:ex:' + 'a'.repeat(20000 + rnd(50000))); // longer than a batch
      else {
        let t = '';
        for (let k = rnd(8); k >= 0; k--) t += pieces[rnd(pieces.length)];
        items.push(t);
      }
    }
    for (const opts of [undefined, { syntax: 'rfc8141', namespaces: true }]) {
      const got = isValidMany(items, opts);
      const differ = items.flatMap((t, i) => (got[i] !== (typeof t === 'string' && isValid(t, opts) ? 1 : 0) ? [i] : []));
      assert.deepEqual(differ, [], `round ${round}`);
    }
  }
});

test('arguments that are not what the functions take', () => {
  assert.throws(() => isValid(42), TypeError);
  assert.throws(() => parse(null), TypeError);
  assert.throws(() => parse('urn:ex:a', { syntax: 'rfc3986' }), RangeError);
  assert.throws(() => canonical('urn:ex:a', { mode: 'rfc9999' }), RangeError);
  assert.throws(() => isValid('urn:ex:a', { namespaces: [{}] }), TypeError);
  assert.throws(() => new Namespace(), TypeError);
});

test('find: matches with string indices and byte offsets, lazily', () => {
  // include/urns/extract.hpp's example.
  const text = 'See urn:isbn:0-395-36341-1 (1987) and URN:NBN:de:101-2011.';
  assert.deepEqual([...find(text)].map((m) => [m.offset, m.urn, m.nid]), [[4, 'urn:isbn:0-395-36341-1', 'isbn'], [38, 'URN:NBN:de:101-2011', 'NBN']]);
  assert.deepEqual([...find('see urn:ex:a.', { strict: true })].map((m) => m.urn), ['urn:ex:a.']);
  const t2 = '😀 «urn:ex:a» é urn:isbn:0-395-36341-2';
  const ms = [...find(t2, { namespaces: true })];
  assert.deepEqual(ms.map((m) => [m.offset, m.length, m.byteOffset, m.byteLength]), [[4, 8, 7, 8], [16, 22, 21, 22]]);
  assert.equal(ms[1].namespaceFault.offset, 21);
  assert.deepEqual(ms[0].namespaceFault, null);
  // An iterator: the first match without the rest.
  const it = find('urn:ex:a urn:ex:b');
  assert.equal(it.next().value.urn, 'urn:ex:a');
  assert.equal(typeof it[Symbol.iterator], 'function');
});

test('after find over a chunk of more than 4 MiB of UTF-8, the module gives back its input buffer and the next calls, the empty string among them, get one', () => {
  // 2.2 million code units of two bytes each and no space to cut at: one chunk.
  const big = '\u00e9'.repeat(2200000);
  assert.equal([...find(big)].length, 0);
  // The empty string first: it needs a buffer too.
  assert.equal(isValid(''), false);
  assert.equal([...find(big + ' urn:ex:a')].length, 1);
  assert.equal(isValid('urn:example:a'), true);
  assert.equal(isValid('urn:ex:a b'), false);
  assert.throws(() => parse(''), { name: 'URNParseError', code: 'bad_scheme' });
  assert.equal(parse('urn:example:abc').nss, 'abc');
  assert.equal(equivalent('urn:ex:A', 'URN:EX:A'), true);
});

test('the shipped namespaces: one for each NID of grammar/nss/', () => {
  const list = namespaces();
  const files = readdirSync(join(root, 'grammar/nss')).filter((f) => f.endsWith('.abnf'));
  assert.ok(list.length >= files.length, `${list.length} namespaces, ${files.length} files`);
  const nids = list.map((n) => n.nid);
  assert.deepEqual(nids, [...nids].sort());
  const uuid = list.find((n) => n.nid === 'uuid');
  assert.equal(uuid.check, 'x3');
  const mrn = list.find((n) => n.nid === 'mrn');
  assert.match(mrn.file, /^grammar\/nss\/mrn\.abnf$/);
  assert.ok(list.every((n) => ['grammar', 'x3', 'opaque'].includes(n.check)));
  // A shipped namespace's file makes a namespace of its own.
  const service = list.find((n) => n.nid === 'service');
  const ns = Namespace.fromAbnf('service', service.abnf);
  assert.equal(ns.root, service.root);
  assert.equal(ns.validate('sos.police'), null);
});

test('Namespace.fromAbnf: docs/python.md\'s MRN namespace', () => {
  const mrn = Namespace.fromAbnf('mrn', MRN, { caseInsensitive: ['OID'] });
  assert.equal(isValid('urn:mrn:iala-:x', { syntax: 'rfc8141', namespaces: [mrn] }), false);
  assert.equal(isValid('urn:mrn:iala:x', { syntax: 'rfc8141', namespaces: [mrn] }), true);
  assert.equal(canonical('urn:mrn:IALA:x', { syntax: 'rfc8141', namespaces: [mrn] }), 'urn:mrn:iala:x');
  assert.deepEqual(mrn.validate('iala-:x'), { offset: 5, byteOffset: 5, expected: ['ALPHA', 'DIGIT', 'OID'], undecided: false });
  assert.deepEqual(mrn.fields('iala:a/b').map((f) => [f.name, f.text]), [['OID', 'iala'], ['OSS', 'a/b']]);
  assert.equal(mrn.root, 'MRN');
  assert.throws(() => parse('urn:mrn:iala-:x', { syntax: 'rfc8141', namespaces: [mrn] }), { code: 'nss_rejected', offset: 13 });
  assert.throws(() => Namespace.fromAbnf('xx', 'a = b\n'), (e) => e instanceof urns.AbnfError && e.diagnostics[0].message === 'undefined rule "b"');
});

test('the ABNF engine: docs/abnf.md\'s examples', () => {
  const g = abnf.compile('OID = alphanum 0*20( alphanum / "-" ) alphanum\nalphanum = ALPHA / DIGIT\n');
  assert.equal(g.ok, true);
  assert.deepEqual(g.ruleNames, ['OID', 'alphanum']);
  assert.equal(g.matches('OID', 'a-b'), true);
  assert.equal(g.matches('oid', 'iala'), true); // ABNF, not PEG
  const r = abnf.match(g, 'oid', 'a-');
  assert.deepEqual([r.status, r.offset, r.expected], ['no_match', 2, ['ALPHA', 'DIGIT', 'OID']]);
  assert.equal(g.match('nope', 'a').status, 'no_rule');
  // RFC 3061's oid: "1.02" fails at 3, expecting DOT or the end.
  const oid = abnf.compile('oid = number *( DOT number )\nnumber = DIGIT / ( LEADDIGIT 1*DIGIT )\nLEADDIGIT = %x31-39\nDOT = %x2E\n');
  const o = oid.match('oid', '1.02');
  assert.deepEqual([o.offset, o.expected], [3, ['DOT', 'end of input']]);
  // Diagnostics.
  const bad = abnf.compile('a = b\nc = "x" c\n');
  assert.equal(bad.ok, false);
  assert.deepEqual(bad.diagnostics.map((d) => [d.severity, d.line, d.message]).filter((d) => d[0] === 'error'),
    [['error', 1, 'undefined rule "b"'], ['error', 2, 'never matches']]);
  // Spans, in string indices and bytes.
  const u = abnf.compile('s = w "!"\nw = 1*( %x80-10FFFF / ALPHA )\n');
  const m = u.match('s', 'a😀é!', { capture: ['w'] });
  assert.deepEqual(m.spans.map((s) => [s.rule, s.start, s.end, s.byteStart, s.byteEnd, s.text]), [['w', 0, 4, 0, 7, 'a😀é']]);
  const f = u.match('s', 'a😀é?');
  assert.deepEqual([f.status, f.offset, f.byteOffset], ['no_match', 4, 7]);
  assert.ok(f.expected.includes('"!"') || f.expected.includes('s'), f.expected.join());
  // generate: the same seed, the same strings; each valid, or each a near miss.
  const a = g.generate('OID', 50, { seed: 7 });
  assert.deepEqual(a, g.generate('OID', 50, { seed: 7 }));
  assert.equal(new Set(a).size, a.length);
  assert.ok(a.length === 50 && a.every((s) => g.matches('OID', s)));
  const near = g.generate('OID', 50, { seed: 7, invalid: true });
  assert.ok(near.length > 0 && near.every((s) => !g.matches('OID', s)));
  // A finite language gives all its strings and no more.
  assert.deepEqual(abnf.generate('x = "a" / "b"', 'x', 10, { seed: 1 }).sort(), ['A', 'B', 'a', 'b']);
});

test('grammars and namespaces whose handles the module dropped compile again', () => {
  const first = abnf.compile('x = "first"\n');
  const mrn = Namespace.fromAbnf('mrn', MRN);
  for (let i = 0; i < 200; i++) abnf.compile(`r${i} = "${i}"\n`);
  assert.ok(urns.memoryUse().handles <= 64);
  assert.equal(first.matches('x', 'FIRST'), true);
  assert.equal(isValid('urn:mrn:iala-:x', { syntax: 'rfc8141', namespaces: [mrn] }), false);
  assert.equal(mrn.validate('iala:x'), null);
});

test('a million calls leave the module\'s memory as it was', async () => {
  const g = abnf.compile(MRN, { rfc3986Rules: true });
  const mrn = Namespace.fromAbnf('mrn', MRN);
  const inputs = ['urn:isbn:0-395-36341-1', 'urn:ex:a b', 'URN:Example:a%2cb?=x', 'urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'ürn:é'];
  const round = (n) => {
    for (let i = 0; i < n; i++) {
      const s = inputs[i % inputs.length];
      switch (i % 10) {
        case 0: case 1: case 2: isValid(s, { namespaces: true }); break;
        case 3: try { parse(s, { syntax: 'rfc8141', namespaces: [mrn] }); } catch { /* invalid */ } break;
        case 4: try { canonical(s, { namespaces: true }); } catch { /* invalid */ } break;
        case 5: try { equivalent(s, inputs[(i + 1) % inputs.length]); } catch { /* invalid */ } break;
        case 6: for (const m of find(`see ${s} and ${s}.`)) void m; break;
        case 7: g.match('MRN', i % 20 ? 'iala:x' : 'iala-:x', { tree: true }); break;
        case 8: if (i % 1000 === 8) g.generate('MRN', 5, { seed: i }); else isValid(s); break;
        default:
          if (i % 200 === 9) {
            abnf.compile(`r = "${i}"\n`);
            Namespace.fromAbnf('tt', `t = "${i}"\n`);
          } else {
            mrn.validate('iala:x');
          }
      }
    }
  };
  round(100000); // the buffers and caches at their working size
  const before = urns.memoryUse();
  round(1000000);
  if (global.gc) global.gc();
  await new Promise((resolve) => setTimeout(resolve, 10));
  const after = urns.memoryUse();
  assert.ok(after.handles <= 64, `handles: ${after.handles}`);
  assert.ok(after.heapTop - before.heapTop <= 256 * 1024, `the heap grew from ${before.heapTop} to ${after.heapTop}`);
  assert.ok(after.bytes === before.bytes, `the memory grew from ${before.bytes} to ${after.bytes}`);
});
