import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CalendarItem } from '@crs/shared/schemas/calendar';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { CALENDAR_TEXT as T, ITEM_TYPE_LABELS } from '../texts';
import { TYPE_STYLE, whenText } from './item-visual';

/** One item's detail: its type (icon and word), when, the detail line, a link to its page; `actions` for an entry the caller may change. */
export function ItemDialog({ item, onClose, actions }: { item: CalendarItem | null; onClose: () => void; actions?: ReactNode }) {
  const Icon = item ? TYPE_STYLE[item.type].icon : null;
  return (
    <Dialog open={item !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        {item && Icon ? (
          <>
            <DialogTitle>{item.title}</DialogTitle>
            <DialogDescription className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-4" />
              {ITEM_TYPE_LABELS[item.type]}
            </DialogDescription>
            <dl className="grid gap-2 text-sm">
              <div>
                <dt className="font-medium">{T.when}</dt>
                <dd>{whenText(item)}</dd>
              </div>
              {item.detail ? (
                <div>
                  <dt className="font-medium">{T.detail}</dt>
                  <dd className="break-words">{item.detail}</dd>
                </div>
              ) : null}
            </dl>
            {item.link || actions ? (
              <div className="flex flex-wrap items-center gap-2">
                {item.link ? (
                  <Link to={item.link} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                    {T.openPage}
                  </Link>
                ) : null}
                {actions}
              </div>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
