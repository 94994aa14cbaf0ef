import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { opacSearchResponse } from '@crs/shared/schemas/library';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePublicGet } from '@/lib/public-get';
import { HOLDS_TEXT } from '../holds-texts';
import { LIBRARY_TEXT } from '../texts';

type OpacList = z.infer<typeof opacSearchResponse>;

const STATUS_LABEL = { available: HOLDS_TEXT.opacOnShelf, on_loan: HOLDS_TEXT.opacOnLoan, on_hold_shelf: HOLDS_TEXT.opacOnHoldShelf, unavailable: HOLDS_TEXT.opacUnavailable } as const;

/**
 * /opac: the public catalogue (issue 31 item 5). Anyone searches the ranked catalogue and sees each
 * copy's shelf and whether it is on it; nothing about members. When the college keeps it off, the
 * API answers 404 and the page says the catalogue is not available.
 */
export function OpacPage() {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const result = usePublicGet<OpacList>(`/opac/books?q=${encodeURIComponent(q)}&pageSize=20`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-4 p-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{HOLDS_TEXT.opacTitle}</h1>
        <Link to={paths.login} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {HOLDS_TEXT.opacSignIn}
        </Link>
      </header>
      <form role="search" onSubmit={submit} className="flex gap-2">
        <Input aria-label={LIBRARY_TEXT.searchLabel} placeholder={LIBRARY_TEXT.searchPlaceholder} value={draft} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit">{HOLDS_TEXT.opacSearch}</Button>
      </form>
      <QueryState
        query={result}
        error={HOLDS_TEXT.opacOff}
        loading={
          <p className="flex items-center gap-2 text-muted-foreground" role="status">
            <Spinner />
            {HOLDS_TEXT.opacSearching}
          </p>
        }
      >
        {(data) =>
          data.books.length === 0 ? (
            <p className="text-muted-foreground">{LIBRARY_TEXT.noBooks}</p>
          ) : (
            <ul className="grid gap-3" aria-label={HOLDS_TEXT.opacResults}>
              {data.books.map((b) => (
                <li key={b._id} className="rounded-xl border bg-card p-4 text-card-foreground">
                  <h2 className="text-lg font-semibold">{b.title}</h2>
                  <p className="text-sm text-muted-foreground">{b.authors.join(', ') || LIBRARY_TEXT.unknownAuthor}</p>
                  <p className="mt-1 text-sm">{HOLDS_TEXT.opacCounts(b.copiesAvailable, b.copiesTotal)}</p>
                  {b.copies.length > 0 ? (
                    <table className="mt-2 w-full text-left text-sm">
                      <thead>
                        <tr className="text-muted-foreground">
                          <th className="py-1 font-medium">{HOLDS_TEXT.accession}</th>
                          <th className="py-1 font-medium">{HOLDS_TEXT.shelf}</th>
                          <th className="py-1 font-medium">{HOLDS_TEXT.status}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {b.copies.map((c) => (
                          <tr key={c.accession} className="border-t">
                            <td className="py-1 font-mono">{c.accession}</td>
                            <td className="py-1">{c.shelf ?? '—'}</td>
                            <td className="py-1">
                              <Badge variant={c.available ? 'success' : 'outline'}>{STATUS_LABEL[c.status]}</Badge>
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </main>
  );
}
