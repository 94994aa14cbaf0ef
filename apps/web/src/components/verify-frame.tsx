import type { ReactNode } from 'react';
import { ShieldX } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import type { PublicGetState } from '@/lib/public-get';

/**
 * The frame of a public verification page a QR code opens (an ID card's, a transcript's): one card
 * with its title, "checking…" while the answer is on its way, the failure text, then the verdict.
 */
export function VerifyFrame<T>({ title, result, checking, failed, children }: { title: string; result: PublicGetState<T>; checking: string; failed: string; children: (data: T) => ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
        <h1 className="mb-4 text-center text-xl font-semibold">{title}</h1>
        <QueryState
          query={result}
          error={failed}
          loading={
            <p className="flex items-center justify-center gap-2 text-muted-foreground" role="status">
              <Spinner />
              {checking}
            </p>
          }
        >
          {children}
        </QueryState>
      </div>
    </main>
  );
}

/** The verdict for a document that does not verify: nothing about it is shown, only what to do. */
export function VerifyInvalid({ title, help }: { title: string; help: string }) {
  return (
    <div className="grid justify-items-center gap-2 text-center" role="status">
      <ShieldX aria-hidden="true" className="size-12 text-destructive" />
      <p className="text-lg font-semibold text-destructive">{title}</p>
      <p className="text-sm text-muted-foreground">{help}</p>
    </div>
  );
}
