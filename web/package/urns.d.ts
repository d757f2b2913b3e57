// SPDX-License-Identifier: BSL-1.0
// TypeScript declarations of urns-wasm (urns.js). Offsets are JavaScript
// string indices (UTF-16 code units); each has its byte offset in the
// string's UTF-8 beside it (`byteOffset`, `byteStart`, ...).

/** The URN syntaxes: draft-ietf-urnbis-rfc2141bis-urn-03 (the default), RFC 2141, RFC 8141. */
export type Syntax = 'rfc2141bis' | 'rfc2141' | 'rfc8141';
/** The equivalence procedures: RFC 2141 §5, draft-03 §5 step 5a and 5b, RFC 8141 §3.1. */
export type EquivalenceMode = 'rfc2141' | 'rfc2141bis-5a' | 'rfc2141bis-5b' | 'rfc8141';
/** The syntaxes' names. */
export const syntaxes: readonly Syntax[];
/** The equivalence modes' names. */
export const equivalenceModes: readonly EquivalenceMode[];

/**
 * Which namespaces' own rules apply: none (false, the default), the shipped
 * ones (true), or the shipped ones and these (a namespace given here
 * replaces a shipped one of the same NID).
 */
export type Namespaces = boolean | Iterable<Namespace>;

export interface Options {
  syntax?: Syntax;
  namespaces?: Namespaces;
}

export interface EquivalenceOptions extends Options {
  /** Default: the syntax's own (rfc2141, rfc2141bis-5a, rfc8141). */
  mode?: EquivalenceMode;
}

export interface FindOptions extends Options {
  /** Only the document's rule of where a URN ends (no trailing punctuation left out). */
  strict?: boolean;
  /** A URN after "=" ends at "&" or "#", after "/" at "?" or "#" (default true). */
  uriContext?: boolean;
}

/** The error codes, as the C++ library names them. */
export type ErrorCode =
  | 'bad_scheme' | 'bad_nid' | 'bad_nss' | 'bad_pct_encoded' | 'bad_query' | 'bad_r_component'
  | 'bad_q_component' | 'bad_fragment' | 'bad_rq' | 'reserved_nid' | 'nul_octet' | 'nss_rejected'
  | 'bad_identifier' | 'nss_undecided';

/** A string that is not a URN of the syntax (or that its namespace rejects). */
export class URNParseError extends SyntaxError {
  /** The text given. */
  readonly input: string;
  /** The string index of the first character that could not be accepted. */
  readonly offset: number;
  /** The same place, in bytes of the text's UTF-8. */
  readonly byteOffset: number;
  /** The ABNF rule names (or literals) expected there; the first is the main one. */
  readonly expected: string[];
  readonly code: ErrorCode;
  /** The code's sentence ("invalid namespace-specific string (NSS)"). */
  readonly reason: string;
  readonly syntax: Syntax;
  /** The C++ library's rendering: the line and a caret under the byte, byte offsets. */
  readonly display: string;
}

/** A namespace's ABNF rule that is not regular could not decide (code nss_undecided). */
export class URNUndecidedError extends URNParseError {
  /** From isValidMany: the item's place in the texts. */
  readonly index?: number;
}

/** ABNF that makes no namespace (Namespace.fromAbnf). */
export class AbnfError extends Error {
  readonly diagnostics: Diagnostic[];
}

/** The WebAssembly module stopped (out of memory). */
export class URNSInternalError extends Error {}

export interface Field {
  /** The rule's name. */
  name: string;
  text: string;
  /** String indices in the URN (a URN is ASCII: they are byte offsets too). */
  start: number;
  end: number;
}

export interface URN {
  /** The text parsed. */
  urn: string;
  syntax: Syntax;
  /** "urn" as written. */
  scheme: string;
  /** As written. */
  nid: string;
  /** As written, still percent-encoded. */
  nss: string;
  /** "urn:" NID ":" NSS. */
  assignedName: string;
  /** What follows the NSS, null where absent (empty where present but empty). */
  components: {
    /** draft-03's query, after "?". */
    query: string | null;
    /** RFC 8141's r-component, after "?+". */
    rComponent: string | null;
    /** RFC 8141's q-component, after "?=". */
    qComponent: string | null;
    /** The fragment (RFC 8141's f-component), after "#". */
    fComponent: string | null;
  };
  /** The canonical form in the syntax's equivalence mode (with the namespace's fold when namespaces apply). */
  canonical: string;
  /** The fields its namespace names in the NSS (the shipped namespaces', or a given one's). */
  fields: Field[];
}

/** Parses a URN; throws URNParseError if it is not one. */
export function parse(text: string, options?: Options): URN;
/** Whether `text` is a URN; throws only URNUndecidedError. */
export function isValid(text: string, options?: Options): boolean;
/**
 * Whether each item is a URN: 1 or 0 per item, as isValid answers (an item
 * that is not a string: 0); throws only URNUndecidedError, whose `index` is
 * the item's. The items go into the module a batch at a time.
 */
export function isValidMany(texts: Iterable<unknown>, options?: Options): Uint8Array;
/** The canonical form in `mode`; throws URNParseError if `text` is not a URN. */
export function canonical(text: string, options?: EquivalenceOptions): string;
/** Whether two URNs are equivalent in `mode`; throws URNParseError if either is not a URN. */
export function equivalent(a: string, b: string, options?: EquivalenceOptions): boolean;

export interface NamespaceFault {
  /** In the match (a URN is ASCII: the same in bytes). */
  offset: number;
  byteOffset: number;
  expected: string[];
}

