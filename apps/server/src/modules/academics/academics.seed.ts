import { sql } from 'drizzle-orm';
import { nextSectionName, nextTermOf, nextYearOf } from '@crs/shared/schemas/rollover';
import type { RolloverPlan, RolloverSection } from '@crs/shared/schemas/rollover';
import type { AppContext } from '../../context.ts';
import { prng } from '../../lib/prng.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import * as assessment from '../assessment/assessment.service.ts';
import * as settings from '../settings/settings.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './academics.repository.ts';

// The demo college's academic year (decision 0023): five departments, 40 subjects of semesters 3
// and 5, ten sections of 20 students, a teacher per subject and section, and a weekly timetable in
// which the demo teacher (Dr. Meera Iyer) and the demo student (Aarav Sharma, CSE-3A) have classes
// every working day (Monday to Saturday) between 09:00 and 17:00. No classes on Sundays (issue 25).
// The demo student's batch (CSE, now in semester 3) also has its finished first year (issue 27
// item 7): the common first-year subjects, last year's sections CSE-1A/1B and CSE-2A/2B with their
// teachers, and the two rollovers that promoted the batch (seedDemoPromotions) — so their grade
// cards and transcript have every finished term, and their current screens only this one.

export const DEMO_ACADEMIC_YEAR = '2026-27';

export const DEMO_DEPARTMENTS: Array<[code: string, name: string]> = [
  ['CSE', 'Computer Science and Engineering'],
  ['ECE', 'Electronics and Communication Engineering'],
  ['ME', 'Mechanical Engineering'],
  ['CE', 'Civil Engineering'],
  ['EEE', 'Electrical and Electronics Engineering'],
];

/** department → semester → [code, name, credits]. */
export const DEMO_SUBJECTS: Record<string, Record<number, Array<[string, string, number]>>> = {
  CSE: {
    3: [['CS301', 'Data Structures', 4], ['CS302', 'Database Management Systems', 4], ['CS303', 'Discrete Mathematics', 3], ['CS304', 'Digital Logic Design', 3]],
    5: [['CS501', 'Operating Systems', 4], ['CS502', 'Design and Analysis of Algorithms', 4], ['CS503', 'Computer Networks', 4], ['CS504', 'Theory of Computation', 3]],
  },
  ECE: {
    3: [['EC301', 'Electronic Devices and Circuits', 4], ['EC302', 'Signals and Systems', 4], ['EC303', 'Network Analysis', 3], ['EC304', 'Digital System Design', 3]],
    5: [['EC501', 'Analog Communication', 4], ['EC502', 'Microprocessors and Microcontrollers', 4], ['EC503', 'Digital Signal Processing', 4], ['EC504', 'Control Systems', 3]],
  },
  ME: {
    3: [['ME301', 'Engineering Thermodynamics', 4], ['ME302', 'Strength of Materials', 4], ['ME303', 'Manufacturing Processes', 3], ['ME304', 'Engineering Materials', 3]],
    5: [['ME501', 'Fluid Mechanics and Machinery', 4], ['ME502', 'Dynamics of Machinery', 4], ['ME503', 'Heat and Mass Transfer', 4], ['ME504', 'Machine Design', 3]],
  },
  CE: {
    3: [['CE301', 'Surveying', 4], ['CE302', 'Mechanics of Solids', 4], ['CE303', 'Building Materials and Construction', 3], ['CE304', 'Fluid Mechanics', 3]],
    5: [['CE501', 'Structural Analysis', 4], ['CE502', 'Geotechnical Engineering', 4], ['CE503', 'Transportation Engineering', 4], ['CE504', 'Environmental Engineering', 3]],
  },
  EEE: {
    3: [['EE301', 'Electrical Circuit Analysis', 4], ['EE302', 'Electrical Machines I', 4], ['EE303', 'Analog Electronics', 3], ['EE304', 'Electromagnetic Fields', 3]],
    5: [['EE501', 'Power Systems I', 4], ['EE502', 'Power Electronics', 4], ['EE503', 'Electrical Machines II', 4], ['EE504', 'Linear Integrated Circuits', 3]],
  },
};

