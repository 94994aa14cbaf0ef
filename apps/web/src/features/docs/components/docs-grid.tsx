import { useId, useState, type ReactNode } from 'react';
import { DOC_TYPE_LABELS, DOC_TYPES } from '@crs/shared/constants/docs';
import type { Doc } from '@crs/shared/schemas/docs';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { QueryState } from '@/components/ui/query-state';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatDate } from '@/lib/format-date';
import { useDocs } from '../api/get-docs';
import { DOCS_TEXT } from '../texts';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';
const SKELETON_CARDS = Array.from({ length: 6 }, () => 'h-36');

/**
 * The spec's grid of documents: title, type and a View link (the signed address opens the file in a
 * new tab), searched on the server (title, description) and filtered by type. `actions` adds the
 * Admin's buttons to a card; `headingLevel` keeps headings in order where the grid sits.
 */
export function DocsGrid({ actions, headingLevel = 2 }: { actions?: (doc: Doc) => ReactNode; headingLevel?: 2 | 3 }) {
  const [q, setQ] = useState('');
  const [type, setType] = useState('');
  const search = useDebouncedValue(q.trim(), 300);
  const docs = useDocs(search, type);
  const searchId = useId();
  const typeId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <div className="grid gap-2">
          <Label htmlFor={searchId}>{DOCS_TEXT.search}</Label>
          <Input id={searchId} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={DOCS_TEXT.searchPlaceholder} maxLength={200} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={typeId}>{DOCS_TEXT.type}</Label>
          <select id={typeId} value={type} onChange={(e) => setType(e.target.value)} className={selectClass}>
            <option value="">{DOCS_TEXT.allTypes}</option>
            {DOC_TYPES.map((t) => (
              <option key={t} value={t}>
                {DOC_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState
        query={docs}
        error={DOCS_TEXT.loadFailed}
        toast
        skeletons={SKELETON_CARDS}
        className={GRID}
        empty={search || type ? DOCS_TEXT.noMatch : DOCS_TEXT.empty}
        isEmpty={(d) => d.docs.length === 0}
      >
        {({ docs: list }) => (
        <ul className={GRID} aria-label={DOCS_TEXT.readerTitle}>
          {list.map((doc) => (
            <li key={doc._id} className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary">{DOC_TYPE_LABELS[doc.type]}</Badge>
                {doc.subject ? <Badge variant="outline">{doc.subject.code}</Badge> : null}
                {doc.source === 'material' ? <span className="text-xs text-muted-foreground">{DOCS_TEXT.fromMaterial}</span> : null}
              </div>
              <Heading className="font-semibold leading-snug break-words">{doc.title}</Heading>
              {doc.description ? <p className="line-clamp-2 text-sm text-muted-foreground break-words">{doc.description}</p> : null}
              <p className="text-xs text-muted-foreground">
                {DOCS_TEXT.by(doc.uploadedBy)} · {formatDate(doc.createdAt)}
              </p>
              <div className="mt-auto flex flex-wrap items-center gap-2">
                <a
                  href={doc.fileUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={DOCS_TEXT.viewLabel(doc.title)}
                  className="inline-flex h-9 items-center rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {DOCS_TEXT.view}
                </a>
                {actions?.(doc)}
              </div>
            </li>
          ))}
        </ul>
        )}
      </QueryState>
    </div>
  );
}
