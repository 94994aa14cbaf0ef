import { Link } from 'react-router';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="text-center">
        <p className="text-5xl font-bold text-muted-foreground" aria-hidden="true">
          404
        </p>
        <h1 className="mt-2 text-2xl font-semibold">Page not found</h1>
        <Link
          to={paths.dashboard}
          className="mt-6 inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        >
          Go to Dashboard
        </Link>
      </div>
    </main>
  );
}