/**
 * The common first year of an Indian engineering college (AICTE model curriculum), taught to the
 * demo student's batch last year: semester → [code, name, credits]. Offered by CSE for its batch.
 */
export const DEMO_FIRST_YEAR: Record<number, Array<[string, string, number]>> = {
  1: [['MA101', 'Engineering Mathematics I', 4], ['PH101', 'Engineering Physics', 4], ['EE101', 'Basic Electrical Engineering', 4], ['ME101', 'Engineering Graphics and Design', 3], ['HS101', 'Communicative English', 2]],
  2: [['MA201', 'Engineering Mathematics II', 4], ['CY201', 'Engineering Chemistry', 4], ['CS201', 'Programming for Problem Solving', 4], ['EC201', 'Basic Electronics Engineering', 3], ['ME201', 'Workshop and Manufacturing Practice', 2]],
};
/** Last year, the year the demo student's batch did semesters 1 and 2 in. */
export const DEMO_PREVIOUS_YEAR = '2025-26';
/** Which department's faculty teaches a first-year subject, by its code's prefix (the rest: CSE's). */
const FIRST_YEAR_TEACHERS: Record<string, string> = { EE: 'EEE', ME: 'ME', EC: 'ECE' };

/** Sections of this year: CSE has two in semester 3 (the demo teacher's and the demo student's). */
export const DEMO_SECTIONS: Array<[name: string, dept: string, semester: number]> = [
  ['CSE-3A', 'CSE', 3],
  ['CSE-3B', 'CSE', 3],
  ['CSE-5A', 'CSE', 5],
  ['ECE-3A', 'ECE', 3],
  ['ECE-5A', 'ECE', 5],
  ['ME-3A', 'ME', 3],
  ['ME-5A', 'ME', 5],
  ['CE-3A', 'CE', 3],
  ['CE-5A', 'CE', 5],
  ['EEE-3A', 'EEE', 3],
];

/** Faculty added by this seed (the demo accounts' teachers are reused), by department. */
export const DEMO_FACULTY: Array<[name: string, dept: string]> = [
  ['Dr. Rajesh Krishnan', 'CSE'],
  ['Prof. Sneha Kulkarni', 'CSE'],
  ['Dr. Arvind Subramanian', 'CSE'],
  ['Prof. Pooja Hegde', 'ECE'],
  ['Dr. Venkatesh Rao', 'ECE'],
  ['Dr. Harish Chandra', 'ME'],
  ['Prof. Deepak Shetty', 'ME'],
  ['Dr. Shalini Mishra', 'CE'],
  ['Prof. Ramesh Gowda', 'CE'],
  ['Dr. Anjali Saxena', 'EEE'],
  ['Prof. Nitin Deshmukh', 'EEE'],
];

const DEPT_NAME = Object.fromEntries(DEMO_DEPARTMENTS);

const FIRST = [
  'Aditya', 'Aishwarya', 'Akash', 'Amrita', 'Anirudh', 'Anjali', 'Ankit', 'Aparna', 'Bhavana', 'Chetan', 'Deepika', 'Devansh', 'Divya', 'Gaurav', 'Harini', 'Harsh',
  'Isha', 'Jayesh', 'Kavya', 'Karthik', 'Keerthana', 'Kunal', 'Lavanya', 'Madhav', 'Meghna', 'Mohit', 'Nandini', 'Nikhil', 'Niharika', 'Pranav', 'Prerna', 'Rahul',
  'Riya', 'Sahil', 'Sanjana', 'Shreya', 'Soumya', 'Tanvi', 'Tarun', 'Varun', 'Vidya', 'Vignesh', 'Yash', 'Zoya', 'Abhishek', 'Pallavi', 'Suraj', 'Swathi',
];
const LAST = [
  'Agarwal', 'Bhat', 'Chatterjee', 'Das', 'Desai', 'Ghosh', 'Gupta', 'Iyer', 'Jain', 'Kapoor', 'Kulkarni', 'Kumar', 'Menon', 'Mishra', 'Nair', 'Naidu',
  'Patel', 'Pillai', 'Prasad', 'Rao', 'Reddy', 'Saxena', 'Sen', 'Shah', 'Sharma', 'Shetty', 'Sinha', 'Srinivasan', 'Thakur', 'Varma', 'Verma', 'Yadav',
];

