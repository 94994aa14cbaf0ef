/**
 * Where a parsed JSON value holds text that is not well-formed UTF-16 — a lone surrogate, which
 * JSON can spell (`"\ud800"`) but no database encoding can store (PostgreSQL answers "invalid input
 * syntax for type json" for a jsonb column, and UTF-8 has no such character). The first such string
 * or key, as a dotted path like the validation errors' (`experiences.0.company`; '' is the body
 * itself), or null when all text is well-formed. Iterative, so a deeply nested body cannot
 * overflow the stack.
 */
export function illFormedTextPath(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], join(path, String(i))]);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i]!;
        const at = join(path, k);
        if (LONE_SURROGATE.test(k)) return at;
        stack.push([child, at]);
      }
    }
  }
  return null;
}

// With the u flag a string is read by code points, so a surrogate pair is one character above
// U+FFFF and only an unpaired half matches (String#isWellFormed is not in our TypeScript lib yet).
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * Whether JSON text may spell a lone surrogate at all: only a `\uD800`–`\uDFFF` escape can (decoded
 * UTF-8 never holds one), so a body without such an escape needs no walk.
 */
export const mayHoldSurrogateEscape = (json: string) => /\\u[dD][89a-fA-F]/.test(json);
