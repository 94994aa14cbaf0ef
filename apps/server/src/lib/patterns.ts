/** A UUID in its text form, either case: test an id with it before a uuid column sees it (PostgreSQL rejects anything else with an error). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `s` with LIKE's wildcards (`%`, `_`) and its escape character (`\`) escaped, so it matches only itself inside a pattern. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `s` anywhere in the text, as itself (its wildcards escaped). */
export const containing = (s: string) => `%${escapeLike(s)}%`;
