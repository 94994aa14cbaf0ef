import { TRANSCRIPTS_MSG } from '@crs/shared/messages/transcripts';

/** Labels of the grade card and transcript downloads and the public verify page (issue 27 item 6; messages are in packages/shared). */
export const TRANSCRIPT_TEXT = {
  title: 'Grade cards and transcript',
  description: 'PDFs of your published results with a QR code anyone can use to check them.',
  studentDescription: 'PDFs of this student’s published results, each with a QR code that verifies it.',
  gradeCard: (term: number) => `Download grade card · Semester ${term}`,
  transcript: 'Download transcript',
  nothing: TRANSCRIPTS_MSG.transcriptNothingPublished,
  loadFailed: 'The published terms could not be loaded.',
  downloadFailed: 'The document could not be downloaded. Please try again.',
  downloading: 'Preparing the PDF…',
  downloaded: (file: string) => `Downloaded ${file}`,
  // The Admin's section batch.
  batchTitle: 'Print for a section',
  batchDescription: 'One PDF with a grade card or transcript for every student of the section who has published results.',
  sectionLabel: 'Section',
  chooseSection: 'Choose a section…',
  sectionOption: (name: string, year: string, students: number) => `${name} (${year}, ${students} students)`,
  kindLabel: 'Document',
  kindTranscript: 'Transcripts',
  kindGradeCard: 'Grade cards',
  termLabel: 'Semester',
  batchButton: 'Download section PDF',
  // The public verify page.
  verifyTitle: 'Grade card / transcript verification',
  verifyChecking: 'Checking the document…',
  verifyValid: TRANSCRIPTS_MSG.transcriptVerifyValid,
  verifyInvalid: TRANSCRIPTS_MSG.transcriptVerifyInvalid,
  verifyInvalidHelp: TRANSCRIPTS_MSG.transcriptVerifyInvalidHelp,
  verifyName: 'Name',
  verifyStudentId: 'Student ID',
  verifyIssued: 'Issued on',
  verifyCgpa: 'CGPA at issue',
  verifyFailed: 'The document could not be checked. Please try again.',
} as const;
