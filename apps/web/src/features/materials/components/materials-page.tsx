import { PageHeader } from '@/components/layout/page';
import { MaterialUploadForm, type SubjectOption } from './material-upload-form';
import { MaterialsList } from './materials-list';
import { MATERIALS_TEXT as T } from '../texts';

/** /dashboard/teacher/research: the upload form, then the teacher's uploads. The subjects come from the page (academics). */
export function MaterialsPage({ subjects, subjectsFailed }: { subjects: readonly SubjectOption[] | undefined; subjectsFailed: boolean }) {
  return (
    <section>
      <PageHeader title={T.title} description={T.description} />
      <div className="grid gap-6">
        <div className="max-w-2xl">
          <MaterialUploadForm subjects={subjects} subjectsFailed={subjectsFailed} />
        </div>
        <MaterialsList />
      </div>
    </section>
  );
}
