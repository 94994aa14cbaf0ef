import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { blobErrorMessage } from '@/lib/errors';
import { downloadSectionBatch, useSections } from '../api/transcripts';
import { TRANSCRIPT_TEXT as T } from '../texts';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const TERMS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** The Admin's section batch: every student's transcript, or one semester's grade cards, as one PDF. */
export function SectionBatch() {
  const sections = useSections(true);
  const [sectionId, setSectionId] = useState('');
  const [kind, setKind] = useState<'transcript' | 'gradecard'>('transcript');
  const [term, setTerm] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), section: useId(), kind: useId(), term: useId() };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      toast.success(T.downloaded(await downloadSectionBatch({ sectionId, kind, ...(kind === 'gradecard' ? { termId: term } : {}) })));
    } catch (err) {
      setError((await blobErrorMessage(err)) ?? T.downloadFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card role="region" aria-labelledby={ids.title}>
      <CardHeader>
        <CardTitle id={ids.title}>{T.batchTitle}</CardTitle>
        <CardDescription>{T.batchDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4">
          <FormError message={error} />
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid min-w-0 flex-1 basis-56 gap-2">
              <Label htmlFor={ids.section}>{T.sectionLabel}</Label>
              <select id={ids.section} value={sectionId} onChange={(e) => setSectionId(e.target.value)} className={selectClass}>
                <option value="">{T.chooseSection}</option>
                {(sections.data ?? []).map((s) => (
                  <option key={s._id} value={s._id}>
                    {T.sectionOption(s.name, s.academicYear, s.students)}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid basis-40 gap-2">
              <Label htmlFor={ids.kind}>{T.kindLabel}</Label>
              <select id={ids.kind} value={kind} onChange={(e) => setKind(e.target.value as 'transcript' | 'gradecard')} className={selectClass}>
                <option value="transcript">{T.kindTranscript}</option>
                <option value="gradecard">{T.kindGradeCard}</option>
              </select>
            </div>
            {kind === 'gradecard' ? (
              <div className="grid basis-28 gap-2">
                <Label htmlFor={ids.term}>{T.termLabel}</Label>
                <select id={ids.term} value={term} onChange={(e) => setTerm(Number(e.target.value))} className={selectClass}>
                  {TERMS.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <Button type="submit" disabled={!sectionId || busy}>
              {busy ? T.downloading : T.batchButton}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
