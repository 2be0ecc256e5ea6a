/**
 * Text that cannot be stored or compared safely: NUL (U+0000), which Postgres refuses in text, and
 * UTF-16 surrogates without their pair, which are not characters at all (they fail on the way to the
 * database and break JSON consumers). Checked on every string of a request, keys included.
 */
// NUL is exactly what this looks for.
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** How deep a request's JSON may nest; no form sends more than a list of values. */
export const MAX_INPUT_DEPTH = 8;

export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';
export const TOO_DEEP_MESSAGE = `must not nest deeper than ${MAX_INPUT_DEPTH} levels`;

export const isUnsafeText = (value: string): boolean => UNSAFE_TEXT.test(value);

export interface InputProblem {
  /** Where, as clients address it: `description`, `a.b`, `pppoeIds[0]`. */
  field: string;
  message: string;
}

const childPath = (parent: string, key: string): string => (parent ? `${parent}.${key}` : key);

/** The first string (or key) of `value` holding unsafe text, or nesting beyond the limit. */
export function findUnsafeInput(value: unknown, path = '', depth = 0): InputProblem | undefined {
  if (typeof value === 'string')
    return isUnsafeText(value) ? { field: path, message: UNSAFE_TEXT_MESSAGE } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_INPUT_DEPTH) return { field: path, message: TOO_DEEP_MESSAGE };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeInput(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (isUnsafeText(key)) return { field: childPath(path, key), message: UNSAFE_TEXT_MESSAGE };
    const found = findUnsafeInput(item, childPath(path, key), depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A URL (path and query, still percent-encoded) whose escapes that do not decode as UTF-8 (e.g. the
 * bytes of a lone surrogate, `%ED%A0%80`) are replaced by `%00`: left alone, express would decode them
 * to U+FFFD and the request would go through with text the client never sent. As `%00` they reach the
 * parameter checks as NUL and are refused naming the parameter. `undefined` when nothing is wrong.
 */
export function withUndecodableEscapesMarked(url: string): string | undefined {
  let changed = false;
  const fixed = url.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      decodeURIComponent(run);
      return run;
    } catch {
      changed = true;
      return '%00';
    }
  });
  return changed ? fixed : undefined;
}
