import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { isSearchable, useCatalogueSearch } from '../hooks/use-catalogue-search';
import { CATALOGUE_PAGE_SIZE, LIBRARY_TEXT, SKELETON_CARDS } from '../texts';
import { BookCard, BookCardSkeletons } from './book-card';
import { Pager } from '@/components/ui/pager';
import { SearchBox } from './search-box';

/**
 * The Search Books tab: search box, 8 skeleton cards while the first results load, then the cards.
 * A failed load is logged only (spec section 8: the API client warns); the grid then shows no books.
 *
 * Cards never move once shown (issue 25 item 8: a title clicked as soon as it appeared opened another
 * book): the 'Searching' spinner has a fixed slot beside the box — it used to wrap onto a line of its
 * own on a phone during a background refetch, pushing the grid down and back up — and the
 * 'at least 2 characters' hint sits in the gap under the box instead of taking a line. While the
 * results on screen belong to an older query (typing, or the next results loading), the grid is dimmed
 * and takes no clicks, so a click meant for a title never lands on the card that replaces it.
 */
export function CatalogueSearch() {
  const [input, setInput] = useState('');
  const search = useCatalogueSearch(input, CATALOGUE_PAGE_SIZE);
  const books = search.data?.books ?? [];
  const stale = search.isPlaceholderData || (isSearchable(input) && input.trim() !== search.query);

  return (
    <div className="grid gap-4">
      <div className="relative flex items-center gap-3">
        <SearchBox value={input} onChange={setInput} />
        <span className="flex size-6 shrink-0 items-center" data-testid="search-status">
          {search.isFetching && !search.isPending ? <Spinner label="Searching" /> : null}
        </span>
        {search.tooShort ? <p className="absolute left-0 top-full mt-0.5 text-xs text-muted-foreground">{LIBRARY_TEXT.tooShort}</p> : null}
      </div>
      {search.isPending ? (
        <BookCardSkeletons count={SKELETON_CARDS} />
      ) : books.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{LIBRARY_TEXT.noBooks}</p>
      ) : (
        <div>
          <ul
            className={cn('grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4', stale && 'pointer-events-none opacity-60')}
            aria-label="Books"
            aria-busy={stale || undefined}
            data-stale={stale || undefined}
          >
            {books.map((b) => (
              <BookCard key={b._id} book={b} />
            ))}
          </ul>
          <Pager
            page={search.page}
            pageSize={CATALOGUE_PAGE_SIZE}
            total={search.data?.total ?? 0}
            capped={search.data?.capped}
            shown={books.length}
            onPage={search.setPage}
          />
        </div>
      )}
    </div>
  );
}
