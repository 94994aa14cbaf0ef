import { PageHeader } from '@/components/layout/page';
import { MaterialUploadForm, type SubjectOption } from './material-upload-form';
import { MaterialsList } from './materials-list';
import { MATERIALS_TEXT as T } from '../texts';

/** /dashboard/teacher/research: the upload form, then the teacher's uploads. The subjects come from the page (academics). */
export function MaterialsPage({ subjects, subjectsFailed }: { subjects: readonly SubjectOption[] | undefined; subjectsFailed: boolean }) {
  return (
    <section>
      <PageHeader title={T.title} description={T.description} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <MaterialUploadForm subjects={subjects} subjectsFailed={subjectsFailed} />
        <MaterialsList />
      </div>
    </section>
  );
}
