import type { ReactNode } from 'react';
import { InstitutionName } from '@/components/layout/institution';
import { MAIN_ID, SkipLink } from '@/components/layout/skip-link';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { usePublicSettingsOnce } from '@/lib/institution';

/** The frame of every auth screen: product name, a card with the form, and the theme toggle. */
export function AuthLayout({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const institution = usePublicSettingsOnce();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="flex items-center justify-between px-4 py-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-semibold">
            <span className="rounded-md bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">CRS</span>
            College Resource System
          </p>
          <InstitutionName settings={institution} withLogo className="mt-1 flex items-center gap-2 truncate text-sm text-muted-foreground" />
        </div>
        <ThemeToggle />
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 items-center justify-center px-4 pb-12 outline-none">
        <Card className="w-full max-w-md">
          <CardHeader>
            <h1 className="text-2xl font-semibold">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
