import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LIBRARY_TEXT } from '../texts';

/** The catalogue search box with its Clear button. */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="flex w-full min-w-0 max-w-xl items-center gap-2" role="search">
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={LIBRARY_TEXT.searchPlaceholder}
          aria-label={LIBRARY_TEXT.searchLabel}
          className="pl-9"
        />
      </div>
      <Button variant="outline" onClick={() => onChange('')} disabled={value === ''}>
        {LIBRARY_TEXT.clear}
      </Button>
    </div>
  );
}
