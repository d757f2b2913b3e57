// SPDX-License-Identifier: BSL-1.0
// The playground: URNs checked as they are typed, and a namespace author's
// ABNF with its examples. Everything comes from the package in ./urns/;
// the state lives in the page's address (its fragment), so a link
// reproduces it.
import * as urns from './urns/urns.js';

const $ = (id) => document.getElementById(id);

const DEFAULTS = {
  syntax: 'rfc2141bis',
  namespaces: false,
  urns: 'urn:isbn:0-395-36341-1\nURN:Example:a%2cb\nurn:ex:a b\nurn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
  nid: 'mrn',
  root: '',
  seed: 1,
  abnf: 'MRN = OID ":" OSS\nOID = alphanum 0*20( alphanum / "-" ) alphanum\nOSS = 1*( pchar / "/" )\nalphanum = ALPHA / DIGIT\n',
  examples: 'urn:mrn:iala:aton:1\niala-:x\nimo:ship',
};

// --- state in the address -------------------------------------------------

function readState() {
  const p = new URLSearchParams(location.hash.slice(1));
  const s = { ...DEFAULTS };
  if (p.has('syntax') && urns.syntaxes.includes(p.get('syntax'))) s.syntax = p.get('syntax');
  if (p.has('ns')) s.namespaces = p.get('ns') === '1';
  for (const k of ['urns', 'nid', 'root', 'abnf', 'examples']) if (p.has(k)) s[k] = p.get(k);
  if (p.has('seed') && /^[0-9]+$/.test(p.get('seed'))) s.seed = Number(p.get('seed'));
  return s;
}

function currentState() {
  return {
    syntax: document.querySelector('input[name=syntax]:checked').value,
    namespaces: $('namespaces').checked,
    urns: $('urns-input').value,
    nid: $('nid-input').value,
    root: $('root-input').value,
    seed: Math.max(1, Number($('seed-input').value) || 1),
    abnf: $('abnf-input').value,
    examples: $('examples-input').value,
  };
}

function writeState(s) {
  const p = new URLSearchParams();
  p.set('syntax', s.syntax);
  p.set('ns', s.namespaces ? '1' : '0');
  for (const k of ['urns', 'nid', 'root', 'abnf', 'examples']) p.set(k, s[k]);
  p.set('seed', String(s.seed));
  history.replaceState(null, '', '#' + p.toString());
}

function showState(s) {
  for (const r of document.querySelectorAll('input[name=syntax]')) r.checked = r.value === s.syntax;
  $('namespaces').checked = s.namespaces;
  $('urns-input').value = s.urns;
  $('nid-input').value = s.nid;
  $('root-input').value = s.root;
  $('seed-input').value = String(s.seed);
  $('abnf-input').value = s.abnf;
  $('examples-input').value = s.examples;
}

// --- building the results ---------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'role' || k === 'title') e.setAttribute(k, v);
    else e[k] = v;
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// The line with the character at `offset` marked, and a caret line under
// it: the caret's column counts the characters before it (a surrogate pair
// is one), so that it stands under the character in a monospace font.
function caretBlock(text, offset, byteOffset, expected, reason) {
  const before = text.slice(0, offset);
  const at = offset < text.length ? String.fromCodePoint(text.codePointAt(offset)) : '';
  const after = text.slice(offset + at.length);
  const column = [...before].length;
  const shown = el('pre', { class: 'line' }, before, el('mark', {}, at === '' ? ' ' : at), after);
  const caret = el('pre', { class: 'caret', 'data-offset': String(offset), 'data-byte-offset': String(byteOffset), 'aria-hidden': 'true' },
    ' '.repeat(column) + '^');
  const what = el('p', { class: 'why' },
    `${reason} at character ${offset}${byteOffset !== offset ? ` (byte ${byteOffset})` : ''}: expected `,
    ...expectedList(expected));
  return [shown, caret, what];
}

function expectedList(names) {
  const out = [];
  names.forEach((n, i) => {
    if (i) out.push(i === names.length - 1 ? ' or ' : ', ');
    out.push(el('code', { class: 'expected' }, n));
  });
  return out;
}

function definitionList(pairs) {
  const dl = el('dl');
  for (const [k, v] of pairs) {
    if (v === null || v === undefined) continue;
    dl.append(el('dt', {}, k), el('dd', {}, el('code', {}, v === '' ? '(empty)' : v)));
  }
  return dl;
}

