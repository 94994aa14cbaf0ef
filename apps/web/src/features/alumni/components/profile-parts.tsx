import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { Alumnus } from '../api/types';
import { dateRange } from '../format';
import { ALUMNI_TEXT } from '../texts';

/** A LinkedIn link (new tab), or 'No LinkedIn profile'. */
export function LinkedinLink({ url }: { url: string | null }) {
  if (!url) return <span className="text-muted-foreground">{ALUMNI_TEXT.noLinkedin}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline-offset-4 hover:underline">
      {url}
    </a>
  );
}

/** One labelled fact in a definition list; a missing value reads '—'. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children ?? ALUMNI_TEXT.notGiven}</dd>
    </div>
  );
}

/** A section heading with a count badge ('Professional Experience' · '3 roles'). */
export function SectionHeading({ id, title, count, as: Tag = 'h3' }: { id: string; title: string; count?: string; as?: 'h2' | 'h3' }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Tag id={id} className="text-base font-semibold">
        {title}
      </Tag>
      {count ? <Badge variant="outline">{count}</Badge> : null}
    </div>
  );
}

/** The experiences, each with its date range ('N/A' for a missing date) and a 'Current Position' badge. */
export function ExperienceList({ experiences }: { experiences: Alumnus['experiences'] }) {
  if (experiences.length === 0) return <p className="text-sm text-muted-foreground">{ALUMNI_TEXT.noExperience}</p>;
  return (
    <ol className="grid gap-3" aria-label={ALUMNI_TEXT.experience}>
      {experiences.map((e, i) => (
        <li key={i} className="rounded-md border p-3" data-testid="experience">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium">{[e.role, e.company].filter(Boolean).join(' · ') || ALUMNI_TEXT.notAvailable}</p>
            {e.currentlyWorking ? <Badge variant="success">{ALUMNI_TEXT.currentPosition}</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground" data-testid="experience-dates">
            {dateRange(e)}
          </p>
          {e.description ? <p className="mt-1 whitespace-pre-line text-sm">{e.description}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** Tags as badges, or a note that there are none. */
export function TagList({ tags, label }: { tags: readonly string[]; label: string }) {
  if (tags.length === 0) return <p className="text-sm text-muted-foreground">{ALUMNI_TEXT.noTags}</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {tags.map((t) => (
        <li key={t}>
          <Badge>{t}</Badge>
        </li>
      ))}
    </ul>
  );
}
