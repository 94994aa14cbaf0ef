import { toCsv } from '@crs/shared/csv';
import type { CsvCell } from '@crs/shared/csv';
import { MSG } from '@crs/shared/messages';
import { roundTo } from '@crs/shared/schemas/assessment';
import { percentOf } from '@crs/shared/schemas/attendance';
import { DEFAULT_ANALYTICS_WEEKS, REPORT_NAMES, REPORT_PARAM_LABEL, REPORT_TEXT } from '@crs/shared/schemas/analytics';
import type { AnalyticsOverview, AnalyticsQuery, ReportList, ReportName, ReportParam, ReportQuery } from '@crs/shared/schemas/analytics';
import type { Performance } from '@crs/shared/schemas/assessment';
import { gradeOn } from '@crs/shared/schemas/settings';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { CSV_TYPE, XLSX_TYPE, xlsxOf } from '../../lib/spreadsheet.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import type { Principal } from '../../plugins/access.ts';
import * as academics from '../academics/academics.read.ts';
import * as audit from '../audit/audit.service.ts';
import * as assessment from '../assessment/assessment.service.ts';
import * as attendance from '../attendance/attendance.service.ts';
import * as library from '../library/library.service.ts';
import * as placement from '../placement/placement.service.ts';
import * as settings from '../settings/settings.service.ts';
import * as users from '../users/users.service.ts';

// Analytics (issue 14 items 4 and 5, decision 0030): the overview, performance and the downloadable
// reports; the dashboards' figures (/stats) are dashboard.service.ts. This module owns no table:
// it sits above academics, attendance, assessment, library, placement and users and asks their
// services for figures (decision 0015).

/** Most rows a report holds (the library's overdue list is the only unbounded one). */
const REPORT_ROW_CAP = 50_000;

const today = (ctx: AppContext) => collegeClock(ctx.config.timeZone).date;
/** The Monday of a date's week, YYYY-MM-DD. */
function mondayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return addDays(date, -((d.getUTCDay() + 6) % 7));
}

// Analytics -----------------------------------------------------------------------------------

/** GET /analytics/overview: every chart's figures over from..to (default: the last 12 weeks up to today). */
export async function overview(ctx: AppContext, q: AnalyticsQuery): Promise<AnalyticsOverview> {
  const to = q.to ?? (q.from && q.from > today(ctx) ? q.from : today(ctx));
  const from = q.from ?? addDays(mondayOf(to), -7 * (DEFAULT_ANALYTICS_WEEKS - 1));
  const [enrolment, weekly, departmentOf, grades, circulation, offers, gradeScale] = await Promise.all([
    academics.enrolmentByDepartment(ctx, to),
    attendance.weeklyTotals(ctx, from, to),
    academics.departmentOfAssignments(ctx),
    assessment.gradeCountsBySubject(ctx, from, to),
    library.weeklyCirculation(ctx, from, to),
    placement.offersByDepartment(ctx, from, to),
    settings.gradeScale(ctx),
  ]);

  // Attendance: every week of the range, every department that has classes marked in it.
  const weeks = circulation.map((w) => w.week);
  const cells = new Map<string, { attended: number; marked: number }>();
  const departments = new Map<string, string>();
  for (const r of weekly) {
    const d = departmentOf.get(r.assignmentId);
    if (!d) continue;
    departments.set(d.code, d.name);
    const key = `${d.code}|${r.week}`;
    const c = cells.get(key) ?? { attended: 0, marked: 0 };
    c.attended += r.attended;
    c.marked += r.marked;
    cells.set(key, c);
  }
  const attendanceByDepartment = [...departments.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, name]) => ({
      department: code,
      departmentName: name,
      percent: weeks.map((w) => {
        const c = cells.get(`${code}|${w}`);
        return c && c.marked > 0 ? percentOf(c.attended, c.marked) : null;
      }),
      marked: weeks.map((w) => cells.get(`${code}|${w}`)?.marked ?? 0),
    }));

  const scale = gradeScale.map((g) => g.grade);
  const fail = gradeScale[gradeScale.length - 1]!.grade;
  return {
    from,
    to,
    enrolment: enrolment.map((e) => ({ department: e.code, departmentName: e.name, students: e.students })),
    attendance: { weeks, departments: attendanceByDepartment },
    results: {
      grades: scale,
      subjects: grades.map((s) => {
        const counts = scale.map((g) => s.counts.get(g) ?? 0);
        const sat = counts.reduce((a, b) => a + b, 0);
        const passed = sat - (s.counts.get(fail) ?? 0);
        return {
          subjectCode: s.subjectCode,
          subjectName: s.subjectName,
          department: s.department,
          sat,
          passed,
          absent: s.counts.get('AB') ?? 0,
          passRate: sat ? roundTo((100 * passed) / sat, 1) : 0,
          counts,
        };
      }),
    },
    library: circulation,
    placement: enrolment.flatMap((e) => {
      const p = offers.get(e.code);
      return p ? [{ department: e.code, departmentName: e.name, applications: p.applications, offers: p.offers }] : [];
    }),
  };
}