function fieldsTable(fields, caption) {
  if (fields.length === 0) return null;
  const body = el('tbody');
  for (const f of fields) {
    body.append(el('tr', {}, el('td', {}, f.name), el('td', {}, el('code', {}, f.text)), el('td', {}, `${f.start}–${f.end}`)));
  }
  return el('table', { class: 'fields' }, el('caption', {}, caption),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'rule'), el('th', { scope: 'col' }, 'text'), el('th', { scope: 'col' }, 'characters'))),
    body);
}

// --- the URN pane ---------------------------------------------------------------

let userNamespace = null;

function namespacesOption(s) {
  if (!s.namespaces) return false;
  return userNamespace ? [userNamespace] : true;
}

function urnResult(line, s) {
  const li = el('li', { class: 'result' });
  let u;
  try {
    u = urns.parse(line, { syntax: s.syntax, namespaces: namespacesOption(s) });
  } catch (e) {
    if (!(e instanceof urns.URNParseError)) throw e;
    li.classList.add('invalid');
    li.append(el('p', { class: 'verdict' }, el('strong', {}, 'not a URN'), ` (${e.code})`), ...caretBlock(line, e.offset, e.byteOffset, e.expected, e.reason));
    return li;
  }
  li.classList.add('valid');
  const c = u.components;
  li.append(el('p', { class: 'verdict' }, el('strong', {}, 'valid'), ` ${u.syntax} URN `, el('code', {}, line)),
    definitionList([['NID', u.nid], ['NSS', u.nss], ['query', c.query], ['r-component', c.rComponent],
      ['q-component', c.qComponent], ['f-component', c.fComponent], ['canonical form', u.canonical]]));
  const fields = fieldsTable(u.fields, `Fields of ${u.nid}'s NSS`);
  if (fields) li.append(fields);
  return li;
}

function renderUrns(s) {
  const list = $('urn-results');
  const items = [];
  for (const line of s.urns.split('\n')) {
    if (line === '') continue;
    items.push(urnResult(line, s));
  }
  list.replaceChildren(...items);
}

// --- the ABNF pane ---------------------------------------------------------------

function diagnosticItem(d) {
  return el('li', { class: d.severity }, el('strong', {}, d.severity), ` line ${d.line}, column ${d.column}: ${d.message}`,
    el('pre', {}, d.display));
}

function exampleResult(line, s, ns, grammar) {
  const li = el('li', { class: 'result' });
  const isUrn = /^urn:/i.test(line);
  if (isUrn) {
    let u;
    try {
      u = urns.parse(line, { syntax: s.syntax, namespaces: ns ? [ns] : false });
    } catch (e) {
      if (!(e instanceof urns.URNParseError)) throw e;
      li.classList.add('invalid');
      li.append(el('p', { class: 'verdict' }, el('strong', {}, 'rejected'), ` (${e.code})`),
        ...caretBlock(line, e.offset, e.byteOffset, e.expected, e.reason));
      return li;
    }
    if (!ns || u.nid.toLowerCase() !== ns.nid.toLowerCase()) {
      li.classList.add('valid');
      li.append(el('p', { class: 'verdict' }, el('strong', {}, 'valid'), ` URN of another namespace (${u.nid}): your rules do not apply`));
      return li;
    }
    li.classList.add('valid');
    li.append(el('p', { class: 'verdict' }, el('strong', {}, 'valid'), ' ', el('code', {}, line)));
    li.append(coverage(u.nss, grammar, ns.root, u.assignedName.length - u.nss.length));
    return li;
  }
  if (!ns) {
    li.append(el('p', { class: 'verdict' }, 'no namespace: the grammar has errors'));
    return li;
  }
  const f = ns.validate(line);
  if (f) {
    li.classList.add('invalid');
    li.append(el('p', { class: 'verdict' }, el('strong', {}, f.undecided ? 'undecided' : 'rejected'), ' NSS'),
      ...caretBlock(line, f.offset, f.byteOffset, f.expected, `${ns.root} does not match`));
    return li;
  }
  li.classList.add('valid');
  li.append(el('p', { class: 'verdict' }, el('strong', {}, 'valid'), ' NSS ', el('code', {}, line)));
  li.append(coverage(line, grammar, ns.root, 0));
  return li;
}

