import { useId, useState } from 'react';
import { BLOOD_GROUPS, type IdCard } from '@crs/shared/schemas/idcards';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ACTION_FAILED, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/form-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { useGenerateCard, useGenerateSection, useRevokeCard, useSectionChoices } from '../api/idcards';
import { IDCARD_TEXT } from '../texts';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The Admin's ID card desk (on the Documents page): generate for a section or one student, revoke. */
export function IdCardsPanel() {
  const sections = useSectionChoices();
  const [sectionId, setSectionId] = useState('');
  const [student, setStudent] = useState('');
  const [bloodGroup, setBloodGroup] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<IdCard | null>(null);
  const [revoking, setRevoking] = useState(false);
  const generateSection = useGenerateSection();
  const generateOne = useGenerateCard();
  const revoke = useRevokeCard();
  const sectionField = useId();
  const studentField = useId();
  const bloodField = useId();
  const validField = useId();
  const busy = generateSection.isPending || generateOne.isPending || revoke.isPending;

  async function run<T>(work: () => Promise<T>, done: (answer: T) => void) {
    setError(null);
    try {
      done(await work());
    } catch (e) {
      setError(serverMessage(e) ?? ACTION_FAILED);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{IDCARD_TEXT.panelTitle}</CardTitle>
        <CardDescription>{IDCARD_TEXT.panelDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <FormError message={error} />
        <div className="grid gap-2 sm:max-w-xs">
          <Label htmlFor={validField}>{IDCARD_TEXT.validUntilLabel}</Label>
          <Input id={validField} type="date" value={validUntil} onChange={(e) => setValidUntil(e.target.value)} aria-describedby={`${validField}-hint`} />
          <p id={`${validField}-hint`} className="text-xs text-muted-foreground">
            {IDCARD_TEXT.validUntilHint}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-0 flex-1 basis-56 gap-2">
            <Label htmlFor={sectionField}>{IDCARD_TEXT.sectionLabel}</Label>
            <select id={sectionField} value={sectionId} onChange={(e) => setSectionId(e.target.value)} className={selectClass}>
              <option value="">{IDCARD_TEXT.chooseSection}</option>
              {(sections.data ?? []).map((s) => (
                <option key={s._id} value={s._id}>
                  {IDCARD_TEXT.sectionOption(s.name, s.academicYear, s.students)}
                </option>
              ))}
            </select>
          </div>
          <Button
            disabled={!sectionId || busy}
            onClick={() =>
              run(
                () => generateSection.mutateAsync({ sectionId, validUntil }),
                (a) => {
                  toast.success(a.message);
                  setLast(a.cards[0] ?? null);
                },
              )
            }
          >
            {generateSection.isPending ? IDCARD_TEXT.generating : IDCARD_TEXT.generateSection}
          </Button>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-0 flex-1 basis-56 gap-2">
            <Label htmlFor={studentField}>{IDCARD_TEXT.studentLabel}</Label>
            <Input id={studentField} value={student} onChange={(e) => setStudent(e.target.value)} placeholder={IDCARD_TEXT.lookupPlaceholder} maxLength={60} />
          </div>
          <div className="grid basis-40 gap-2">
            <Label htmlFor={bloodField}>{IDCARD_TEXT.bloodGroupLabel}</Label>
            <select id={bloodField} value={bloodGroup} onChange={(e) => setBloodGroup(e.target.value)} className={selectClass}>
              <option value="">{IDCARD_TEXT.bloodGroupKeep}</option>
              {BLOOD_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </div>
          <Button
            disabled={!student.trim() || busy}
            onClick={() =>
              run(
                () => generateOne.mutateAsync({ student: student.trim(), bloodGroup, validUntil }),
                (a) => {
                  toast.success(a.message);
                  setLast(a.card);
                },
              )
            }
          >
            {generateOne.isPending ? IDCARD_TEXT.generating : IDCARD_TEXT.generateOne}
          </Button>
          <Button variant="outline" disabled={!student.trim() || busy} onClick={() => setRevoking(true)}>
            {IDCARD_TEXT.revoke}
          </Button>
        </div>
        {last ? (
          <p className="text-sm">
            {IDCARD_TEXT.lastCard(`${last.name}${last.rollNo ? ` (${last.rollNo})` : ''}`)} ·{' '}
            <a href={last.url} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
              {IDCARD_TEXT.viewCard}
            </a>
          </p>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={revoking}
        onOpenChange={setRevoking}
        title={IDCARD_TEXT.revokeTitle}
        description={IDCARD_TEXT.revokeText(student.trim())}
        confirmLabel={IDCARD_TEXT.revoke}
        destructive
        onConfirm={async () => {
          const a = await revoke.mutateAsync(student.trim());
          toast.success(a.message);
          setLast(null);
        }}
      />
    </Card>
  );
}