/** GET /analytics/performance: average marks by subject over the caller's exams (managers: all), as assessment computes them. */
export const performance = (ctx: AppContext, p: Principal): Promise<Performance> => assessment.performance(ctx, p);

// Reports -------------------------------------------------------------------------------------

const param = (name: ReportParam['name'], kind: ReportParam['kind'], required: boolean, options?: ReportParam['options']): ReportParam => ({
  name,
  label: REPORT_PARAM_LABEL[name],
  kind,
  required,
  ...(options ? { options } : {}),
});

/** GET /reports: every report with its parameters; section and exam choices read live. */
export async function listReports(ctx: AppContext): Promise<ReportList> {
  const [sections, exams, jobs] = await Promise.all([academics.allSections(ctx), assessment.examChoices(ctx), placement.jobChoices(ctx)]);
  const sectionOptions = sections.map((s) => ({ value: s.id, label: `${s.name} (${s.academicYear})` }));
  const params: Record<ReportName, ReportParam[]> = {
    'attendance-register': [param('sectionId', 'select', true, sectionOptions), param('month', 'month', true)],
    'attendance-shortage': [param('sectionId', 'select', false, sectionOptions), param('from', 'date', false), param('to', 'date', false)],
    'marks-by-exam': [param('examId', 'select', true, exams.map((e) => ({ value: e.id, label: e.label })))],
    'library-overdue': [],
    'placement-applications': [param('jobId', 'select', false, jobs.map((j) => ({ value: j.id, label: j.label })))],
  };
  return { reports: REPORT_NAMES.map((name) => ({ name, ...REPORT_TEXT[name], params: params[name] })) };
}

const required = <T>(value: T | undefined, path: string, message: string): T => {
  if (value === undefined) throw badRequest(message, 'VALIDATION_FAILED', [{ path, message }]);
  return value;
};

type Sheet = { title: string; fileName: string; rows: CsvCell[][] };

/** Attendance register of a section for a month: per student, each subject's attended/marked and the month's total. */
async function attendanceRegister(ctx: AppContext, q: ReportQuery): Promise<Sheet> {
  const sectionId = required(q.sectionId, 'sectionId', MSG.reportSectionRequired);
  const month = required(q.month, 'month', MSG.reportMonthRequired);
  const [section] = await academics.sectionsByIds(ctx, [sectionId]);
  if (!section) throw notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND');
  const from = `${month}-01`;
  const to = addDays(addDays(from, 32).slice(0, 8) + '01', -1);
  const [subjects, roster] = await Promise.all([academics.assignmentsOfSection(ctx, sectionId), academics.sectionRoster(ctx, sectionId)]);
  const totals = await attendance.studentTotals(ctx, { from, to, assignmentIds: subjects.map((s) => s.id) });
  const header: CsvCell[] = ['Roll No', 'Name', ...subjects.map((s) => `${s.subjectCode} (attended/marked)`), 'Attended', 'Marked', 'Percent'];
  const rows: CsvCell[][] = [header];
  for (const st of roster) {
    const all = totals.of(st.id);
    rows.push([
      st.studentId ?? '',
      st.name,
      ...subjects.map((s) => {
        const c = totals.ofAssignment(st.id, s.id);
        return c ? `${c.attended}/${c.marked}` : '';
      }),
      all.attended,
      all.marked,
      all.marked ? all.att : '',
    ]);
  }
  return { title: `${section.name} ${month}`, fileName: `attendance-register-${section.name}-${month}`, rows };
}

/** Students whose attendance over the range (default: everything up to today) is below the threshold, lowest first. */
async function attendanceShortage(ctx: AppContext, q: ReportQuery): Promise<Sheet> {
  const to = q.to ?? today(ctx);
  const from = q.from ?? '1970-01-01';
  let assignmentIds: string[] | undefined;
  let roster: Set<string> | undefined;
  let sectionName = 'all';
  if (q.sectionId) {
    const [section] = await academics.sectionsByIds(ctx, [q.sectionId]);
    if (!section) throw notFound(MSG.sectionNotFound, 'SECTION_NOT_FOUND');
    sectionName = section.name;
    const [subjects, students] = await Promise.all([academics.assignmentsOfSection(ctx, q.sectionId), academics.sectionRoster(ctx, q.sectionId)]);
    assignmentIds = subjects.map((s) => s.id);
    roster = new Set(students.map((s) => s.id));
  }
  const totals = await attendance.studentTotals(ctx, { from, to, ...(assignmentIds ? { assignmentIds } : {}) });
  const threshold = await attendance.threshold(ctx);
  const below = totals.students
    .filter((id) => !roster || roster.has(id))
    .map((id) => ({ id, ...totals.of(id) }))
    .filter((s) => s.marked > 0 && s.att < threshold)
    .sort((a, b) => a.att - b.att);
  const ids = below.map((s) => s.id);
  const [people, sections] = await Promise.all([users.usersByIds(ctx, ids), academics.sectionsOfStudents(ctx, ids)]);
  const rows: CsvCell[][] = [['Roll No', 'Name', 'Email', 'Section', 'Attended', 'Marked', 'Percent', 'Threshold']];
  for (const s of below) {
    const p = people.get(s.id);
    rows.push([p?.studentId ?? '', p?.name ?? '', p?.email ?? '', sections.get(s.id)?.map((x) => x.name).join(', ') ?? '', s.attended, s.marked, s.att, threshold]);
  }
  return { title: 'Below threshold', fileName: `attendance-below-${threshold}-${sectionName}-${to}`, rows };
}