// Which rule covers which characters of an NSS that matched: every rule's
// span, nested as the derivation nests them.
function coverage(nss, grammar, root, base) {
  const m = grammar.match(root, nss, { tree: true });
  if (!m.matched || m.spans.length === 0) return el('p', {}, m.spansUndecided ? 'spans undecided' : '');
  const body = el('tbody');
  for (const sp of m.spans) {
    body.append(el('tr', { class: 'span', 'data-rule': sp.rule, 'data-start': String(base + sp.start), 'data-end': String(base + sp.end) },
      el('td', { style: `padding-left:${sp.depth * 1.2}em` }, sp.rule),
      el('td', {}, el('code', {}, sp.text)),
      el('td', {}, `${base + sp.start}–${base + sp.end}`)));
  }
  return el('table', { class: 'coverage' }, el('caption', {}, 'Rules and the characters they cover'),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'rule'), el('th', { scope: 'col' }, 'text'), el('th', { scope: 'col' }, 'characters'))),
    body);
}

function renderAbnf(s) {
  const diags = $('diagnostics');
  userNamespace = null;
  let grammar = null;
  let ns = null;
  const items = [];
  const nidOk = s.nid.trim() !== '';
  if (s.abnf.trim() !== '') {
    grammar = urns.abnf.compile(s.abnf, { rfc3986Rules: true });
    for (const d of grammar.diagnostics) items.push(diagnosticItem(d));
    if (grammar.ok && nidOk) {
      try {
        ns = urns.Namespace.fromAbnf(s.nid.trim(), s.abnf, { root: s.root.trim() || undefined });
      } catch (e) {
        if (!(e instanceof urns.AbnfError)) throw e;
        for (const d of e.diagnostics) if (!grammar.diagnostics.some((g) => g.message === d.message)) items.push(diagnosticItem(d));
        if (!e.diagnostics.length) items.push(el('li', { class: 'error' }, e.message));
      }
    }
  }
  if (!nidOk) items.push(el('li', { class: 'error' }, 'Give the NID of the namespace.'));
  if (items.length === 0) items.push(el('li', { class: 'ok' }, 'No diagnostics: the grammar is usable.'));
  diags.replaceChildren(...items);
  userNamespace = ns;

  const results = [];
  for (const line of s.examples.split('\n')) {
    if (line === '') continue;
    results.push(exampleResult(line, s, ns, grammar));
  }
  $('example-results').replaceChildren(...results);

  const valid = [];
  const invalid = [];
  if (ns && grammar) {
    for (const g of grammar.generate(ns.root, 8, { seed: s.seed, maxLength: 40 })) valid.push(el('li', {}, el('code', {}, g)));
    for (const g of grammar.generate(ns.root, 8, { seed: s.seed, maxLength: 40, invalid: true })) invalid.push(el('li', {}, el('code', {}, g)));
  }
  $('generated-valid').replaceChildren(...valid);
  $('generated-invalid').replaceChildren(...invalid);
}

// --- wiring -------------------------------------------------------------------------

let pending = false;
let stateTimer = 0;

// The address follows the page a moment after typing stops: Chromium ignores
// history.replaceState past about 200 calls in 10 seconds, and a call for
// every key typed would reach that.
function writeStateSoon(s) {
  clearTimeout(stateTimer);
  stateTimer = setTimeout(() => writeState(s), 150);
}

function update() {
  if (pending) return;
  pending = true;
  queueMicrotask(() => {
    pending = false;
    const s = currentState();
    renderAbnf(s);
    renderUrns(s);
    writeStateSoon(s);
  });
}

showState(readState());
for (const id of ['urns-input', 'nid-input', 'root-input', 'seed-input', 'abnf-input', 'examples-input', 'namespaces']) {
  $(id).addEventListener('input', update);
  $(id).addEventListener('change', update);
}
for (const r of document.querySelectorAll('input[name=syntax]')) r.addEventListener('change', update);
window.addEventListener('hashchange', () => {
  showState(readState());
  update();
});
update();
$('status').textContent = `Ready: urns-wasm with ${urns.namespaces().length} shipped namespaces.`;
document.body.dataset.ready = 'true';