/** The teaching periods of a day (minutes after midnight), 09:00–17:00 with a tea and a lunch break. */
export const PERIODS: Array<[number, number]> = [
  [9 * 60, 10 * 60],
  [10 * 60, 11 * 60],
  [11 * 60 + 15, 12 * 60 + 15],
  [12 * 60 + 15, 13 * 60 + 15],
  [14 * 60, 15 * 60],
  [15 * 60, 16 * 60],
  [16 * 60, 17 * 60],
];

const STUDENTS_PER_SECTION = 20;
const DEMO_TEACHER = 'teacher@demo.crs';
const DEMO_STUDENT = 'student@demo.crs';
const DEMO_ADMIN = 'admin@demo.crs';

/**
 * Seeds the academic structure through the repository in one transaction, on a database whose
 * demo accounts exist. False when there were departments already (or no demo teacher).
 */
export async function seedDemoAcademics(ctx: AppContext): Promise<boolean> {
  if ((await repo.listDepartments(ctx.db)).length > 0) return false;
  const rand = prng(20261123);
  return ctx.db.transaction(async (tx) => {
    const teachers = await users.activeUsersWithRole(ctx, 'Teacher', tx);
    const demoTeacher = teachers.find((t) => t.email === DEMO_TEACHER);
    if (!demoTeacher) return false;
    const existingStudents = await users.activeUsersWithRole(ctx, 'Student', tx);

    const deptIds = new Map<string, string>();
    for (const [code, name] of DEMO_DEPARTMENTS) deptIds.set(code, await repo.insertDepartment(tx, { code, name }));

    const subjectIds = new Map<string, string>();
    const subjectList = Object.entries({ ...DEMO_SUBJECTS, CSE: { ...DEMO_FIRST_YEAR, ...DEMO_SUBJECTS.CSE } }).flatMap(([dept, bySem]) =>
      Object.entries(bySem).flatMap(([sem, list]) => list.map(([code, name, credits]) => ({ code, name, credits, semester: Number(sem), departmentId: deptIds.get(dept)! }))),
    );
    (await repo.insertSubjects(tx, subjectList)).forEach((id, i) => subjectIds.set(subjectList[i]!.code, id));

    const sectionValues = DEMO_SECTIONS.map(([name, dept, semester]) => ({ name, departmentId: deptIds.get(dept)!, semester, academicYear: DEMO_ACADEMIC_YEAR }));
    const sectionIds = await repo.insertSections(tx, sectionValues);
    const sectionId = new Map(DEMO_SECTIONS.map(([name], i) => [name, sectionIds[i]!]));

    // Faculty: the seed's own plus the demo teachers already there, by department.
    const faculty = await users.insertDemoUsers(
      ctx,
      'Teacher',
      DEMO_FACULTY.map(([name, dept]) => ({ name, email: users.demoEmailOf(name), department: DEPT_NAME[dept]!, departmentId: deptIds.get(dept)!, phone: null })),
      tx,
    );
    const byDept = new Map<string, string[]>();
    DEMO_FACULTY.forEach(([, dept], i) => byDept.set(dept, [...(byDept.get(dept) ?? []), faculty[i]!.id]));
    for (const t of teachers) {
      const dept = DEMO_DEPARTMENTS.find(([, name]) => name === t.department)?.[0];
      if (dept && t.id !== demoTeacher.id) byDept.set(dept, [...(byDept.get(dept) ?? []), t.id]);
    }

    // Students: 20 per section; the demo student and the demo accounts of a department go first (to
    // its 3A section; Arjun Pillai, who joined CSE from the closed IT programme, to CSE-5A, so CSE-3A
    // keeps the roster the marks fixtures name).
    const FIFTH_SEMESTER = new Set([users.demoEmailOf('Arjun Pillai')]);
    const used = new Set(existingStudents.map((s) => s.email));
    const enrolment: Array<{ sectionId: string; studentId: string }> = [];
    const fresh: Array<{ name: string; email: string; department: string; departmentId: string; phone: string | null; section: string; sectionId: string }> = [];
    for (const [name, dept] of DEMO_SECTIONS) {
      const mine = existingStudents.filter((s) => (s.email === DEMO_STUDENT ? name === 'CSE-3A' : s.department === DEPT_NAME[dept] && name === `${dept}-${FIFTH_SEMESTER.has(s.email) ? 5 : 3}A`));
      for (const s of mine) enrolment.push({ sectionId: sectionId.get(name)!, studentId: s.id });
      for (let k = mine.length; k < STUDENTS_PER_SECTION; k++) {
        let first = '';
        let last = '';
        let email = '';
        do {
          first = FIRST[Math.floor(rand() * FIRST.length)]!;
          last = LAST[Math.floor(rand() * LAST.length)]!;
          email = `${first}.${last}@demo.crs`.toLowerCase();
        } while (used.has(email));
        used.add(email);
        fresh.push({
          name: `${first} ${last}`,
          email,
          department: DEPT_NAME[dept]!,
          departmentId: deptIds.get(dept)!,
          phone: `9${String(Math.floor(rand() * 1e9)).padStart(9, '0')}`,
          section: name,
          sectionId: sectionId.get(name)!,
        });
      }
    }
    const created = await users.insertDemoUsers(ctx, 'Student', fresh, tx);
    created.forEach((row, i) => enrolment.push({ sectionId: sectionId.get(fresh[i]!.section)!, studentId: row.id }));
    await repo.enrol(tx, enrolment);
    // One student record (decision 0036): the accounts made before Academics get their department
    // and their section (the enrolment above) on their record.
    await users.linkDepartments(ctx, DEMO_DEPARTMENTS.map(([code, name]) => ({ id: deptIds.get(code)!, code, name })), tx);
    for (const [name, dept] of DEMO_SECTIONS) {
      const id = sectionId.get(name)!;
      const joined = enrolment.filter((e) => e.sectionId === id).map((e) => e.studentId);
      await users.sectionJoined(ctx, joined, { id, name, departmentId: deptIds.get(dept)!, department: DEPT_NAME[dept]! }, tx);
    }

    // Teaching assignments: the demo teacher takes CS301 in CSE-3A and CSE-3B, CS302 in CSE-3A
    // and CS503 in CSE-5A; the rest go round the department's faculty.
    const assignments: Array<{ teacherId: string; subjectId: string; sectionId: string; section: string }> = [];
    const demoPairs = new Set(['CS301|CSE-3A', 'CS301|CSE-3B', 'CS302|CSE-3A', 'CS503|CSE-5A']);
    const turn = new Map<string, number>();
    for (const [name, dept, semester] of DEMO_SECTIONS) {
      for (const [code] of DEMO_SUBJECTS[dept]![semester]!) {
        let teacherId = demoTeacher.id;
        if (!demoPairs.has(`${code}|${name}`)) {
          const pool = byDept.get(dept)!;
          const n = turn.get(dept) ?? 0;
          turn.set(dept, n + 1);
          teacherId = pool[n % pool.length]!;
        }
        assignments.push({ teacherId, subjectId: subjectIds.get(code)!, sectionId: sectionId.get(name)!, section: name });
      }
    }
    const assignmentIds = await repo.insertAssignments(tx, assignments);

    // The week: a subject meets as many times as its credits, on days spread over Monday–Saturday
    // (each section's subjects start on different days), in the first period free for both the
    // section and the teacher, periods rotated per section and day. Nothing on Sundays. Each
    // section keeps its home room.
    const busy = new Set<string>();
    const slots: repo.SlotValues[] = [];
    const credits = new Map(subjectList.map((s) => [subjectIds.get(s.code)!, s.credits]));
    assignments.forEach((a, k) => {
      const i = DEMO_SECTIONS.findIndex(([name]) => name === a.section);
      const j = k % 4;
      const n = credits.get(a.subjectId)!;
      const start = (i + j * 3 + (j >= 2 ? 1 : 0)) % 6;
      for (let m = 0; m < n; m++) {
        const weekday = ((start + Math.floor((m * 6) / n)) % 6) + 1;
        const order = PERIODS.map((_, p) => (p + weekday * 3 + i * 2 + j) % PERIODS.length);
        const p = order.find((q) => !busy.has(`s|${a.sectionId}|${weekday}|${q}`) && !busy.has(`t|${a.teacherId}|${weekday}|${q}`));
        if (p === undefined) continue;
        busy.add(`s|${a.sectionId}|${weekday}|${p}`);
        busy.add(`t|${a.teacherId}|${weekday}|${p}`);
        const [startMin, endMin] = PERIODS[p]!;
        slots.push({ assignmentId: assignmentIds[k]!, teacherId: a.teacherId, sectionId: a.sectionId, weekday, startMin, endMin, room: roomOf(a.section) });
      }
    });
    await repo.insertSlots(tx, slots);

    // The batch's first year: for each CSE section of semester 3, last year's sections of semesters
    // 1 and 2 with the same students, each first-year subject taught there by a teacher of the
    // department that teaches it (never the demo teacher: their classes are this term's four).
    const firstYear: Array<{ teacherId: string; subjectId: string; sectionId: string }> = [];
    for (const [name, dept, semester] of DEMO_SECTIONS.filter(([, d, sem]) => d === 'CSE' && sem === 3)) {
      const students = enrolment.filter((e) => e.sectionId === sectionId.get(name)).map((e) => e.studentId);
      for (const sem of [1, 2]) {
        const pastName = name.replace(`-${semester}`, `-${sem}`);
        const [pastId] = await repo.insertSections(tx, [{ name: pastName, departmentId: deptIds.get(dept)!, semester: sem, academicYear: DEMO_PREVIOUS_YEAR }]);
        await repo.enrol(
          tx,
          students.map((studentId) => ({ sectionId: pastId!, studentId })),
        );
        for (const [code] of DEMO_FIRST_YEAR[sem]!) {
          const from = FIRST_YEAR_TEACHERS[code.slice(0, 2)] ?? 'CSE';
          const pool = byDept.get(from)!;
          const n = turn.get(from) ?? 0;
          turn.set(from, n + 1);
          firstYear.push({ teacherId: pool[n % pool.length]!, subjectId: subjectIds.get(code)!, sectionId: pastId! });
        }
      }
    }
    await repo.insertAssignments(tx, firstYear);
    return true;
  });
}