/** One exam's marks: every student of its section with marks, percent and grade (AB when absent). */
async function marksByExam(ctx: AppContext, q: ReportQuery): Promise<Sheet> {
  const examId = required(q.examId, 'examId', MSG.reportExamRequired);
  const [{ exam, students }, scale] = await Promise.all([assessment.examSheet(ctx, examId), settings.gradeScale(ctx)]);
  const rows: CsvCell[][] = [['Roll No', 'Name', 'Marks', 'Maximum', 'Percent', 'Grade', 'Remarks']];
  for (const s of students) {
    const m = s.mark;
    if (!m) rows.push([s.rollNumber ?? '', s.name, '', exam.maxMarks, '', '', '']);
    else if (m.absent || m.marks === null) rows.push([s.rollNumber ?? '', s.name, 'AB', exam.maxMarks, '', 'AB', m.remarks ?? '']);
    else {
      const percent = roundTo((100 * Number(m.marks)) / exam.maxMarks, 2);
      rows.push([s.rollNumber ?? '', s.name, Number(m.marks), exam.maxMarks, percent, gradeOn(scale, percent).grade, m.remarks ?? '']);
    }
  }
  return { title: exam.label, fileName: `marks-${exam.subjectCode}-${exam.section}-${exam.name}`, rows };
}

/** Loans overdue now or holding an unsettled fine. */
async function libraryOverdue(ctx: AppContext): Promise<Sheet> {
  const loans = await library.overdueAndFines(ctx, REPORT_ROW_CAP);
  const rows: CsvCell[][] = [['Member', 'Email', 'Student ID', 'Book', 'ISBN', 'Issued on', 'Due on', 'Returned on', 'Status', 'Days overdue', 'Fine (₹)', 'Fine status']];
  for (const l of loans) {
    rows.push([
      l.member.name,
      l.member.email,
      l.member.studentId ?? '',
      l.book.title,
      l.book.isbn ?? '',
      l.issuedOn.slice(0, 10),
      l.dueOn.slice(0, 10),
      l.returnedOn?.slice(0, 10) ?? '',
      l.status,
      l.daysOverdue,
      l.fineAccrued,
      l.fineStatus,
    ]);
  }
  return { title: 'Overdue and fines', fileName: `library-overdue-${today(ctx)}`, rows };
}

/** Placement applications of one job (jobId) or of every job, by company and role, first applied first. */
async function placementApplications(ctx: AppContext, q: ReportQuery): Promise<Sheet> {
  const list = await placement.applicationsForReport(ctx, q.jobId, REPORT_ROW_CAP);
  const rows: CsvCell[][] = [['Company', 'Role', 'Student name', 'Student ID', 'Department', 'CGPA', 'Status', 'Applied at']];
  for (const a of list) rows.push([a.company, a.role, a.student.name, a.student.studentId ?? '', a.student.department ?? '', a.cgpa ?? '', a.status, collegeClock(ctx.config.timeZone, new Date(a.appliedAt)).date]);
  const job = q.jobId ? list[0] : undefined;
  const what = job ? `${job.company} ${job.role}`.slice(0, 60) : q.jobId ? 'job' : 'all';
  return { title: 'Placement applications', fileName: `placement-applications-${what}-${today(ctx)}`, rows };
}

const BUILDERS: Record<ReportName, (ctx: AppContext, q: ReportQuery) => Promise<Sheet>> = {
  'attendance-register': attendanceRegister,
  'attendance-shortage': attendanceShortage,
  'marks-by-exam': marksByExam,
  'library-overdue': libraryOverdue,
  'placement-applications': placementApplications,
};

/** GET /reports/{name}: the report as .xlsx or CSV (text cells that look like formulas made inert by both writers). */
export async function buildReport(ctx: AppContext, p: Principal, name: ReportName, q: ReportQuery) {
  const sheet = await BUILDERS[name](ctx, q);
  const { format, ...params } = q;
  await audit.record(ctx, p, { action: 'report.downloaded', target: { type: 'report', id: name, label: sheet.title }, details: { format, ...params, rows: Math.max(0, sheet.rows.length - 1) } });
  const base = sheet.fileName.replace(/[^A-Za-z0-9-]+/g, '-').replace(/-+$/, '');
  return q.format === 'csv'
    ? { type: CSV_TYPE, filename: `${base}.csv`, body: toCsv(sheet.rows) as string | Buffer }
    : { type: XLSX_TYPE, filename: `${base}.xlsx`, body: xlsxOf(sheet.rows, sheet.title.replace(/[^A-Za-z0-9 -]+/g, '-').slice(0, 31) || 'Report') as string | Buffer };
}
