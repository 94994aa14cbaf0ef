import { Fragment, type ReactNode } from 'react';
import { BadgeCheck, ShieldX, TimerOff } from 'lucide-react';
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

/** One line of a live document's verdict: what it is, its value and (a number) its look. */
export type VerifyFact = { term: string; value: ReactNode; className?: string };

/**
 * The verdict for a live document: valid (or, with `expired`, out of date), an optional photo, and
 * the few facts the QR code may tell — nothing else.
 */
export function VerifyValid({ label, expired = false, photo, facts }: { label: string; expired?: boolean; photo?: ReactNode; facts: readonly VerifyFact[] }) {
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <div role="status" className="grid justify-items-center gap-1">
        {expired ? <TimerOff aria-hidden="true" className="size-12 text-amber-700 dark:text-amber-300" /> : <BadgeCheck aria-hidden="true" className="size-12 text-green-700 dark:text-green-400" />}
        <p className={`text-lg font-semibold ${expired ? 'text-amber-900 dark:text-amber-200' : 'text-green-800 dark:text-green-300'}`}>{label}</p>
      </div>
      {photo}
      <dl className="grid w-full grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-left text-sm">
        {facts.map((f) => (
          <Fragment key={f.term}>
            <dt className="text-muted-foreground">{f.term}</dt>
            <dd className={f.className ? `font-medium ${f.className}` : 'font-medium'}>{f.value}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}
