import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { MyLoans } from '@/features/library/components/my-loans';

/** /dashboard/student/library: the student's loans and fines, with a way to the catalogue. */
export default function StudentLibraryRoute() {
  return (
    <section className="grid gap-4">
      <PageHeader title="Library" description="Your loans and fines.">
        <Link
          to={paths.library}
          className="inline-flex h-10 items-center rounded-md border border-input bg-card px-4 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Search the catalogue
        </Link>
      </PageHeader>
      <MyLoans />
    </section>
  );
}
