import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The 403 screen: shown by /forbidden, /unauthorized and by a guard on a role mismatch. */
export function AccessDenied({ standalone = false }: { standalone?: boolean }) {
  const Wrapper = standalone ? 'main' : 'section';
  return (
    <Wrapper className={standalone ? 'flex min-h-screen items-center justify-center p-6' : 'flex justify-center py-16'}>
      <div className="max-w-md text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto mb-4 size-12 text-destructive" />
        <h1 className="text-2xl font-semibold">Access denied</h1>
        <p className="mt-2 text-muted-foreground">You don&apos;t have permission to access this page.</p>
        <Button asChild className="mt-6">
          <Link to={paths.home}>Go to Home</Link>
        </Button>
      </div>
    </Wrapper>
  );
}
