import { ImportBooks } from './import-books';
import { LibraryStats } from './library-stats';
import { LoansDesk } from './loans-desk';
import { SettingsForm } from './settings-form';

/** The Management tab (Librarian, Admin, SuperAdmin): counters, loans desk, CSV import, circulation rules. */
export function LibraryManagement() {
  return (
    <div className="grid gap-6">
      <LibraryStats />
      <LoansDesk initialStatus="overdue" />
      <div className="grid gap-6 xl:grid-cols-2">
        <ImportBooks />
        <SettingsForm />
      </div>
    </div>
  );
}
