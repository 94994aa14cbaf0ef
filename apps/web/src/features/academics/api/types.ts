import type { z } from 'zod';
import type { assignmentListResponse, departmentListResponse, enrolStudentsResponse, myCoursesResponse, mySubjectsResponse, myTimetableResponse, sectionListResponse, sectionStudentsResponse, slotListResponse, subjectListResponse } from '@crs/shared/schemas/academics';
import type { saveSessionResponse } from '@crs/shared/schemas/attendance';

// Types only, inferred from the shared schemas the server validates against: zod stays out of the
// chunks that do not validate a form (decision 0017).
export type {
  Assignment,
  CreateAssignmentInput,
  CreateDepartmentInput,
  CreateSectionInput,
  CreateSlotInput,
  CreateSubjectInput,
  Department,
  MyCourse,
  Section,
  SectionStudent,
  Subject,
  TeacherSubject,
  TimetableSlot,
  UpcomingClass,
} from '@crs/shared/schemas/academics';
export type {
  AttendanceStatus,
  AttendanceSummary,
  ClassAttendance,
  ClassTiming,
  DayClass,
  DayClasses,
  RosterEntry,
  SaveSessionInput,
  SessionAnswer,
  StudentAttendance,
  StudentSession,
  SubjectAttendance,
  SubjectAttendanceDetail,
} from '@crs/shared/schemas/attendance';

export type DepartmentList = z.infer<typeof departmentListResponse>;
export type SubjectList = z.infer<typeof subjectListResponse>;
export type SectionList = z.infer<typeof sectionListResponse>;
export type AssignmentList = z.infer<typeof assignmentListResponse>;
export type SlotList = z.infer<typeof slotListResponse>;
export type SectionStudents = z.infer<typeof sectionStudentsResponse>;
export type EnrolResult = z.infer<typeof enrolStudentsResponse>;
export type MySubjects = z.infer<typeof mySubjectsResponse>;
export type MyTimetable = z.infer<typeof myTimetableResponse>;
export type MyCourses = z.infer<typeof myCoursesResponse>;
export type SavedSession = z.infer<typeof saveSessionResponse>;
