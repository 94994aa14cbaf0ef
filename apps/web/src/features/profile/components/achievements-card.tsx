import { useState } from 'react';
import { PROFILE_MSG } from '@crs/shared/messages/profile';
import { achievementInput, ACHIEVEMENT_YEAR_MIN, achievementYearMax } from '@crs/shared/schemas/profile';
import type { Achievement, AchievementInput } from '@crs/shared/schemas/profile';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DeleteDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/toast';
import { useServerForm } from '@/lib/use-server-form';
import { useAchievements, useDeleteAchievement, useSaveAchievement } from '../api/achievements';
import { PROFILE_TEXT } from '../texts';

type Editing = { mode: 'add' } | { mode: 'edit'; achievement: Achievement } | null;

/** The caller's achievements, newest year first, added, changed and removed in place. */
export function AchievementsCard() {
  const achievements = useAchievements();
  const remove = useDeleteAchievement();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Achievement | null>(null);

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>{PROFILE_TEXT.achievementsTitle}</CardTitle>
          <CardDescription>{PROFILE_TEXT.achievementsDescription}</CardDescription>
        </div>
        <Button type="button" onClick={() => setEditing({ mode: 'add' })}>
          {PROFILE_TEXT.addAchievement}
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState query={achievements} error={PROFILE_TEXT.loadFailed} skeletons={['h-14', 'h-14']} empty={PROFILE_TEXT.noAchievements}>
          {(list) => (
            <ul className="divide-y" aria-label={PROFILE_TEXT.achievementsTitle}>
              {list.map((a) => (
                <li key={a._id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium break-words">
                      {a.title} <span className="text-sm font-normal text-muted-foreground">· {a.year}</span>
                    </p>
                    {a.description ? <p className="mt-1 text-sm break-words text-muted-foreground">{a.description}</p> : null}
                  </div>
                  <div className="flex gap-1">
                    <Button type="button" size="sm" variant="outline" aria-label={`${PROFILE_TEXT.edit} ${a.title}`} onClick={() => setEditing({ mode: 'edit', achievement: a })}>
                      {PROFILE_TEXT.edit}
                    </Button>
                    <Button type="button" size="sm" variant="ghost" aria-label={`${PROFILE_TEXT.delete} ${a.title}`} onClick={() => setDeleting(a)}>
                      {PROFILE_TEXT.delete}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>

      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.mode === 'edit' ? PROFILE_TEXT.editAchievement : PROFILE_TEXT.addAchievement}
        description={PROFILE_TEXT.achievementsDescription}
      >
        {(close) => <AchievementForm achievement={editing?.mode === 'edit' ? editing.achievement : undefined} onDone={close} />}
      </FormDialog>

      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove.mutateAsync}
        title={PROFILE_TEXT.deleteAchievement}
        description={(a) => PROFILE_TEXT.deleteAchievementText(a.title)}
        confirmLabel={PROFILE_TEXT.delete}
        busyLabel={PROFILE_TEXT.deleting}
      />
    </Card>
  );
}

type FormValues = z.input<typeof achievementInput>;

function AchievementForm({ achievement, onDone }: { achievement: Achievement | undefined; onDone: () => void }) {
  const save = useSaveAchievement();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<FormValues, AchievementInput>({
    schema: achievementInput,
    defaultValues: { title: achievement?.title ?? '', year: achievement?.year ?? new Date().getFullYear(), description: achievement?.description ?? '' },
    fields: ['title', 'year', 'description'],
    fallback: PROFILE_MSG.profileUpdateFailed,
    submit: async (input) => {
      const { message } = await save.mutateAsync({ id: achievement?._id, input });
      toast.success(message);
      onDone();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField label={PROFILE_TEXT.title_} error={errors.title?.message}>
        {(a) => <Input {...a} {...register('title')} placeholder="Best Teacher Award, 2024" />}
      </FormField>
      <FormField label={PROFILE_TEXT.year} error={errors.year?.message}>
        {(a) => <Input {...a} {...register('year', { valueAsNumber: true })} type="number" inputMode="numeric" min={ACHIEVEMENT_YEAR_MIN} max={achievementYearMax()} />}
      </FormField>
      <FormField label={PROFILE_TEXT.achievementDescription} error={errors.description?.message}>
        {(a) => <Textarea {...a} {...register('description')} rows={3} />}
      </FormField>
      <FormError message={formError} />
      <FormActions onCancel={onDone} busy={isSubmitting} submitLabel={PROFILE_TEXT.saveAchievement} busyLabel={PROFILE_TEXT.saving} />
    </form>
  );
}
