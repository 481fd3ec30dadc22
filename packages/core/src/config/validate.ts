/**
 * Turns zod issues into messages in docgen's validation wording (`'%s is required'`,
 * `'%s cannot be empty'`, `'%s must be one of %s'`, `'%s is not a %s'`), each naming the key path.
 */
import type { z } from 'zod';

/** Formats a key path as users write it: `themeConfig.nav[0].text`. */
export function formatKeyPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || 'config';
}

/** One message per issue, in docgen's validation wording. */
export function formatIssue(issue: z.core.$ZodIssue, input: unknown): string {
  const path = formatKeyPath(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (valueAt(input, issue.path) === undefined) return `${path} is required`;
      if (issue.expected === 'int') return `${path} is not an integer`;
      return `${path} is not ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
    case 'invalid_value':
      return `${path} must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return `${path} cannot be empty`;
      if (issue.origin === 'string') return `${path} must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array') return `${path} must have at least ${issue.minimum} ${Number(issue.minimum) === 1 ? 'item' : 'items'}`;
      return issue.inclusive === false ? `${path} must be greater than ${issue.minimum}` : `${path} cannot be less than ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `${path} cannot be longer than ${issue.maximum} characters`;
      if (issue.origin === 'array') return `${path} cannot have more than ${issue.maximum} ${Number(issue.maximum) === 1 ? 'item' : 'items'}`;
      return `${path} cannot be greater than ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'url' ? `${path} is not a valid url` : `${path} value does not match pattern ${issue.format}`;
    case 'unrecognized_keys':
      return issue.keys.map((k) => `${formatKeyPath([...issue.path, k])} is not a known option`).join('\n');
    case 'invalid_union': {
      // A value of the right kind that fails inside one branch (e.g. `search: { provider: 'algolia' }`):
      // report that branch's issues, not the union.
      const inner = issue.errors.find((branch) => branch.length && branch.every((i) => i.path.length > 0 || i.code === 'custom'));
      if (inner) return inner.map((i) => formatIssue({ ...i, path: [...issue.path, ...i.path] } as z.core.$ZodIssue, input)).join('\n');
      return `${path} is not a valid value`;
    }
    case 'custom':
      return `${path} ${issue.message}`;
    default:
      return `${path}: ${issue.message}`;
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v == null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}
