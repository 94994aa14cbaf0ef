import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@crs/shared/messages';
import { LIBRARY_BORROWERS, LIBRARY_READERS, LIBRARY_STAFF, STUDENT_RECORD_READERS } from '@crs/shared/roles';
import { errorSchema, studentRefParams } from '@crs/shared/schemas/common';
import {
  addCopiesBody,
  barcodeParams,
  holdIdParams,
  holdListResponse,
  holdResponse,
  holdShelfResponse,
  opacSearchQuery,
  opacSearchResponse,
  placeHoldBody,
  startVerificationBody,
  verificationIdParams,
  verificationListResponse,
  verificationReportSchema,
  verificationResponse,
  verificationScanBody,
  verificationScanResponse,
  copiesAddedResponse,
  copyListResponse,
  copyParams,
  copyResponse,
  deskMemberBody,
  deskMemberResponse,
  deskScanBody,
  deskScanResponse,
  labelsQuery,
  updateCopyBody,
  bookIdParams,
  bookListResponse,
  bookResponse,
  bookSchema,
  circulationBody,
  createBookSchema,
  fineActionBody,
  finesResponse,
  librarySettingsResponse,
  librarySettingsSchema,
  libraryStatsSchema,
  librarySummarySchema,
  listLoansQuery,
  loanIdParams,
  loanListResponse,
  loanResponse,
  membersQuery,
  membersResponse,
  searchBooksQuery,
  studentLoansQuery,
  updateBookSchema,
} from '@crs/shared/schemas/library';
import type { AppContext } from '../../context.ts';
import { sendFile } from '../../lib/send-file.ts';
import { principalOf } from '../../plugins/access.ts';
import { importRoute } from '../../plugins/import-route.ts';
import { XLSX_TYPE } from '../../lib/spreadsheet.ts';
import * as libraryCopies from './library.copies.service.ts';
import * as holds from './library.holds.service.ts';
import * as verification from './library.verification.service.ts';
import * as library from './library.service.ts';

const readers = { roles: LIBRARY_READERS };
const borrowers = { roles: LIBRARY_BORROWERS };
const desk = { roles: LIBRARY_STAFF };
/** A student's own record, or any student's for Teacher/Admin/SuperAdmin (the ID-card rule; the service checks whose). */
const studentReaders = { roles: ['Student', 'Guardian', ...STUDENT_RECORD_READERS] as const };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['library'];

