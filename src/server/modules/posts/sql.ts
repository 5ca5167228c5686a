import { hasNul } from '../../text/control-characters';

/** Positional parameters gathered while a statement is put together from optional parts. */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder ($1, $2, …). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The text with LIKE's wildcards escaped, so that a reader's `%` or `_` matches itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern that finds the text anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern that finds the text at the start. */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

/** False for text PostgreSQL cannot hold (a NUL character): no stored name can equal it. */
export const storable = (text: string) => !hasNul(text);
