import { Download, FileText } from 'lucide-react';
import { EmptyState, FormError } from '@/components/ui/form-error';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '@/lib/errors';
import { isNoCard, useIdCard } from '../api/idcards';
import { formatDate } from '@/lib/format-date';
import { IDCARD_TEXT } from '../texts';

const buttonClass =
  'inline-flex h-10 items-center gap-2 rounded-md px-4 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 [&_svg]:size-4';

/** A student's card (spec): the image as a link, a download button, or 'ID card not generated yet. Contact admin.' */
export function IdCardView({ student, name }: { student: string; name: string }) {
  const card = useIdCard(student);
  if (card.isPending) return <Skeleton className="aspect-[1011/638] w-full max-w-xl" />;
  if (card.isError) return isNoCard(card.error) ? (
      <EmptyState className="text-base">{IDCARD_TEXT.notGenerated}</EmptyState>
    ) : (
      <FormError message={serverMessage(card.error) ?? IDCARD_TEXT.loadFailed} />
    );
  const { url, pdfUrl, validUntil } = card.data;
  return (
    <div className="grid max-w-xl gap-4">
      <a href={url} target="_blank" rel="noopener noreferrer" title={IDCARD_TEXT.openImage} className="block rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <img src={url} alt={IDCARD_TEXT.imageAlt(name)} width={1011} height={638} className="h-auto w-full rounded-xl border shadow-sm" />
      </a>
      <p className="text-sm text-muted-foreground">{IDCARD_TEXT.validUntil(formatDate(validUntil))}</p>
      <div className="flex flex-wrap gap-2">
        <a href={`${url}&download=1`} download className={`${buttonClass} bg-primary text-primary-foreground hover:bg-primary/90`}>
          <Download aria-hidden="true" />
          {IDCARD_TEXT.download}
        </a>
        <a href={`${pdfUrl}&download=1`} download className={`${buttonClass} border border-input bg-card hover:bg-accent hover:text-accent-foreground`}>
          <FileText aria-hidden="true" />
          {IDCARD_TEXT.downloadPdf}
        </a>
      </div>
    </div>
  );
}
