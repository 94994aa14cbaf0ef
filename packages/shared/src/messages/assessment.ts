/**
 * Exams, marks and results (issue 12). Texts marked spec are copied character for character from
 * portal-spec.md. Part of MSG (../messages.ts); a screen imports the part it needs.
 */
export const ASSESSMENT_MSG = {
  examsLoadFailed: 'Failed to load exams', // spec (toast)
  marksLoadFailed: 'Failed to load marks data', // spec (toast)
  examRequired: 'Exam is required', // spec
  csvRequired: 'CSV file is required', // spec
  uploading: 'Uploading...', // spec
  marksUploaded: 'Marks uploaded successfully', // spec (toast)
  marksUploadFailed: 'Failed to upload marks', // spec (toast)
  examNameRequired: 'Exam name is required',
  examNameTooLong: 'Exam name too long',
  examKind: 'Kind must be internal, mid-term, end-term or assignment',
  examMaxMarks: 'Maximum marks must be between 1 and 1000',
  examWeight: 'Weight must be between 0 and 100',
  examNotFound: 'Exam not found',
  examNotYours: 'You can manage exams and marks only for your own classes',
  examCreated: 'Exam created',
  examUpdated: 'Exam updated',
  examDeleted: 'Exam deleted',
  examPublished: 'Marks published',
  examUnpublished: 'Marks withdrawn from students',
  examMaxBelowMarks: (highest: number) => `Some marks are above that maximum (highest ${highest}); correct them first`,
  examClassRequired: 'Class is required',
  noTeacherForClass: 'This subject has no teacher in that section; add the teaching assignment first',
  marksSaved: 'Marks saved',
  marksRequired: 'Marks are required (or "AB" for absent)',
  marksNotNumber: 'Marks must be a number with at most 2 decimals, or "AB" for absent',
  marksNegative: 'Marks cannot be negative',
  marksAboveMax: (max: number) => `Marks cannot be above the maximum of ${max}`,
  studentRefRequired: 'Student ID is required',
  notInSection: (ref: string, section: string) => `${ref} is not in section ${section}`,
  resultsOwnOnly: 'You can only see your own results',
  examsOwnOnly: 'You can only see your own exams',
  resultsNotYourStudent: 'You can see results only of students you teach',
  templateFormat: 'Format must be csv or xlsx',
  /** The notice a publish posts to the exam's section (issue 25 item 3: the students' bell). */
  resultsNoticeTitle: (exam: string, subjectCode: string) => `Results published: ${exam} (${subjectCode})`,
  resultsNoticeBody: (exam: string, subject: string, section: string) =>
    `Your marks for **${exam}** in ${subject} (${section}) are published: open **Results** in your menu to see them.`,
} as const;