/** The library: catalogue, circulation (borrow, return, renew, fines), desk tools and rules. */
export const libraryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Catalogue ---------------------------------------------------------------------------------

  app.get('/books', {
    config: { access: readers },
    schema: { tags, summary: 'Search the catalogue (ranked; empty q lists by title)', querystring: searchBooksQuery, response: { 200: bookListResponse, ...errors } },
    handler: async (req) => library.searchCatalogue(ctx, req.query),
  });

  app.get('/books/:id', {
    config: { access: readers },
    schema: { tags, summary: 'One book', params: bookIdParams, response: { 200: bookSchema, ...errors } },
    handler: async (req) => library.getBook(ctx, req.params.id),
  });

  app.post('/books', {
    config: { access: desk },
    schema: { tags, summary: 'Add a book', body: createBookSchema, response: { 201: bookResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.bookAdded, book: await library.addBook(ctx, req.body) }),
  });

  app.patch('/books/:id', {
    config: { access: desk },
    schema: { tags, summary: 'Edit a book (total copies never below those on loan)', params: bookIdParams, body: updateBookSchema, response: { 200: bookResponse, ...errors } },
    handler: async (req) => ({ message: MSG.bookUpdated, book: await library.editBook(ctx, req.params.id, req.body) }),
  });

  await app.register(importRoute, { url: '/books/import', access: desk, tags, what: 'books', run: (p, upload, dryRun) => library.importBooks(ctx, p, upload, dryRun) });

  // Copies (issue 31) ---------------------------------------------------------------------------

  app.get('/books/:id/copies', {
    config: { access: readers },
    schema: { tags, summary: "A book's copies: accession number (= barcode), status, shelf, acquisition", params: bookIdParams, response: { 200: copyListResponse, ...errors } },
    handler: async (req) => ({ copies: await libraryCopies.listCopies(ctx, req.params.id) }),
  });

  app.post('/books/:id/copies', {
    config: { access: desk },
    schema: { tags, summary: 'Register N new copies, numbered from the running accession number', params: bookIdParams, body: addCopiesBody, response: { 201: copiesAddedResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.copiesAdded, copies: await libraryCopies.addCopies(ctx, principalOf(req), req.params.id, req.body) }),
  });

  app.patch('/books/:id/copies/:copyId', {
    config: { access: desk },
    schema: { tags, summary: 'Edit one copy (status, shelf, acquisition, price, batch)', params: copyParams, body: updateCopyBody, response: { 200: copyResponse, ...errors } },
    handler: async (req) => libraryCopies.editCopy(ctx, principalOf(req), { bookId: req.params.id, copyId: req.params.copyId }, req.body),
  });

  // Static before the parameter: find-my-way prefers /copies/labels to /copies/:barcode.
  app.get('/copies/labels', {
    config: { access: desk },
    schema: {
      tags,
      summary: 'A PDF of barcode labels (Code 128) for these copies or an acquisition batch, on A4 label sheets',
      querystring: labelsQuery,
      response: { 200: z.any().describe('the labels as a PDF (application/pdf)'), ...errors },
    },
    handler: async (req, reply) => {
      const q = req.query;
      const pdf = await libraryCopies.labelsPdf(ctx, q.batch !== undefined ? { batch: q.batch } : { accessions: q.barcodes ?? [] }, q.layout);
      return sendFile(reply, { type: 'application/pdf', filename: q.batch ? `labels-${q.batch.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf` : 'labels.pdf' }, pdf);
    },
  });

  app.get('/copies/:barcode', {
    config: { access: desk },
    schema: { tags, summary: 'One copy by barcode, with its title and the loan it is out on', params: barcodeParams, response: { 200: copyResponse.shape.copy, ...errors } },
    handler: async (req) => libraryCopies.getCopy(ctx, req.params.barcode),
  });

  app.patch('/copies/:barcode', {
    config: { access: desk },
    schema: { tags, summary: 'Change a copy by barcode: status (lost on loan: the member owes its replacement), shelf and the rest', params: barcodeParams, body: updateCopyBody, response: { 200: copyResponse, ...errors } },
    handler: async (req) => libraryCopies.editCopy(ctx, principalOf(req), { barcode: req.params.barcode }, req.body),
  });

  // Scanning desk --------------------------------------------------------------------------------

  app.post('/desk/member', {
    config: { access: desk },
    schema: { tags, summary: "Who a scanned card is (ID card QR, student ID or employee ID), with loans and fines", body: deskMemberBody, response: { 200: deskMemberResponse, ...errors } },
    handler: async (req) => libraryCopies.deskMember(ctx, req.body.member),
  });

  app.post('/desk/scan', {
    config: { access: desk },
    schema: { tags, summary: 'One scan of a copy: on loan → returned; available → issued to the member', body: deskScanBody, response: { 200: deskScanResponse, ...errors } },
    handler: async (req) => libraryCopies.deskScan(ctx, principalOf(req), req.body),
  });

  // Holds (issue 31 item 4) -----------------------------------------------------------------------

  app.post('/books/:id/holds', {
    config: { access: borrowers },
    schema: { tags, summary: 'Place a hold on a title with no copy on the shelf (the desk: for a member); served first come first served', params: bookIdParams, body: placeHoldBody, response: { 201: holdResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.holdPlaced, hold: await holds.placeHold(ctx, principalOf(req), req.params.id, req.body?.userId) }),
  });

  app.get('/holds/me', {
    config: { access: borrowers },
    schema: { tags, summary: 'Your open holds: ready ones (collect by expiresAt) first, then your place in each queue', response: { 200: holdListResponse, ...errors } },
    handler: async (req) => ({ holds: await holds.myHolds(ctx, principalOf(req)) }),
  });

  app.get('/holds/shelf', {
    config: { access: desk },
    schema: { tags, summary: 'The hold shelf (copies kept for members) and holds that lapsed in the last 14 days', response: { 200: holdShelfResponse, ...errors } },
    handler: async () => holds.holdShelf(ctx),
  });

  app.delete('/holds/:id', {
    config: { access: borrowers },
    schema: { tags, summary: 'Cancel a hold (yours; the desk: any); a copy kept for it passes to the next member', params: holdIdParams, response: { 200: holdResponse, ...errors } },
    handler: async (req) => ({ message: MSG.holdCancelled, hold: await holds.cancelHold(ctx, principalOf(req), req.params.id) }),
  });

  // Stock verification (issue 31 item 6) -------------------------------------------------------------

  app.get('/verifications', {
    config: { access: desk },
    schema: { tags, summary: 'Stock verifications, newest first', response: { 200: verificationListResponse, ...errors } },
    handler: async () => ({ verifications: await verification.listVerifications(ctx) }),
  });

  app.post('/verifications', {
    config: { access: desk },
    schema: { tags, summary: 'Start a stock verification of one shelf location (or the whole library)', body: startVerificationBody, response: { 201: verificationResponse, ...errors } },
    handler: async (req, reply) => reply.code(201).send({ message: MSG.verificationStarted, verification: await verification.startVerification(ctx, principalOf(req), req.body.shelf) }),
  });

  app.get('/verifications/:id', {
    config: { access: desk },
    schema: { tags, summary: 'One stock verification with its counts', params: verificationIdParams, response: { 200: verificationResponse.shape.verification, ...errors } },
    handler: async (req) => verification.getVerification(ctx, req.params.id),
  });

  app.post('/verifications/:id/scans', {
    config: { access: desk },
    schema: { tags, summary: 'Record scanned barcodes (from any device; a repeat changes nothing)', params: verificationIdParams, body: verificationScanBody, response: { 200: verificationScanResponse, ...errors } },
    handler: async (req) => verification.scan(ctx, principalOf(req), req.params.id, req.body.barcodes),
  });

  app.get('/verifications/:id/report', {
    config: { access: desk },
    schema: { tags, summary: 'The report: missing, on the wrong shelf, on loan, unexpected barcodes', params: verificationIdParams, response: { 200: verificationReportSchema, ...errors } },
    handler: async (req) => verification.report(ctx, req.params.id),
  });

  app.get('/verifications/:id/report.xlsx', {
    config: { access: desk },
    schema: { tags, summary: 'The report as an .xlsx spreadsheet', params: verificationIdParams, response: { 200: z.any().describe('the report (.xlsx)'), ...errors } },
    handler: async (req, reply) => {
      const file = await verification.reportXlsx(ctx, req.params.id);
      return sendFile(reply, { type: XLSX_TYPE, filename: file.filename }, file.body);
    },
  });

  app.post('/verifications/:id/close', {
    config: { access: desk },
    schema: { tags, summary: 'Close a verification: its report is frozen', params: verificationIdParams, response: { 200: verificationResponse, ...errors } },
    handler: async (req) => ({ message: MSG.verificationClosedDone, verification: await verification.closeVerification(ctx, principalOf(req), req.params.id) }),
  });

  // Circulation -------------------------------------------------------------------------------

  app.post('/books/:id/issue', {
    config: { access: borrowers },
    schema: {
      tags,
      summary: 'Lend a copy to a member (a Student: only to themself)',
      params: bookIdParams,
      body: circulationBody,
      response: { 201: loanResponse, ...errors },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ message: MSG.bookIssued, loan: await library.issueBook(ctx, principalOf(req), req.params.id, req.body) }),
  });

  app.post('/books/:id/return', {
    config: { access: borrowers },
    schema: { tags, summary: "Return a member's active loan of this book", params: bookIdParams, body: circulationBody, response: { 200: loanResponse, ...errors } },
    handler: async (req) => ({ message: MSG.bookReturned, loan: await library.returnBook(ctx, principalOf(req), req.params.id, req.body) }),
  });

  app.get('/loans', {
    config: { access: readers },
    schema: { tags, summary: 'Your loans (the desk: any member, or everyone)', querystring: listLoansQuery, response: { 200: loanListResponse, ...errors } },
    handler: async (req) => library.listLoans(ctx, principalOf(req), req.query),
  });

  // A student's loans by the student (issue 25: an Admin viewing a student's dashboard), the ID-card rule.
  app.get('/students/:id/loans', {
    config: { access: studentReaders },
    schema: { tags, summary: "A student's loans (id or student ID; a Student only their own, Teacher/Admin/SuperAdmin any)", params: studentRefParams, querystring: studentLoansQuery, response: { 200: loanListResponse, ...errors } },
    handler: async (req) => library.studentLoans(ctx, principalOf(req), req.params.id, req.query),
  });
  app.get('/students/:id/summary', {
    config: { access: studentReaders },
    schema: { tags, summary: "A student's loans on hand, overdue and due soon (the ID-card rule)", params: studentRefParams, response: { 200: librarySummarySchema, ...errors } },
    handler: async (req) => library.studentSummary(ctx, principalOf(req), req.params.id),
  });

  app.post('/loans/:id/renew', {
    config: { access: borrowers },
    schema: { tags, summary: 'Renew a loan by the loan period', params: loanIdParams, response: { 200: loanResponse, ...errors } },
    handler: async (req) => ({ message: MSG.loanRenewed, loan: await library.renewLoan(ctx, principalOf(req), req.params.id) }),
  });

  app.post('/loans/:id/fine', {
    config: { access: desk },
    schema: { tags, summary: "Mark a returned loan's fine paid or waived", params: loanIdParams, body: fineActionBody, response: { 200: loanResponse, ...errors } },
    handler: async (req) => {
      const loan = await library.settleFine(ctx, principalOf(req), req.params.id, req.body.action);
      return { message: req.body.action === 'pay' ? MSG.finePaid : MSG.fineWaived, loan };
    },
  });

  app.get('/fines', {
    config: { access: readers },
    schema: { tags, summary: 'Your unpaid fines (rupees) and overdue loans', response: { 200: finesResponse, ...errors } },
    handler: async (req) => library.myFines(ctx, principalOf(req)),
  });

  app.get('/summary', {
    config: { access: readers },
    schema: { tags, summary: 'Your loans on hand, overdue and due soon', response: { 200: librarySummarySchema, ...errors } },
    handler: async (req) => library.mySummary(ctx, principalOf(req)),
  });

  // Desk and rules ----------------------------------------------------------------------------

  app.get('/members', {
    config: { access: desk },
    schema: { tags, summary: 'Find members by name, email or student ID', querystring: membersQuery, response: { 200: membersResponse, ...errors } },
    handler: async (req) => library.findMembers(ctx, req.query.q, req.query.limit),
  });

  app.get('/stats', {
    config: { access: desk },
    schema: { tags, summary: 'Catalogue and circulation totals', response: { 200: libraryStatsSchema, ...errors } },
    handler: async () => library.deskStats(ctx),
  });

  app.get('/settings', {
    config: { access: readers },
    schema: { tags, summary: 'The circulation rules', response: { 200: librarySettingsResponse, ...errors } },
    handler: async () => library.getLibrarySettings(ctx),
  });

  app.put('/settings', {
    config: { access: desk },
    schema: { tags, summary: 'Change the circulation rules', body: librarySettingsSchema, response: { 200: librarySettingsResponse, ...errors } },
    handler: async (req) => library.updateLibrarySettings(ctx, principalOf(req), req.body),
  });
};

/** The public catalogue (issue 31 item 5) under /opac: no sign-in; 404 while Settings keeps it off. */
export const opacRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/books', {
    config: { access: 'public' },
    schema: { tags: ['opac'], summary: 'Search the public catalogue: books, their copies, shelves and availability (nothing about members)', querystring: opacSearchQuery, response: { 200: opacSearchResponse, 404: errorSchema } },
    handler: async (req) => library.opacSearch(ctx, req.query),
  });
};
