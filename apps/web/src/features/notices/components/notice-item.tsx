import { useId, useState } from 'react';
import { ChevronDown, Paperclip, Pin } from 'lucide-react';
import type { Notice } from '@crs/shared/schemas/notices';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { NOTICES_TEXT } from '../texts';
import { formatDate } from '@/lib/format-date';

/** Styles for the server-rendered Markdown (paragraphs, lists, links, code, quotes, headings). */
export const MARKDOWN_CLASSES =
  'text-sm leading-relaxed break-words [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-5';

/**
 * One notice: title, badges and date always; the body (Markdown rendered on the server with raw HTML
 * off, so it is inserted as is) and the attachment once opened. Opening an unread notice marks it read.
 */
export function NoticeItem({ notice, onOpen, headingLevel = 2, actions }: { notice: Notice; onOpen?: (n: Notice) => void; headingLevel?: 2 | 3; actions?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next) onOpen?.(notice);
  };
  return (
    <article id={`notice-${notice._id}`} className={cn('rounded-md border p-4', notice.unread && 'border-l-4 border-l-primary bg-accent/40')} aria-label={notice.title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <Heading className={cn('text-base break-words', notice.unread ? 'font-semibold' : 'font-medium')}>{notice.title}</Heading>
          <p className="mt-1 text-xs text-muted-foreground">
            {NOTICES_TEXT.postedBy(notice.author, formatDate(notice.createdAt))}
            {notice.expiresOn ? ` · ${NOTICES_TEXT.until(formatDate(notice.expiresOn))}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {notice.pinned ? (
            <Badge variant="outline">
              <Pin aria-hidden="true" className="mr-1 size-3" />
              {NOTICES_TEXT.pinned}
            </Badge>
          ) : null}
          {notice.unread ? <Badge variant="default">{NOTICES_TEXT.new}</Badge> : null}
          {notice.expired ? <Badge variant="warning">{NOTICES_TEXT.expired}</Badge> : null}
          {notice.attachment ? <Paperclip aria-label={NOTICES_TEXT.attachment} className="size-4 text-muted-foreground" /> : null}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" variant="outline" aria-expanded={open} aria-controls={bodyId} aria-label={open ? NOTICES_TEXT.close(notice.title) : NOTICES_TEXT.open(notice.title)} onClick={toggle}>
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
          {open ? NOTICES_TEXT.closeButton : NOTICES_TEXT.openButton}
        </Button>
        {actions}
      </div>
      <div id={bodyId} hidden={!open}>
        {open ? (
          <>
            {/* Rendered on the server with raw HTML off and unsafe links dropped (lib/markdown.ts). */}
            <div className={cn('mt-3', MARKDOWN_CLASSES)} dangerouslySetInnerHTML={{ __html: notice.bodyHtml }} />
            {notice.attachment ? (
              <p className="mt-3 text-sm">
                <a href={notice.attachment.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline">
                  <Paperclip aria-hidden="true" className="size-4" />
                  {NOTICES_TEXT.attachment}: {notice.attachment.filename}
                </a>
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </article>
  );
}
