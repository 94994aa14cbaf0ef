import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { authorsText, availabilityText } from '../format';
import { useCatalogueSearch } from '../hooks/use-catalogue-search';
import { CATALOGUE_PAGE_SIZE, LIBRARY_TEXT } from '../texts';
import { TeacherHelpCard } from './library-page';
import { MyLoans } from './my-loans';
import { Pager } from '@/components/ui/pager';
import { SearchBox } from './search-box';

/** /library/teacher: Search Books (the whole catalogue on open, a spinner while searching) and My Loans, read-only. */
export function TeacherLibrary() {
  return (
    <section className="grid gap-4">
      <PageHeader title={LIBRARY_TEXT.title} description="Check which books are available." />
      <TeacherHelpCard />
      <Tabs defaultValue="search">
        <TabsList>
          <TabsTrigger value="search">{LIBRARY_TEXT.tabSearch}</TabsTrigger>
          <TabsTrigger value="loans">{LIBRARY_TEXT.tabLoans}</TabsTrigger>
        </TabsList>
        <TabsContent value="search">
          <TeacherSearch />
        </TabsContent>
        <TabsContent value="loans">
          <MyLoans />
        </TabsContent>
      </Tabs>
    </section>
  );
}

function TeacherSearch() {
  const [input, setInput] = useState('');
  const search = useCatalogueSearch(input, CATALOGUE_PAGE_SIZE);
  const books = search.data?.books ?? [];
  return (
    <div className="grid gap-4">
      <SearchBox value={input} onChange={setInput} />
      {search.tooShort ? <p className="text-sm text-muted-foreground">{LIBRARY_TEXT.tooShort}</p> : null}
      {search.isFetching ? (
        <div className="flex justify-center py-6">
          <Spinner label="Searching" />
        </div>
      ) : null}
      {search.isPending ? null : books.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">{LIBRARY_TEXT.noBooks}</p>
      ) : (
        <div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Books">
            {books.map((b) => (
              <li key={b._id}>
                <Card className="flex h-full flex-col gap-1 p-4">
                  <h2 className="font-semibold leading-snug">{b.title}</h2>
                  <p className="text-sm text-muted-foreground">{authorsText(b.authors)}</p>
                  <p className="text-sm">{b.subjects.join(', ') || '—'}</p>
                  <p className="text-sm font-medium">{availabilityText(b)}</p>
                  <Link
                    to={paths.libraryBook({ id: b._id })}
                    className="mt-auto pt-2 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {LIBRARY_TEXT.viewDetails}
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
          <Pager page={search.page} pageSize={CATALOGUE_PAGE_SIZE} total={search.data?.total ?? 0} capped={search.data?.capped} shown={books.length} onPage={search.setPage} />
        </div>
      )}
    </div>
  );
}
