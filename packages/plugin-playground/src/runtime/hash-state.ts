/**
 * Playground state in the URL fragment: `#pg-1=<code>&pg-3=<code>`, one entry per edited playground of the
 * page (numbered from 1 in page order), the code as base64url of its UTF-8 bytes. Heading ids never
 * contain `=` (the slugger drops it), so such a fragment is never mistaken for an anchor, and the router
 * finds no element to scroll to. Isomorphic: no DOM, no Node.
 */

/** The fragment key of playground `index` (1-based): `pg-1`. */
export function hashKey(index: number): string {
  return `pg-${index}`;
}

/** base64url (RFC 4648 §5, no padding) of the UTF-8 bytes of `text`. Linear in its length. */
export function encodeCode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // In slices: spreading a large array into String.fromCharCode overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The text `encodeCode` made of `encoded`.
 * @throws Error `not base64url` or `not UTF-8` for a value no `encodeCode` gave (a link cut short or edited by hand)
 */
export function decodeCode(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded) || encoded.length % 4 === 1) throw new Error('not base64url');
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (encoded.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('not UTF-8');
  }
}

/**
 * The playground entries of a URL fragment (`location.hash`, with or without `#`), key → encoded code, in
 * their order. Parts that are not `pg-<n>=…` (an anchor) are left out.
 */
export function readHashEntries(hash: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    const m = /^(pg-\d+)=(.*)$/.exec(part);
    if (m) entries.set(m[1]!, m[2]!);
  }
  return entries;
}

/**
 * The fragment after playground `index` changed: its entry set to `code` (encoded), or removed when
 * `code` is null (back to the original). Other playgrounds' entries stay, in their order; anything else
 * in the fragment (an anchor) goes, since a fragment holds one target. Returns `''` when no entry is
 * left, else `#…`.
 */
export function writeHashEntry(hash: string, index: number, code: string | null): string {
  const entries = readHashEntries(hash);
  const key = hashKey(index);
  if (code === null) entries.delete(key);
  else entries.set(key, encodeCode(code));
  const parts = [...entries].map(([k, v]) => `${k}=${v}`);
  return parts.length ? `#${parts.join('&')}` : '';
}
