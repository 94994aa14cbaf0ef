import { useId, useState, type FormEvent } from 'react';
import { PageHeader } from '@/components/layout/page';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { displayName, useAuth } from '@/lib/auth';
import { IDCARD_TEXT } from '../texts';
import { IdCardView } from './idcard-view';

/**
 * /dashboard/student/idcard: a Student sees their own card. Teacher, Admin and SuperAdmin (whom the
 * spec's table admits too) open any student's card by student ID.
 */
export function IdCardPage() {
  const { user } = useAuth();
  const isStudent = user?.roles.includes('Student') ?? false;
  return (
    <section>
      <PageHeader title={IDCARD_TEXT.title} description={isStudent ? IDCARD_TEXT.description : IDCARD_TEXT.lookupDescription} />
      {isStudent && user ? <IdCardView student={user._id} name={displayName(user)} /> : <CardLookup />}
    </section>
  );
}

function CardLookup() {
  const [text, setText] = useState('');
  const [student, setStudent] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setStudent(text.trim());
  };
  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="flex max-w-md flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-1 gap-2">
          <Label htmlFor={id}>{IDCARD_TEXT.lookupLabel}</Label>
          <Input id={id} value={text} onChange={(e) => setText(e.target.value)} placeholder={IDCARD_TEXT.lookupPlaceholder} maxLength={60} />
        </div>
        <Button type="submit" disabled={!text.trim()}>
          {IDCARD_TEXT.lookupButton}
        </Button>
      </form>
      {student ? <IdCardView key={student} student={student} name={student} /> : null}
    </div>
  );
}