/**
 * The two rollovers that promoted the demo student's batch through its first year (issue 27 item
 * 7), as a real run would have recorded them (decision 0045) once that term's results were out:
 * run by the demo Admin at the end of each term, every student promoted (the plan with each
 * student's failed credits, the rule in force); the sections they left stay their closed terms.
 * Called after the exams are seeded; false when there is no first year or it was recorded already.
 */
export async function seedDemoPromotions(ctx: AppContext): Promise<boolean> {
  const past = (await repo.sectionRefs(ctx.db)).filter((s) => s.academicYear === DEMO_PREVIOUS_YEAR && s.departmentCode === 'CSE');
  if (past.length === 0 || (await repo.findRollover(ctx.db, { academicYear: DEMO_PREVIOUS_YEAR, term: 'odd' }))) return false;
  const adminId = await users.userIdByEmail(ctx, DEMO_ADMIN);
  const everySection = await repo.sectionRefs(ctx.db);
  const today = collegeClock(ctx.config.timeZone).date;
  const rule = await settings.current(ctx);
  const subjects = await repo.allSubjects(ctx.db);
  const credits = new Map(subjects.map((s) => [s.id, s.credits]));
  const assignments = await repo.allAssignments(ctx.db, {});
  const teachers = await users.usersByIds(
    ctx,
    assignments.map((a) => a.teacherId),
  );
  await ctx.db.transaction(async (tx) => {
    // Semester 1 closed two terms ago (the odd term), semester 2 one term ago (the even term).
    for (const [semester, term, termsBack] of [[1, 'odd', 2], [2, 'even', 1]] as const) {
      const closing = past.filter((s) => s.semester === semester);
      const rosters = new Map<string, string[]>();
      for (const s of closing) rosters.set(s.id, await repo.sectionStudentIds(tx, s.id));
      const failed = await assessment.failedCreditsOf(ctx, rosters, credits, tx);
      const people = await users.usersByIds(ctx, [...rosters.values()].flat(), tx);
      const planSections: RolloverSection[] = closing.map((s) => {
        const nextName = nextSectionName(s.name, s.semester);
        const next = everySection.find((x) => x.name === nextName && x.academicYear === nextYearOf(DEMO_PREVIOUS_YEAR, s.semester))!;
        return {
          _id: s.id,
          name: s.name,
          department: s.departmentName,
          semester: s.semester,
          academicYear: s.academicYear,
          next: { name: next.name, academicYear: next.academicYear, semester: next.semester, exists: false },
          students: rosters.get(s.id)!.map((id) => {
            const fc = failed.get(id) ?? 0;
            const held = rule.holdBackFailedCreditsAbove !== null && fc > rule.holdBackFailedCreditsAbove;
            return { _id: id, name: people.get(id)?.name ?? '', studentId: people.get(id)?.studentId ?? null, action: 'promote' as const, reason: null, overridden: held, attendance: null, failedCredits: fc };
          }),
          subjects: assignments
            .filter((a) => a.sectionId === next.id)
            .map((a) => ({ code: a.subjectCode, name: a.subjectName, credits: a.credits, teacher: teachers.get(a.teacherId)?.name ?? null })),
        };
      });
      const students = planSections.reduce((n, s) => n + s.students.length, 0);
      const following = nextTermOf(DEMO_PREVIOUS_YEAR, term);
      const summary: RolloverPlan = {
        academicYear: DEMO_PREVIOUS_YEAR,
        term,
        nextAcademicYear: following.academicYear,
        nextTerm: following.term,
        rule: { attendanceBelow: rule.holdBackAttendanceBelow, failedCreditsAbove: rule.holdBackFailedCreditsAbove },
        sections: planSections,
        counts: {
          students,
          promoted: students,
          held: 0,
          graduated: 0,
          sectionsCreated: planSections.length,
          assignmentsCarried: planSections.reduce((n, s) => n + s.subjects.length, 0),
          assignmentsEmpty: 0,
          alumniCreated: 0,
        },
      };
      // At the end of that term, about half a year per term back (the exams' seed dates them so).
      const ranAt = new Date(`${addDays(today, 45 - 182 * termsBack)}T10:00:00+05:30`);
      const run = await repo.insertRollover(tx, { academicYear: DEMO_PREVIOUS_YEAR, term, summary, ranBy: adminId ?? null, ranAt });
      await repo.insertRolloverStudents(
        tx,
        planSections.flatMap((s) => s.students.map((st) => ({ runId: run.id, studentId: st._id, action: 'promote', fromSectionId: s._id, toSectionId: everySection.find((x) => x.name === s.next!.name && x.academicYear === s.next!.academicYear)!.id }))),
      );
    }
  });
  return true;
}

