import { TriangleAlert } from 'lucide-react';
import { USERS_MSG } from '@crs/shared/messages/users';
import { useUnmatched } from '../api/get-unmatched';
import { USERS_TEXT } from '../texts';

const SHOWN = 50;

/**
 * People whose department or section was typed before it came from Academics and matches nothing
 * there (decision 0036): kept as typed, counted here and listed on demand until someone chooses
 * theirs in the person's record. Nothing shows when there is none.
 */
export function UnmatchedNotice() {
  const unmatched = useUnmatched();
  const data = unmatched.data;
  if (!data || data.total === 0) return null;
  return (
    <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <p className="flex items-start gap-2">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{USERS_MSG.unmatchedNotice(data.total)}</span>
      </p>
      <details>
        <summary className="cursor-pointer font-medium">{USERS_TEXT.unmatchedShow}</summary>
        <ul className="mt-2 grid gap-1" aria-label={USERS_TEXT.unmatchedShow}>
          {data.users.slice(0, SHOWN).map((u) => (
            <li key={u._id}>
              <span className="font-medium">{u.name}</span> ({u.email}): {USERS_TEXT.unmatchedLine(u.department, u.section)}
            </li>
          ))}
          {data.total > SHOWN ? <li>{USERS_TEXT.unmatchedMore(data.total - SHOWN)}</li> : null}
        </ul>
      </details>
    </div>
  );
}
