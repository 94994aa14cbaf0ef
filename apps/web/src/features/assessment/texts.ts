import { ASSESSMENT_MSG } from '@crs/shared/messages/assessment';
import { EXAM_KIND_LABELS } from '@crs/shared/constants/assessment';

/**
 * The exam and marks screens' texts. Quoted spec texts come from the shared messages (packages/shared, written once
 * for server and client); the rest are ours for screens the spec does not show.
 */
export const ASSESSMENT_TEXT = {
  // Enter Exam Details (/dashboard/teacher/exams; the dashboard's Quick Action)
  examsTitle: 'Enter Exam Details',
  examsIntro: 'The exams of the classes you teach. Enter marks in a grid or upload a CSV; students see the marks once you publish them.',
  examsCaption: 'Exams',
  newExam: 'New exam',
  createTitle: 'New exam',
  editTitle: 'Edit exam',
  noExams: 'No exams yet. Create one for a class you teach.',
  examsFailed: ASSESSMENT_MSG.examsLoadFailed, // spec (toast)
  name: 'Name',
  namePlaceholder: 'Mid-term 1',
  class: 'Class',
  classPlaceholder: 'Choose a class',
  noClasses: 'No classes are assigned to you yet, so there is nothing to set an exam for.',
  classesFailed: 'Your classes could not be loaded. Please try again.',
  classFixed: 'The class of an exam cannot change: its marks belong to that section.',
  kind: 'Kind',
  kinds: EXAM_KIND_LABELS,
  maxMarks: 'Max marks',
  weight: 'Weight (%)',
  weightHint: "Share of the subject's total",
  date: 'Date',
  status: 'Status',
  marked: 'Marked',
  markedOf: (marked: number, roster: number) => `${marked} / ${roster}`,
  published: 'Published',
  draft: 'Draft',
  create: 'Create',
  saveChanges: 'Save Changes',
  updating: 'Updating...',
  cancel: 'Cancel',
  saveFailed: 'The exam could not be saved. Please try again.',
  enterMarks: 'Enter marks',
  enterMarksFor: (name: string, label: string) => `Enter marks: ${name}, ${label}`,
  actionsFor: (name: string, label: string) => `Actions for ${name}, ${label}`,
  edit: 'Edit',
  publish: 'Publish marks',
  withdraw: 'Withdraw marks',
  delete: 'Delete',
  publishTitle: 'Publish marks?',
  publishText: (name: string, label: string) => `The marks of ${name} (${label}) become visible to the students of the section and count in their results.`,
  publishConfirm: 'Publish',
  withdrawTitle: 'Withdraw marks?',
  withdrawText: (name: string, label: string) => `Students of ${label} will no longer see the marks of ${name}; their results leave it out until you publish again.`,
  withdrawConfirm: 'Withdraw',
  deleteTitle: 'Delete exam?',
  deleteText: (name: string, label: string) => `${name} (${label}) and every mark entered for it will be deleted. This action cannot be undone.`,
  deleteBusy: 'Deleting...',
  processing: 'Processing...',

  // Marks grid (/dashboard/teacher/exams/:id/marks)
  gridTitle: (name: string) => `Marks: ${name}`,
  gridIntro: (label: string, subject: string, max: number) => `${label} · ${subject} · out of ${max}`,
  backToExams: 'Back to exams',
  gridCaption: 'Marks of the section',
  student: 'Student',
  rollNumber: 'Roll No.',
  marks: 'Marks',
  absent: 'Absent',
  remarks: 'Remarks',
  marksFor: (name: string) => `Marks: ${name}`,
  absentFor: (name: string) => `Absent: ${name}`,
  remarksFor: (name: string) => `Remarks: ${name}`,
  noStudents: 'No students are enrolled in this section yet.',
  save: 'Save marks',
  saving: 'Saving...',
  nothingChanged: 'Nothing has changed since the last save.',
  fixErrors: 'Correct the marks shown in red first.',
  unsaved: (n: number) => `${n} unsaved ${n === 1 ? 'change' : 'changes'}`,
  gridCounts: (marked: number, absent: number, roster: number) => `Marked ${marked} of ${roster} · Absent ${absent}`,
  publishedNote: 'Published: students see these marks; changes show to them as soon as they are saved.',
  draftNote: 'Draft: students do not see these marks until the exam is published on Enter Exam Details.',
  loadFailed: 'This could not be loaded. Please try again.',
  saveMarksFailed: 'The marks could not be saved. Please try again.',

  // Upload Exam Marks (/dashboard/teacher/marks; spec section 2)
  uploadTitle: 'Upload Exam Marks',
  uploadIntro: 'Choose the exam and a CSV file with a Student ID (roll number) and a Marks column; AB marks an absentee. The file is checked first: nothing is stored until every row is right, and an upload replaces the marks of that exam.',
  exam: 'Exam',
  examPlaceholder: 'Select exam',
  noExamsToUpload: 'Create an exam on Enter Exam Details first.',
  csvFile: 'CSV file (.csv)',
  upload: 'Upload',
  check: 'Check file',
  uploading: ASSESSMENT_MSG.uploading, // spec
  confirmUpload: 'Upload marks',
  chooseAnother: 'Choose another file',
  template: 'Download template',
  previewTitle: 'Check before uploading',
  previewReady: (rows: number, exam: string) => `${rows} ${rows === 1 ? 'row is' : 'rows are'} ready for ${exam}. Upload to store them.`,
  replaces: (n: number) => `${n} ${n === 1 ? 'student already has a mark' : 'students already have marks'}; this upload replaces every mark of the exam.`,
  uploadProgress: 'Upload progress',
  examRequired: ASSESSMENT_MSG.examRequired, // spec
  csvRequired: ASSESSMENT_MSG.csvRequired, // spec
  uploaded: ASSESSMENT_MSG.marksUploaded, // spec (toast)
  uploadFailed: ASSESSMENT_MSG.marksUploadFailed, // spec (toast)
  uploadedCounts: (created: number, updated: number) => `${created + updated} ${created + updated === 1 ? 'mark' : 'marks'} stored (${created} new, ${updated} replaced).`,

  // Marks Overview (teacher dashboard)
  overviewTitle: 'Marks Overview',
  averageMarks: (v: number) => `Average marks: ${v.toFixed(1)}%`,
  noMarksYet: 'No marks have been entered for your exams yet.',
  marksFailed: ASSESSMENT_MSG.marksLoadFailed, // spec (toast)
  chartLabel: 'Average marks by subject, in percent; the table below lists the same figures.',
  subjectColumn: 'Subject',
  averageColumn: 'Average marks',
} as const;
