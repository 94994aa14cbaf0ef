/**
 * The library's texts and limits. Quoted ones are character for character from the spec
 * (sections 2, 4, 8 and 9); the rest are ours for the screens the spec leaves without behaviour.
 * The frame's loan bell reads these texts, so they join every signed-in page's first load: server
 * messages are read from LIBRARY_MSG where they are shown, not copied in here.
 */
export const LIBRARY_TEXT = {
  title: 'Library',
  searchPlaceholder: 'Search by title, author, subject...',
  searchLabel: 'Search books',
  clear: 'Clear',
  tabSearch: 'Search Books',
  tabLoans: 'My Loans',
  tabManagement: 'Management',
  addBook: 'Add New Book',
  teacherHelp: 'Teachers can only view availability and must contact the library for borrowing, returning or extensions.',
  deskHelp: 'Borrowing, returns and extensions are handled at the library desk.',
  alreadyBorrowed: 'Already borrowed',
  returnAtDesk: 'Return at the library desk',
  tooShort: 'Type at least 2 characters to search.',
  noBooks: 'No books found.',
  unknownAuthor: 'Unknown Author',
  noTags: 'No tags',
  viewDetails: 'View Details',
  backToLibrary: 'Back to Library',
  back: 'Back',
  actions: 'Actions',
  bookInformation: 'Book Information',
  totalCopies: 'Total Copies',
  available: 'Available',
  borrowed: 'Borrowed',
  borrow: 'Borrow This Book',
  notAvailable: 'Not Available',
  returnBook: 'Return Book',
  confirmReturn: 'Confirm Return',
  issueBook: 'Issue Book',
  editBook: 'Edit Book',
  confirmBorrowTitle: 'Confirm Book Borrow',
  confirmBorrow: 'Confirm Borrow',
  borrowDescription: (days: number) => `Due date will be ${days} days from today. Late returns may incur fines.`,
  confirmReturnTitle: 'Confirm Book Return',
  returnDescription: 'Any late fees will be calculated upon return.',
  borrowedTitle: 'Book Borrowed Successfully',
  returnedTitle: 'Book Returned Successfully',
  issuedTitle: 'Book Issued Successfully',
  processing: 'Processing...',
  updating: 'Updating...',
  cancel: 'Cancel',
  ok: 'OK',
  renew: 'Renew',
  noLoans: 'No books issued yet',
  actionFailed: 'The library could not complete this request. Please try again.',
  loadFailed: 'Could not load this list. Please try again.',
} as const;

/** Catalogue skeleton cards while loading (spec section 9). */
export const SKELETON_CARDS = 8;
/** Subjects shown on a book card before '+N' (spec section 9). */
export const CARD_SUBJECTS = 2;
/** A search runs when the query is empty or at least this long (spec sections 5 and 9). */
export const SEARCH_MIN_CHARS = 2;
/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Books per catalogue page. */
export const CATALOGUE_PAGE_SIZE = 24;

/** The scanning desk (issue 31): one input for a USB scanner, cards then copies. */
export const DESK_TEXT = {
  title: 'Scanning Desk',
  help: "Scan the member's ID card (or type a student or employee ID), then each book's barcode: an available copy is issued, a copy on loan is returned.",
  scanCard: "Scan the member's card",
  scanCopy: 'Scan a book (or the next card)',
  scan: 'Scan',
  newMember: 'New member',
  noMember: 'No member yet: returns need no card.',
  current: (name: string, studentId: string | null) => `Member: ${name}${studentId ? ` (${studentId})` : ''}`,
  memberFound: (name: string, studentId: string | null, loans: number, fines: string) =>
    `${name}${studentId ? ` (${studentId})` : ''}: ${loans} on loan, fines owed ${fines}. Now scan the books.`,
  memberCleared: 'Ready for the next member.',
  issued: (title: string, accession: string, member: string, due: string) => `Issued: ${title} (${accession}) to ${member}, due ${due}`,
  returned: (title: string, accession: string, member: string, fine: string | null) =>
    `Returned: ${title} (${accession}) from ${member}${fine ? `; fine owed ${fine}` : '; no fine'}`,
  failed: 'The scan could not be completed; try again.',
  earlier: 'Earlier scans',
} as const;
