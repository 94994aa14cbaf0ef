import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useCatalogueSearch } from '../hooks/use-catalogue-search';
import { CATALOGUE_PAGE_SIZE, LIBRARY_TEXT, SKELETON_CARDS } from '../texts';
import { BookCard, BookCardSkeletons } from './book-card';
import { Pager } from '@/components/ui/pager';
import { SearchBox } from './search-box';

/**
 * The Search Books tab: search box, 8 skeleton cards while the first results load, then the cards.
 * A failed load is logged only (spec section 8: the API client warns); the grid then shows no books.
 */
export function CatalogueSearch() {
  const [input, setInput] = useState('');
  const search = useCatalogueSearch(input, CATALOGUE_PAGE_SIZE);
  const books = search.data?.books ?? [];

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <SearchBox value={input} onChange={setInput} />
        {search.isFetching && !search.isPending ? <Spinner label="Searching" /> : null}
      </div>
      {search.tooShort ? <p className="text-sm text-muted-foreground">{LIBRARY_TEXT.tooShort}</p> : null}
      {search.isPending ? (
        <BookCardSkeletons count={SKELETON_CARDS} />
      ) : books.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{LIBRARY_TEXT.noBooks}</p>
      ) : (
        <div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Books">
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
