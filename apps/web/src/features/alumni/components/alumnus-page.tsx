import { useEffect, useId, useState } from 'react';
import { ArrowLeft, Briefcase, GraduationCap, Mail, MapPin, Pencil, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { FACULTY, hasAnyRole } from '@crs/shared/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DetailPageSkeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useAlumnus } from '../api/get-alumnus';
import type { Alumnus } from '../api/types';
import { degreeWithYear, formatDay, roleAtCompany } from '../format';
import { ALUMNI_TEXT } from '../texts';
import { AlumnusFormDialog } from './alumnus-form-dialog';
import { DeleteAlumniDialog } from './delete-alumni-dialog';
import { MessageDialog } from './message-dialog';
import { ExperienceList, Fact, LinkedinLink, SectionHeading, TagList } from './profile-parts';

type Open = 'none' | 'edit' | 'message' | 'delete';

/**
 * /alumni/{id} (spec section 2): name, degree in specialization (graduation year), role at company,
 * location, LinkedIn, About, Experiences, Tags, and the contact fields the server returned. Faculty
 * get Edit, Message and Delete. A failed load toasts (the server's message or 'Failed to fetch
 * alumnus') and goes back to /alumni.
 */
export function AlumnusPage({ id }: { id: string }) {
  const alumnus = useAlumnus(id);
  const navigate = useNavigate();
  const { user } = useAuth();
  const faculty = hasAnyRole(user?.roles ?? [], FACULTY);
  const [open, setOpen] = useState<Open>('none');
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    if (!alumnus.isError || deleted) return;
    // One toast per failed page, however often the effect runs (a refetch gives a new error object).
    toast.error(serverMessage(alumnus.error) ?? ALUMNI_TEXT.alumnusFailed, { id: `alumnus-load-${id}` });
    void navigate(paths.alumni, { replace: true });
  }, [alumnus.isError, alumnus.error, deleted, navigate, id]);

  const back = (
    <Link to={paths.alumni} className="inline-flex w-fit items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {ALUMNI_TEXT.back}
    </Link>
  );

  if (!alumnus.data) return <DetailPageSkeleton back={back} />;

  const a = alumnus.data;
  const close = (next: boolean) => !next && setOpen('none');
  return (
    <section className="grid min-w-0 gap-6">
      {back}
      <Profile alumnus={a}>
        {faculty ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setOpen('edit')}>
              <Pencil aria-hidden="true" />
              {ALUMNI_TEXT.edit}
            </Button>
            <Button variant="outline" onClick={() => setOpen('message')}>
              <Mail aria-hidden="true" />
              {ALUMNI_TEXT.message}
            </Button>
            <Button variant="destructive" onClick={() => setOpen('delete')}>
              <Trash2 aria-hidden="true" />
              {ALUMNI_TEXT.delete}
            </Button>
          </div>
        ) : null}
      </Profile>
      {faculty ? (
        <>
          <AlumnusFormDialog open={open === 'edit'} alumnus={a} onOpenChange={close} />
          <MessageDialog open={open === 'message'} ids={[a._id]} onOpenChange={close} />
          <DeleteAlumniDialog
            open={open === 'delete'}
            ids={[a._id]}
            onOpenChange={close}
            onDeleted={() => {
              setDeleted(true);
              void navigate(paths.alumni, { replace: true });
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function Profile({ alumnus: a, children }: { alumnus: Alumnus; children: React.ReactNode }) {
  const id = useId();
  const degree = degreeWithYear(a);
  const job = roleAtCompany(a);
  return (
    <>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="grid min-w-0 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-2xl font-semibold tracking-tight">{a.name}</h1>
                {a.visibility === 'private' ? <Badge variant="warning">{ALUMNI_TEXT.privateProfile}</Badge> : null}
              </div>
              {degree ? (
                <p className="flex items-center gap-2 text-muted-foreground" data-testid="alumnus-degree">
                  <GraduationCap aria-hidden="true" className="size-4 shrink-0" />
                  {degree}
                </p>
              ) : null}
              {job ? (
                <p className="flex items-center gap-2" data-testid="alumnus-job">
                  <Briefcase aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                  {job}
                </p>
              ) : null}
              {a.location ? (
                <p className="flex items-center gap-2 text-muted-foreground" data-testid="alumnus-location">
                  <MapPin aria-hidden="true" className="size-4 shrink-0" />
                  {a.location}
                </p>
              ) : null}
            </div>
            {children}
          </div>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Fact label="LinkedIn">
              <LinkedinLink url={a.linkedin} />
            </Fact>
            <Fact label="Department">{a.department}</Fact>
            <Fact label="Batch">{a.batch}</Fact>
            {a.email ? (
              <Fact label="Email">
                <a className="break-all text-primary underline-offset-4 hover:underline" href={`mailto:${a.email}`}>
                  {a.email}
                </a>
              </Fact>
            ) : null}
            {a.phone ? <Fact label="Phone">{a.phone}</Fact> : null}
            {a.enrollmentNo ? <Fact label="Enrollment Number">{a.enrollmentNo}</Fact> : null}
            <Fact label="Added">{formatDay(a.createdAt)}</Fact>
          </dl>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardContent className="grid gap-6 pt-6">
            <section aria-labelledby={`${id}-about`} className="grid gap-2">
              <SectionHeading as="h2" id={`${id}-about`} title={ALUMNI_TEXT.about} />
              <p className="whitespace-pre-line text-sm">{a.about ?? <span className="text-muted-foreground">{ALUMNI_TEXT.notGiven}</span>}</p>
            </section>
            <section aria-labelledby={`${id}-exp`} className="grid gap-2">
              <SectionHeading as="h2" id={`${id}-exp`} title={ALUMNI_TEXT.experiences} count={ALUMNI_TEXT.roleCount(a.experiences.length)} />
              <ExperienceList experiences={a.experiences} />
            </section>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-2 pt-6">
            <section aria-labelledby={`${id}-tags`} className="grid gap-2">
              <SectionHeading as="h2" id={`${id}-tags`} title={ALUMNI_TEXT.tags} count={ALUMNI_TEXT.skillCount(a.tags.length)} />
              <TagList tags={a.tags} label={ALUMNI_TEXT.tags} />
            </section>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
