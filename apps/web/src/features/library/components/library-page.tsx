import { useState } from 'react';
import { Info, Plus } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { hasAnyRole, LIBRARY_STAFF } from '@crs/shared/roles';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { Authorization } from '@/lib/authorization';
import { useAuth } from '@/lib/auth';
import { LIBRARY_TEXT } from '../texts';
import { BookFormDialog } from './book-form-dialog';
import { CatalogueSearch } from './catalogue-search';
import { LibraryManagement } from './library-management';
import { MyLoans } from './my-loans';

const TABS = ['search', 'loans', 'management'] as const;
type Tab = (typeof TABS)[number];

/** The teachers' note (spec section 2: the help card), shown to Teachers only: it speaks of their borrowing. */
export function TeacherHelpCard() {
  return (
    <Card className="flex items-start gap-3 border-primary/30 bg-accent/30 p-4 text-sm" role="note">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
      <p>{LIBRARY_TEXT.teacherHelp}</p>
    </Card>
  );
}

/**
 * /library: Search Books, My Loans and — for Librarian, Admin and SuperAdmin only — the Management tab
 * and 'Add New Book'. Management content is not rendered for anyone else (product.md section 2 fixes
 * the spec, which rendered it for Teachers behind a hidden trigger). The tab is kept in ?tab=.
 */
export function LibraryPage() {
  const { user } = useAuth();
  const isDesk = hasAnyRole(user?.roles ?? [], LIBRARY_STAFF);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) && (requested !== 'management' || isDesk) ? requested : 'search';
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();

  return (
    <section className="grid gap-4">
      <PageHeader title={LIBRARY_TEXT.title} description="Search the catalogue and follow your loans.">
        <Authorization roles={LIBRARY_STAFF}>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {LIBRARY_TEXT.addBook}
          </Button>
        </Authorization>
      </PageHeader>
      {hasAnyRole(user?.roles ?? [], ['Teacher']) ? <TeacherHelpCard /> : null}
      <Tabs value={tab} onValueChange={(v) => setParams(v === 'search' ? {} : { tab: v }, { replace: true })}>
        <TabsList>
          <TabsTrigger value="search">{LIBRARY_TEXT.tabSearch}</TabsTrigger>
          <TabsTrigger value="loans">{LIBRARY_TEXT.tabLoans}</TabsTrigger>
          {isDesk ? <TabsTrigger value="management">{LIBRARY_TEXT.tabManagement}</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="search">
          <CatalogueSearch />
        </TabsContent>
        <TabsContent value="loans">
          <MyLoans />
        </TabsContent>
        {isDesk ? (
          <TabsContent value="management">
            <LibraryManagement />
          </TabsContent>
        ) : null}
      </Tabs>
      {isDesk ? <BookFormDialog open={adding} onOpenChange={setAdding} onSaved={(book) => navigate(paths.libraryBook({ id: book._id }))} /> : null}
    </section>
  );
}
