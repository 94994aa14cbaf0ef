import { useState } from 'react';
import { BookOpen, ClipboardCheck, Plus, Settings2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { BookFormDialog } from '@/features/library/components/book-form-dialog';
import { HoldShelfPanel } from '@/features/library/components/hold-shelf';
import { IssueDesk } from '@/features/library/components/issue-desk';
import { LibraryStats } from '@/features/library/components/library-stats';
import { LoansDesk } from '@/features/library/components/loans-desk';
import { ScanDesk } from '@/features/library/components/scan-desk';
import { displayName, useAuth } from '@/lib/auth';

const linkClass =
  'flex h-10 items-center gap-2 rounded-md border border-input bg-card px-4 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4';

/** The circulation desk: the scanning desk and Issue Book first, live counters, the overdue list (and other loans), catalogue shortcuts. */
export default function LibrarianDashboardRoute() {
  const { user } = useAuth();
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  return (
    <section className="grid gap-6">
      <PageHeader title={`Welcome, ${displayName(user)}`} description="Circulation desk" />
      <LibraryStats />
      <ScanDesk />
      <IssueDesk />
      <Card>
        <CardHeader>
          <CardTitle>Catalogue</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Link to={paths.library} className={linkClass}>
            <BookOpen aria-hidden="true" />
            Search the catalogue
          </Link>
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add New Book
          </Button>
          <Link to={paths.libraryManagement} className={linkClass}>
            <Settings2 aria-hidden="true" />
            Import books and circulation rules
          </Link>
          <Link to={paths.libraryVerifications} className={linkClass}>
            <ClipboardCheck aria-hidden="true" />
            Stock verification
          </Link>
        </CardContent>
      </Card>
      <HoldShelfPanel />
      <LoansDesk initialStatus="overdue" />
      <BookFormDialog open={adding} onOpenChange={setAdding} onSaved={(book) => navigate(paths.libraryBook({ id: book._id }))} />
    </section>
  );
}
