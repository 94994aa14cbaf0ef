import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="text-center">
        <p className="text-5xl font-bold text-muted-foreground" aria-hidden="true">
          404
        </p>
        <h1 className="mt-2 text-2xl font-semibold">Page not found</h1>
        <Button asChild className="mt-6">
          <Link to={paths.dashboard}>Go to Dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
