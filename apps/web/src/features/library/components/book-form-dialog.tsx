import { FormActions } from '@/components/ui/form-actions';
import { FormError } from '@/components/ui/form-error';
import { FormDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/lib/toast';
import { useCreateBook } from '../api/create-book';
import type { Book } from '../api/types';
import { useUpdateBook } from '../api/update-book';
import { bookFormDefaults, bookFormSchema, type BookFormOutput, type BookFormValues } from '../book-form';
import { LIBRARY_TEXT } from '../texts';
import { useServerForm } from '@/lib/use-server-form';

const FIELDS: { name: keyof BookFormValues; label: string; hint?: string; type?: string; inputMode?: 'numeric' }[] = [
  { name: 'title', label: 'Title' },
  { name: 'authors', label: 'Authors', hint: 'Separate several with commas' },
  { name: 'subjects', label: 'Subjects', hint: 'Separate several with commas' },
  { name: 'publisher', label: 'Publisher' },
  { name: 'year', label: 'Year Published', inputMode: 'numeric' },
  { name: 'isbn', label: 'ISBN' },
  { name: 'tags', label: 'Tags', hint: 'Separate several with commas' },
  { name: 'copiesTotal', label: 'Total Copies', inputMode: 'numeric' },
];

/** Server codes that belong to one field. */
const CODE_FIELD: Record<string, keyof BookFormValues> = { ISBN_TAKEN: 'isbn', COPIES_ON_LOAN: 'copiesTotal' };

/**
 * Add New Book (no `book`) or Edit Book: validated with the shared field rules on submit and on
 * change; the server's own refusals (ISBN check digit, duplicate ISBN, copies on loan) appear on
 * their field.
 */
export function BookFormDialog({ open, onOpenChange, book, onSaved }: { open: boolean; onOpenChange: (open: boolean) => void; book?: Book; onSaved?: (book: Book) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={book ? LIBRARY_TEXT.editBook : LIBRARY_TEXT.addBook}
      description={book ? 'Change the catalogue record of this book.' : 'Add a book to the catalogue. Every copy starts available.'}
    >
      {(close) => <BookForm book={book} onDone={(saved) => { close(); onSaved?.(saved); }} onCancel={close} />}
    </FormDialog>
  );
}

function BookForm({ book, onDone, onCancel }: { book: Book | undefined; onDone: (book: Book) => void; onCancel: () => void }) {
  const create = useCreateBook();
  const update = useUpdateBook();
  const {
    register,
    onSubmit,
    formError,
    formState: { errors, isSubmitting },
  } = useServerForm<BookFormValues, BookFormOutput>({
    schema: bookFormSchema,
    defaultValues: bookFormDefaults(book),
    fields: FIELDS.map((f) => f.name),
    fallback: LIBRARY_TEXT.actionFailed,
    codeFields: CODE_FIELD,
    submit: async (values) => {
      const { message, book: saved } = book ? await update.mutateAsync({ id: book._id, patch: values }) : await create.mutateAsync(values);
      toast.success(message);
      onDone(saved);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.name} className={f.name === 'title' || f.name === 'authors' ? 'sm:col-span-2' : undefined}>
            <FormField label={f.label} error={errors[f.name]?.message}>
              {(a) => <Input {...a} {...register(f.name)} inputMode={f.inputMode} placeholder={f.hint} />}
            </FormField>
          </div>
        ))}
      </div>
      <FormError message={formError} />
      <FormActions onCancel={onCancel} busy={isSubmitting} submitLabel={book ? 'Save Changes' : 'Add Book'} busyLabel={LIBRARY_TEXT.updating} />
    </form>
  );
}
