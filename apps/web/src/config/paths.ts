import { PAGES, type PageId } from './pages';

/** `'/alumni/:id'` → `'id'`: the params a path pattern takes. */
type ParamsOf<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? K | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? K
    : never;
/** A plain path stays a string; a pattern becomes a function of its params. */
type Href<P extends string> = [ParamsOf<P>] extends [never] ? P : (params: Record<ParamsOf<P>, string>) => string;

function href(pattern: string) {
  if (!pattern.includes(':')) return pattern;
  return (params: Record<string, string>) => pattern.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

type PagePaths = { [K in Exclude<PageId, 'notFound'>]: Href<(typeof PAGES)[K]['path']> };

/**
 * Every path the client links to, derived from the page list (config/pages.ts). Components import
 * these instead of writing URL literals: `paths.library`, `paths.libraryBook({ id })`.
 */
export const paths = {
  ...(Object.fromEntries(
    Object.entries(PAGES)
      .filter(([id]) => id !== 'notFound')
      .map(([id, page]) => [id, href(page.path)]),
  ) as PagePaths),
  /** `/` only redirects to /login (spec section 2); links to "home" use it. */
  home: '/',
  libraryLoans: `${PAGES.library.path}?tab=loans`,
  libraryManagement: `${PAGES.library.path}?tab=management`,
  /** Upload Exam Marks with the exam chosen (the exams list's row action). */
  teacherMarksFor: (params: { examId: string }) => `${PAGES.teacherMarks.path}?exam=${encodeURIComponent(params.examId)}`,
} as const;

/** Only same-site paths may be used as a post-login destination (no `//evil.example`). */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  return value;
}
