import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import type { Alumnus } from '../api/types';
import { degreeLine, formatDay } from '../format';
import { ALUMNI_TEXT } from '../texts';
import { ExperienceList, Fact, LinkedinLink, SectionHeading, TagList } from './profile-parts';

/**
 * The list's detail dialog (spec section 2): every field, About, Professional Experience with its
 * role count, Skills & Expertise with its skill count, and Additional Information when the profile
 * is private or has a creation date. Contact fields the server withheld (a Student and a non-public
 * profile) read '—'.
 */
export function AlumnusDetailDialog({ alumnus, onOpenChange }: { alumnus: Alumnus | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={alumnus !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">{alumnus ? <DetailBody alumnus={alumnus} /> : null}</DialogContent>
    </Dialog>
  );
}

function DetailBody({ alumnus: a }: { alumnus: Alumnus }) {
  const id = useId();
  const degree = degreeLine(a);
  const hasExtra = a.visibility === 'private' || Boolean(a.createdAt);
  return (
    <div className="grid min-w-0 gap-5">
      <div>
        <DialogTitle>{a.name}</DialogTitle>
        <DialogDescription>{degree ?? ALUMNI_TEXT.notGiven}</DialogDescription>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Department">{a.department}</Fact>
        <Fact label="Batch">{a.batch}</Fact>
        <Fact label="Email">{a.email ? <a className="break-all text-primary underline-offset-4 hover:underline" href={`mailto:${a.email}`}>{a.email}</a> : null}</Fact>
        <Fact label="Phone">{a.phone}</Fact>
        <Fact label="Enrollment Number">{a.enrollmentNo}</Fact>
        <Fact label="Graduation Year">{a.graduationYear}</Fact>
        <Fact label="Current Role">{a.currentRole}</Fact>
        <Fact label="Current Company">{a.currentCompany}</Fact>
        <Fact label="Location">{a.location}</Fact>
        <Fact label="LinkedIn">
          <LinkedinLink url={a.linkedin} />
        </Fact>
      </dl>
      {a.about ? (
        <section aria-labelledby={`${id}-about`} className="grid gap-2">
          <SectionHeading id={`${id}-about`} title={ALUMNI_TEXT.about} />
          <p className="whitespace-pre-line text-sm">{a.about}</p>
        </section>
      ) : null}
      <section aria-labelledby={`${id}-exp`} className="grid gap-2">
        <SectionHeading id={`${id}-exp`} title={ALUMNI_TEXT.experience} count={ALUMNI_TEXT.roleCount(a.experiences.length)} />
        <ExperienceList experiences={a.experiences} />
      </section>
      <section aria-labelledby={`${id}-skills`} className="grid gap-2">
        <SectionHeading id={`${id}-skills`} title={ALUMNI_TEXT.skills} count={ALUMNI_TEXT.skillCount(a.tags.length)} />
        <TagList tags={a.tags} label={ALUMNI_TEXT.skills} />
      </section>
      {hasExtra ? (
        <section aria-labelledby={`${id}-extra`} className="grid gap-2">
          <SectionHeading id={`${id}-extra`} title={ALUMNI_TEXT.additional} />
          {a.visibility === 'private' ? (
            <p className="text-sm">
              <Badge variant="warning">{ALUMNI_TEXT.privateProfile}</Badge>
            </p>
          ) : null}
          {a.createdAt ? <p className="text-sm text-muted-foreground">{ALUMNI_TEXT.addedOn(formatDay(a.createdAt))}</p> : null}
        </section>
      ) : null}
      <Link to={paths.alumniDetail({ id: a._id })} className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline">
        {ALUMNI_TEXT.openPage}
      </Link>
    </div>
  );
}
