/**
 * Checks of the cache's state files kept in columns (arrays of strings or numbers, one item per page,
 * term or file): a column is checked in one loop, where `z.array` of an item schema took ~40 ms on the
 * term memo of 1,000 pages (10⁵ terms).
 */
import * as z from 'zod';

/** A zod schema of an array whose items are all `item`'s kind. */
export function column<T>(item: (value: unknown) => value is T) {
  return z.custom<T[]>((value) => Array.isArray(value) && value.every(item));
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

export function isNumber(value: unknown): value is number {
  return typeof value === 'number';
}
