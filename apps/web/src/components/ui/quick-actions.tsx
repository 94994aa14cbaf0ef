import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from './card';

export type QuickAction = { label: string; to: string; icon: LucideIcon };

// Whole class names, so Tailwind finds them.
const COLUMNS = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

/** A dashboard's Quick Actions card (spec section 2): a grid of links, each with its icon. */
export function QuickActionsCard({ actions, columns }: { actions: readonly QuickAction[]; columns: keyof typeof COLUMNS }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className={`grid gap-3 ${COLUMNS[columns]}`}>
          {actions.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-3 rounded-md border p-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <Icon aria-hidden="true" className="size-5 text-primary" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
