/**
 * A JSON body followed while it arrives, for a check that can refuse it before it is all read
 * (a 900 KB question is refused after its first few KB, not after it has been buffered and
 * parsed). The tokens come from stream-json's tokenizer, which gives long strings in pieces;
 * this module only says where each token is (its path from the root) and hands the check
 * what it asked for. It builds no values: the body is still parsed with `JSON.parse` once it
 * is all read, so what a body means is decided as before.
 */
import { getManyValues, none } from 'stream-chain/defs.js';
import { jsonParser, type Token } from 'stream-json/core/parser.js';

/** Keys of objects and indices of arrays, from the root to a value. */
export type JsonPath = readonly (string | number)[];

/** What a check answers to refuse a body: the error body of a 400. */
export interface JsonRefusal {
  message: string;
  issues: { path: (string | number)[]; message: string }[];
}

export type JsonValueKind = 'object' | 'array' | 'string' | 'number' | 'literal';

/** A check of a body as it is read; each method may answer a refusal, which stops the read. */
export interface JsonBodyCheck {
  /** A value begins at `path` (an array's items are counted as they begin). */
  begin?(path: JsonPath, kind: JsonValueKind): JsonRefusal | undefined;
  /** A piece of the string at `path`; a string comes in pieces of at most 256 characters. */
  text?(path: JsonPath, piece: string): JsonRefusal | undefined;
  /** The value at `path` is complete. */
  end?(path: JsonPath, kind: JsonValueKind): JsonRefusal | undefined;
}

type Frame = { kind: 'object'; key: string | undefined } | { kind: 'array'; index: number };

/** Feeds text to the tokenizer and the check; `write` answers the check's refusal, if any. */
export class JsonFollower {
  readonly #tokenize = jsonParser({
    packKeys: true,
    streamKeys: false,
    packStrings: false,
    streamStrings: true,
    packNumbers: true,
    streamNumbers: false,
  });
  readonly #check: JsonBodyCheck;
  readonly #frames: Frame[] = [];
  /** False once the text is not JSON: `JSON.parse` will say so when the body is read. */
  #following = true;

  constructor(check: JsonBodyCheck) {
    this.#check = check;
  }

  /** The next piece of the body's text; `end` after the last one. */
  write(text: string | typeof END): JsonRefusal | undefined {
    if (!this.#following) return undefined;
    let tokens: Token[];
    try {
      // stream-chain's convention: a flushable function is flushed by a call with `none`.
      const out = this.#tokenize(text === END ? (none as unknown as string) : text);
      tokens = out === none ? [] : getManyValues(out as never);
    } catch {
      this.#following = false;
      return undefined;
    }
    for (const token of tokens) {
      const refusal = this.#token(token);
      if (refusal) return refusal;
    }
    return undefined;
  }

  #token(token: Token): JsonRefusal | undefined {
    const check = this.#check;
    switch (token.name) {
      case 'startObject':
      case 'startArray': {
        const kind = token.name === 'startObject' ? 'object' : 'array';
        const refusal = check.begin?.(this.#begin(), kind);
        this.#frames.push(kind === 'object' ? { kind, key: undefined } : { kind, index: -1 });
        return refusal;
      }
      case 'endObject':
      case 'endArray':
        this.#frames.pop();
        return check.end?.(this.#path(), token.name === 'endObject' ? 'object' : 'array');
      case 'keyValue': {
        const top = this.#frames.at(-1);
        if (top?.kind === 'object') top.key = token.value;
        return undefined;
      }
      case 'startString':
        return check.begin?.(this.#begin(), 'string');
      case 'stringChunk':
        return check.text?.(this.#path(), token.value);
      case 'endString':
        return check.end?.(this.#path(), 'string');
      case 'numberValue':
      case 'trueValue':
      case 'falseValue':
      case 'nullValue': {
        const kind = token.name === 'numberValue' ? 'number' : 'literal';
        return check.begin?.(this.#begin(), kind) ?? check.end?.(this.#path(), kind);
      }
      default:
        return undefined;
    }
  }

  /** The path of a value that begins: an array counts it. */
  #begin(): JsonPath {
    const top = this.#frames.at(-1);
    if (top?.kind === 'array') top.index++;
    return this.#path();
  }

  #path(): JsonPath {
    return this.#frames.map((frame) => (frame.kind === 'object' ? (frame.key ?? '') : frame.index));
  }
}

/** Passed to `write` after the last piece of text. */
export const END = Symbol('end of the body');