/** "CSE-3A" → "CSE-301" (department block, floor = semester, room per section letter). */
export function roomOf(section: string): string {
  const [dept, rest] = section.split('-') as [string, string];
  return `${dept}-${rest[0]}0${rest.charCodeAt(1) - 64}`;
}

/**
 * The attendance bench's teaching assignments (`db:seed-attendance`): one teacher (`email`, password
 * DEMO_PASSWORD) teaching `sections` sections of `students` students each, one subject per
 * section meeting four times a week. Returns the teacher's id.
 */
export async function seedBenchAssignments(ctx: AppContext, opts: { email: string; sections: number; students: number }): Promise<string> {
  const teacherId = await ctx.db.transaction(async (tx) => {
    const tag = Date.now().toString(36).toUpperCase().slice(-5);
    const [teacher] = await users.insertDemoUsers(ctx, 'Teacher', [{ name: 'Dr. Bench Teacher', email: opts.email, department: 'Computer Science and Engineering', phone: null }], tx);
    const dept = await repo.insertDepartment(tx, { code: `B${tag}`, name: `Bench ${tag}` });
    for (let i = 0; i < opts.sections; i++) {
      const [subjectId] = await repo.insertSubjects(tx, [{ code: `B${tag}${i}`, name: `Bench Subject ${i + 1}`, departmentId: dept, semester: 5, credits: 4 }]);
      const [sectionId] = await repo.insertSections(tx, [{ name: `B${tag}-${i}`, departmentId: dept, semester: 5, academicYear: DEMO_ACADEMIC_YEAR }]);
      const students = await users.insertDemoUsers(
        ctx,
        'Student',
        Array.from({ length: opts.students }, (_, k) => ({ name: `Bench Student ${i}-${k}`, email: `bench.${tag.toLowerCase()}.${i}.${k}@demo.crs`, department: 'Computer Science and Engineering', phone: null })),
        tx,
      );
      await repo.enrol(
        tx,
        students.map((s) => ({ sectionId: sectionId!, studentId: s.id })),
      );
      const [assignmentId] = await repo.insertAssignments(tx, [{ teacherId: teacher!.id, subjectId: subjectId!, sectionId: sectionId! }]);
      const days = [1, 2, 3, 4, 5, 6].filter((_, d) => (d + i) % 3 !== 0).slice(0, 4);
      await repo.insertSlots(
        tx,
        days.map((weekday) => ({ assignmentId: assignmentId!, teacherId: teacher!.id, sectionId: sectionId!, weekday, startMin: PERIODS[i % PERIODS.length]![0], endMin: PERIODS[i % PERIODS.length]![1], room: `B${tag}-R${i}` })),
      );
    }
    return teacher!.id;
  });
  // Planner statistics after the bulk writes (the embedded database has no autovacuum).
  await ctx.db.execute(sql`analyze departments, subjects, sections, section_students, teaching_assignments, timetable_slots`);
  return teacherId;
}