export interface Match {
  urn: string;
  nid: string;
  /** String index of "urn:" in the text. */
  offset: number;
  /** In UTF-16 code units. */
  length: number;
  byteOffset: number;
  byteLength: number;
  /** With namespaces: where and what the namespace's rule rejects in the match. */
  namespaceFault: NamespaceFault | null;
}

/** The URNs of a text, in order, found lazily. */
export function find(text: string, options?: FindOptions): IterableIterator<Match>;

/** A namespace shipped with urns: its file in grammar/nss/. */
export interface ShippedNamespace {
  readonly nid: string;
  readonly title: string;
  readonly reference: string;
  readonly check: 'grammar' | 'x3' | 'opaque';
  readonly unreadable: string;
  readonly root: string;
  readonly fields: readonly string[];
  readonly caseInsensitive: readonly string[];
  readonly file: string;
  readonly abnf: string;
}

/** Every shipped namespace, sorted by NID. */
export function namespaces(): readonly ShippedNamespace[];

/** A finding of the ABNF reader. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** String index in the ABNF text. */
  offset: number;
  byteOffset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in bytes of the line. */
  column: number;
  rule: string;
  message: string;
  /** For a syntax error: the RFC 5234 rules expected there. */
  expected: string[];
  /** The C++ library's rendering with its caret line. */
  display: string;
}

export interface NamespaceOptions {
  /** The NSS's rule (default: the header's `root`, else the first rule). */
  root?: string;
  /** Rules whose text compares without case (the root or "NSS": the whole NSS). */
  caseInsensitive?: Iterable<string>;
  /** Rules whose spans are the named fields. */
  fields?: Iterable<string>;
  reference?: string;
}

export interface NSSFault {
  offset: number;
  byteOffset: number;
  expected: string[];
  /** The rule is not regular and ran out of steps or memory. */
  undecided: boolean;
}

export interface NSSField extends Field {
  byteStart: number;
  byteEnd: number;
}

/** A namespace made from its ABNF. */
export class Namespace {
  private constructor();
  /** Throws AbnfError when the ABNF has an error or lacks the root rule. */
  static fromAbnf(nid: string, abnf: string, options?: NamespaceOptions): Namespace;
  readonly nid: string;
  readonly abnf: string;
  readonly reference: string;
  readonly root: string;
  readonly fieldRules: readonly string[];
  readonly caseInsensitive: readonly string[];
  /** Warnings (and errors) of its grammar. */
  readonly diagnostics: readonly Diagnostic[];
  /** Null if the NSS is valid, else where and what was expected. */
  validate(nss: string): NSSFault | null;
  /** The named fields of a valid NSS; empty for an NSS it rejects. */
  fields(nss: string): NSSField[];
}

export interface CompileOptions {
  /** RFC 5234 Appendix B.1's rules (default true). */
  coreRules?: boolean;
  /** grammar/rfc3986.abnf's rules: pchar, unreserved, ... (default false). */
  rfc3986Rules?: boolean;
  /** Warn about unused rules (default true). */
  warnUnused?: boolean;
  /** Match regular rules with automata (default true). */
  automata?: boolean;
  /** The evaluator's step limit (0: max(1,000,000, 200 x input size)). */
  stepLimit?: number;
}

export interface Span {
  rule: string;
  text: string;
  start: number;
  end: number;
  byteStart: number;
  byteEnd: number;
  /** The spans of the result that enclose it. */
  depth: number;
}

export type MatchStatus = 'matched' | 'no_match' | 'undecided' | 'no_rule';

export interface MatchOptions {
  /** Rules whose spans to return. */
  capture?: Iterable<string>;
  /** Every rule's span. */
  tree?: boolean;
  stepLimit?: number;
}

export interface MatchResult {
  status: MatchStatus;
  matched: boolean;
  /** no_match: the farthest failure (string index); matched: the input's length. */
  offset: number;
  byteOffset: number;
  /** no_match: the innermost rules whose terminals failed there, "end of input" where it could end. */
  expected: string[];
  /** matched: the spans asked for, preorder. */
  spans: Span[];
  spansUndecided: boolean;
  steps: number;
}

export interface GenerateOptions {
  seed?: number | bigint;
  maxLength?: number;
  /** Near misses: one-byte edits of valid strings that the rule rejects. */
  invalid?: boolean;
}

/** A compiled grammar. */
export class Grammar {
  private constructor();
  readonly text: string;
  /** No error among the diagnostics. */
  readonly ok: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly diagnosticsLeftOut: number;
  /** The rules of the text, as first spelled. */
  readonly ruleNames: readonly string[];
  match(rule: string, input: string, options?: MatchOptions): MatchResult;
  matches(rule: string, input: string): boolean;
  /** Up to `count` distinct strings; those whose bytes are not UTF-8 are left out. */
  generate(rule: string, count: number, options?: GenerateOptions): string[];
}

/** The ABNF engine. A grammar may be given as its text (compiled for the call). */
export const abnf: {
  compile(text: string, options?: CompileOptions): Grammar;
  match(grammar: Grammar | string, rule: string, input: string, options?: MatchOptions): MatchResult;
  matches(grammar: Grammar | string, rule: string, input: string): boolean;
  generate(grammar: Grammar | string, rule: string, count: number, options?: GenerateOptions): string[];
};

/** The module's memory: its heap's top, its memory's size, its live handles. */
export function memoryUse(): { heapTop: number; bytes: number; handles: number };
