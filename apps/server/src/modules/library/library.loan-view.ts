import { MSG } from '@crs/shared/messages';
import type { Loan } from '@crs/shared/schemas/library';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import * as users from '../users/users.service.ts';
import { peopleOf, presentLoan } from './library.presenter.ts';
import * as loans from './loans.repository.ts';

// What the library's two services (library.service: catalogue and circulation; library.copies.service:
// copies and the scanning desk) both answer with: the module's not-found errors and a loan as the wire shows it.

export const bookNotFound = () => notFound(MSG.bookNotFound, 'BOOK_NOT_FOUND');
export const loanNotFound = () => notFound(MSG.loanNotFound, 'LOAN_NOT_FOUND');

/** A loan by id as the API shows it, with its member and the desk people named. */
export async function loanView(ctx: AppContext, id: string, db: Executor = ctx.db): Promise<Loan> {
  const record = await loans.findLoanRecord(db, id);
  if (!record) throw loanNotFound();
  return presentLoan(record, await users.usersByIds(ctx, peopleOf([record]), db));
}
