// SPDX-License-Identifier: BSL-1.0
// A TypeScript program of the package's interface, checked by tsc --strict
// against urns.d.ts as installed (web/test/run.sh): it must compile, and
// the lines marked @ts-expect-error must not.
import {
  parse, isValid, isValidMany, canonical, equivalent, find, namespaces, Namespace, abnf,
  URNParseError, URNUndecidedError, type URN, type Match, type MatchResult, type Syntax,
} from 'urns-wasm';

const syntax: Syntax = 'rfc8141';
const u: URN = parse('urn:example:a', { syntax, namespaces: true });
const nid: string = u.nid;
const q: string | null = u.components.qComponent;
const valid: boolean = isValid('urn:ex:a', { syntax: 'rfc2141' });
const verdicts: Uint8Array = isValidMany(new Set(['urn:ex:a', 'x']), { namespaces: true });
try {
  isValidMany(['urn:ex:a']);
} catch (e) {
  const index: number | undefined = e instanceof URNUndecidedError ? e.index : undefined;
  void index;
}
const c: string = canonical('urn:ex:a', { mode: 'rfc2141bis-5b' });
const same: boolean = equivalent('urn:ex:a', 'URN:EX:a', { mode: 'rfc8141' });
for (const m of find('see urn:ex:a', { strict: true, uriContext: false })) {
  const at: number = m.offset + m.byteOffset;
  const fault = m.namespaceFault?.expected.join(' ');
  void at;
  void fault;
}
const first: Match | undefined = find('urn:ex:a').next().value ?? undefined;
const shipped: string[] = namespaces().map((n) => n.nid);
const ns = Namespace.fromAbnf('mrn', 'MRN = 1*ALPHA\n', { caseInsensitive: ['MRN'] });
const fault = ns.validate('a1');
const where: number | undefined = fault?.offset;
const g = abnf.compile('x = "a"\n', { rfc3986Rules: true });
const r: MatchResult = g.match('x', 'a', { tree: true });
const strings: string[] = abnf.generate(g, 'x', 3, { seed: 7n, invalid: true });
try {
  parse('urn:ex:a b');
} catch (e) {
  if (e instanceof URNParseError) {
    const exp: string[] = e.expected;
    void exp;
  }
}
// @ts-expect-error: an unknown syntax
isValid('urn:ex:a', { syntax: 'rfc3986' });
// @ts-expect-error: a Namespace is made by fromAbnf only
new Namespace();
void [nid, q, valid, verdicts, c, same, first, shipped, where, r, strings];