/** The morning-rush bench's accounts (`db:seed-students`): `rush.<i>@demo.crs`, i from 1. */
export const rushStudentEmail = (i: number) => `rush.${i}@demo.crs`;

/**
 * The morning-rush bench (issue 29, `db:seed-students`): `count` more students (password
 * DEMO_PASSWORD, one hash for all), dealt round the demo college's sections of the current year,
 * each enrolled there with that section and department on their record, so their dashboards read
 * the section's timetable, classes, notices and exams. One transaction. Returns how many.
 */
export async function seedRushStudents(ctx: AppContext, count: number): Promise<number> {
  const { rows: list } = await repo.listSections(ctx.db, { academicYear: DEMO_ACADEMIC_YEAR, page: 1, pageSize: 1000 });
  if (list.length === 0) throw new Error(`No sections of ${DEMO_ACADEMIC_YEAR}: seed the demo college first.`);
  await ctx.db.transaction(async (tx) => {
    for (let from = 0; from < count; from += 1000) {
      const batch = Array.from({ length: Math.min(1000, count - from) }, (_, k) => {
        const i = from + k + 1;
        const s = list[i % list.length]!;
        return { name: `Rush Student ${i}`, email: rushStudentEmail(i), department: DEPT_NAME[s.department] ?? s.department, departmentId: s.departmentId, phone: null, section: s.name, sectionId: s.id };
      });
      const created = await users.insertDemoUsers(ctx, 'Student', batch, tx);
      await repo.enrol(
        tx,
        created.map((row, k) => ({ sectionId: batch[k]!.sectionId, studentId: row.id })),
      );
    }
  });
  // Planner statistics after the bulk writes (the embedded database has no autovacuum).
  await ctx.db.execute(sql`analyze users, section_students`);
  return count;
}
