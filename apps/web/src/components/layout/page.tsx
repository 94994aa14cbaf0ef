import type { ReactNode } from 'react';

/** A page's heading block inside the frame. */
export function PageHeader({ title, description, children }: { title: ReactNode; description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** An honest note for a widget or page whose data arrives with a later module (no sample data). */
export function ModuleNotice({ module, children }: { module: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
      {children ?? <>This will be available when the {module} module lands.</>}
    </div>
  );
}

/** A guarded page that a later issue fills: its title and an honest "coming with the X module" state. */
export function ComingSoonPage({ title, module }: { title: string; module: string }) {
  return (
    <section>
      <PageHeader title={title} />
      <ModuleNotice module={module}>This page is coming with the {module} module.</ModuleNotice>
    </section>
  );
}
