import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { RegionCard } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/lib/toast';
import { blobErrorMessage } from '@/lib/errors';
import { downloadDocument, useTranscript } from '../api/transcripts';
import { TRANSCRIPT_TEXT as T } from '../texts';

/**
 * "Download grade card" per published term and "Download transcript" for one student (account id
 * or student ID): the student's own on their Results page, any student's on the Admin's view of a
 * student. Each download issues a new verifiable PDF (decision 0044).
 */
export function TranscriptDownloads({ student, own = true }: { student: string; own?: boolean }) {
  const doc = useTranscript(student);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(key: string, term?: number) {
    setError(null);
    setBusy(key);
    try {
      toast.success(T.downloaded(await downloadDocument(student, term)));
    } catch (e) {
      setError((await blobErrorMessage(e)) ?? T.downloadFailed);
    } finally {
      setBusy(null);
    }
  }

  return (
    <RegionCard title={T.title} description={own ? T.description : T.studentDescription} contentClassName="grid gap-3">
      <FormError message={error} />
      <QueryState query={doc} error={T.loadFailed} isEmpty={(d) => d === null} empty={T.nothing} skeletons={['h-10']}>
        {(d) => (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void download('transcript')} disabled={busy !== null}>
              <FileText aria-hidden="true" />
              {busy === 'transcript' ? T.downloading : T.transcript}
            </Button>
            {d!.terms.map((t) => (
              <Button key={t.term} variant="outline" onClick={() => void download(`term-${t.term}`, t.term)} disabled={busy !== null}>
                <Download aria-hidden="true" />
                {busy === `term-${t.term}` ? T.downloading : T.gradeCard(t.term)}
              </Button>
            ))}
          </div>
        )}
      </QueryState>
    </RegionCard>
  );
}
