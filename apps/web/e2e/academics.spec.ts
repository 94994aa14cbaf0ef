import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '@crs/shared/messages';
import { checkScreen, clearHolidays, collegeDate, DEMO, DEMO_PASSWORD, expect, login, loginAs, test, uniqueEmail } from './utils';

// Issue 11 in the browser. Tests that write build their own class through the API (a new teacher,
// department, subject, section, students, assignment and a slot today), so they pass in any order
// and twice on the same server; the read-only walks use the seeded demo college.

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });
// Each writing test builds a whole class through the API first and walks several screens.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'secret123';
const YEAR = '2026-27';

/** The college's time zone: the servers' (they inherit this environment), else their default. */
const COLLEGE_TZ = process.env.CRS_TIMEZONE ?? 'Asia/Kolkata';

/** Today's ISO weekday (1 = Monday) in the college's time zone. */
function collegeWeekday(): number {
  const short = new Intl.DateTimeFormat('en-US', { timeZone: COLLEGE_TZ, weekday: 'short' }).format(new Date());
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short) + 1;
}

/** Seconds left until midnight on the college's clock. */
function secondsToCollegeMidnight(): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: COLLEGE_TZ, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return 86_400 - (part('hour') * 3600 + part('minute') * 60 + part('second'));
}

/**
 * A writing test puts a slot on today's weekday and then reads today's screens and today's
 * attendance session; if the college's midnight fell in between (or its last minute, when the
 * 00:00-23:59 slot has ended), the server would be on another day than the slot. Close to
 * midnight, wait until just after it first (the test's time limit grows by the wait).
 */
async function clearOfCollegeMidnight(): Promise<void> {
  const left = secondsToCollegeMidnight();
  if (left > 5 * 60) return;
  test.info().setTimeout(test.info().timeout + (left + 10) * 1000);
  await new Promise((resolve) => setTimeout(resolve, (left + 5) * 1000));
}

async function tokenFor(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.status(), `login ${email}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

type Call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown, expected?: number) => Promise<Record<string, unknown>>;
function caller(request: APIRequestContext, token: string): Call {
  return async (method, path, data, expected) => {
    const res = await request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (expected !== undefined) expect(res.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(expected);
    else expect(res.ok(), `${method} ${path}: ${res.status()} ${JSON.stringify(body)}`).toBe(true);
    return body;
  };
}

type NewUser = { _id: string; name: string; email: string; studentId: string | null };
async function register(request: APIRequestContext, name: string, role: 'Teacher' | 'Student'): Promise<NewUser> {
  const email = uniqueEmail(role.toLowerCase());
  const res = await request.post('/api/v1/auth/register', { data: { name, email, phone: '9876543210', password: PASSWORD, roles: role } });
  expect(res.status()).toBe(201);
  const { user } = (await res.json()) as { user: NewUser };
  return user;
}

/** A unique code per run: department codes allow 10 characters. */
function stamp(): string {
  return `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36).padStart(2, '0')}`.toUpperCase();
}

type Built = { teacher: NewUser; students: NewUser[]; dept: string; subjectCode: string; subjectName: string; section: string; label: string; room: string; assignmentId: string; sectionId: string; admin: Call };

/** A new teacher (approved), three students, a department, subject, section (students enrolled), the teaching assignment and a slot today. */
async function buildClass(request: APIRequestContext, opts: { withSlot?: boolean } = {}): Promise<Built> {
  await clearOfCollegeMidnight();
  await clearHolidays(request, [collegeDate()]);
  const s = stamp();
  const admin = caller(request, await tokenFor(request, DEMO.Admin.email));
  const teacher = await register(request, `Dr. Meena Pillai ${s}`, 'Teacher');
  await admin('POST', `/users/${teacher._id}/approve`);
  const students = [];
  for (const name of ['Aarav Kulkarni', 'Diya Reddy', 'Kabir Singh']) students.push(await register(request, `${name} ${s}`, 'Student'));
  const dept = `E${s}`;
  const department = (await admin('POST', '/academics/departments', { code: dept, name: `Electronics ${s}` }, 201)).department as { _id: string };
  const subjectCode = `EC${s}`;
  const subjectName = `Signals and Systems ${s}`;
  const subject = (await admin('POST', '/academics/subjects', { code: subjectCode, name: subjectName, departmentId: department._id, semester: 3, credits: 4 }, 201)).subject as { _id: string };
  const sectionName = `${dept}-3A`;
  const section = (await admin('POST', '/academics/sections', { name: sectionName, departmentId: department._id, semester: 3, academicYear: YEAR }, 201)).section as { _id: string };
  await admin('POST', `/academics/sections/${section._id}/students`, { studentIds: students.map((x) => x._id) });
  const assignment = (await admin('POST', '/academics/assignments', { teacherId: teacher._id, subjectId: subject._id, sectionId: section._id }, 201)).assignment as { _id: string; label: string };
  const room = `LH-${s}`;
  // All day, so it is "today's class" and still upcoming whenever the test runs.
  if (opts.withSlot !== false) await admin('POST', '/academics/timetable', { assignmentId: assignment._id, weekday: collegeWeekday(), start: '00:00', end: '23:59', room }, 201);
  return { teacher, students, dept, subjectCode, subjectName, section: sectionName, label: assignment.label, room, assignmentId: assignment._id, sectionId: section._id, admin };
}

async function signIn(page: Page, email: string, url: RegExp | string) {
  await page.goto('/login');
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(url);
}

test('the teacher takes attendance at 390 px: mark all present, one absent, save twice (one session), export; the dashboard shows it', async ({ page, request }) => {
  const c = await buildClass(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, c.teacher.email, '/dashboard/teacher');

  // Today's Classes from the server lists the new class.
  const today = page.getByRole('region', { name: "Today's Classes" });
  await expect(today.getByText(c.subjectName)).toBeVisible();
  await expect(today.getByText(c.room)).toBeVisible();

  await page.goto('/dashboard/teacher/attendance');
  await page.getByRole('radio', { name: new RegExp(c.label) }).check();
  const register = page.getByRole('region', { name: new RegExp(c.label) });
  for (const st of c.students) await expect(register.getByTestId(`roster-${st.studentId}`)).toContainText(st.name);
  await register.getByRole('button', { name: 'Mark all present' }).click();
  await expect(register.getByText('Present 3 · Absent 0 · Late 0 · Excused 0 · Not marked 0')).toBeVisible();
  const absentee = c.students[1]!;
  await register.getByText('Absent', { exact: true }).nth(1).click();
  await expect(register.getByRole('radio', { name: `Absent: ${absentee.name}` })).toBeChecked();
  await checkScreen(page, 'teacher-attendance');
  await register.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText(MSG.attendanceSaved).first()).toBeVisible();

  // Saving again updates the same session.
  const teacherApi = caller(request, await tokenFor(request, c.teacher.email, PASSWORD));
  const day1 = (await teacherApi('GET', '/attendance/classes')) as { classes: { assignmentId: string; sessionId: string | null }[] };
  const first = day1.classes.find((x) => x.assignmentId === c.assignmentId)?.sessionId;
  expect(first).toBeTruthy();
  await page.reload();
  const again = page.getByRole('region', { name: new RegExp(c.label) });
  await expect(again.getByRole('radio', { name: `Absent: ${absentee.name}` })).toBeChecked();
  await expect(again.getByTestId(`roster-${absentee.studentId}`)).toContainText('0.0% (0 of 1)');
  await expect(again.getByTestId(`roster-${absentee.studentId}`)).toContainText('Below 75%');
  await again.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText(MSG.attendanceSaved).first()).toBeVisible();
  const day2 = (await teacherApi('GET', '/attendance/classes')) as { classes: { assignmentId: string; sessionId: string | null }[] };
  expect(day2.classes.filter((x) => x.assignmentId === c.assignmentId).map((x) => x.sessionId)).toEqual([first]);

  // The register downloads as a file.
  const download = page.waitForEvent('download');
  await again.getByRole('button', { name: 'Export .csv' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);

  // The dashboard's chart: 2 of 3 attended → 66.7 %.
  await page.goto('/dashboard/teacher');
  const overview = page.getByRole('region', { name: 'Attendance Overview' });
  await expect(overview.locator('canvas')).toBeVisible();
  await expect(overview.getByText('Average attendance: 66.7%')).toBeVisible();
  await checkScreen(page, 'teacher-dashboard');
});

test("the student sees their own attendance on the card (warning under 75 %), My Courses and the week's timetable", async ({ page, request }) => {
  const c = await buildClass(request);
  const teacherApi = caller(request, await tokenFor(request, c.teacher.email, PASSWORD));
  const [present, absent, late] = c.students as [NewUser, NewUser, NewUser];
  const day = (await teacherApi('GET', '/attendance/classes')) as { date: string };
  await teacherApi('PUT', '/attendance/sessions', {
    assignmentId: c.assignmentId,
    date: day.date,
    start: '00:00',
    records: [
      { studentId: present._id, status: 'present' },
      { studentId: absent._id, status: 'absent' },
      { studentId: late._id, status: 'late' },
    ],
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, absent.email, '/dashboard/student');
  await expect(page.getByText('0.0%')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: MSG.attendanceBelowThreshold(75) })).toBeVisible();
  await checkScreen(page, 'student-dashboard');

  await page.getByRole('link', { name: 'View Timetable' }).click();
  await expect(page).toHaveURL('/dashboard/student/timetable');
  const todayCard = page.getByRole('region').filter({ has: page.getByText('Today', { exact: true }) });
  await expect(todayCard.getByText(c.subjectName)).toBeVisible();
  await checkScreen(page, 'student-timetable');

  await page.goto('/dashboard/student/courses');
  const row = page.getByTestId(`course-${c.subjectCode}`);
  await expect(row).toContainText(c.subjectName);
  await expect(row).toContainText('0.0%');
  await expect(row).toContainText('Below 75%');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(row).toContainText(c.teacher.name);
  await expect(row).toContainText('4');
  await checkScreen(page, 'student-courses');

  // Another student's attendance is not theirs to read.
  const studentApi = caller(request, await tokenFor(request, absent.email, PASSWORD));
  await studentApi('GET', `/attendance/students/${present._id}`, undefined, 403);
});

test('the admin builds a department, subject, section and slot in Academic Setup; a double-booked section is refused on the form', async ({ page, request }) => {
  const c = await buildClass(request, { withSlot: false });
  const s = stamp();
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'Admin');
  await page.getByRole('link', { name: 'Academics' }).click();
  await expect(page).toHaveURL('/dashboard/admin/academics');
  await expect(page.getByRole('heading', { name: 'Academic Setup' })).toBeVisible();

  await page.getByRole('button', { name: 'Add department' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add department' });
  await dialog.getByLabel('Code').fill(`M${s}`);
  await dialog.getByLabel('Name').fill(`Mechanical Engineering ${s}`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(MSG.departmentCreated).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Subjects' }).click();
  await page.getByRole('button', { name: 'Add subject' }).click();
  dialog = page.getByRole('dialog', { name: 'Add subject' });
  await dialog.getByLabel('Code').fill(`me${s}`);
  await dialog.getByLabel('Name').fill(`Thermodynamics ${s}`);
  await dialog.getByLabel('Department').selectOption({ label: `M${s} — Mechanical Engineering ${s}` });
  await dialog.getByLabel('Semester').fill('3');
  await dialog.getByLabel('Credits').fill('4');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(MSG.subjectCreated).first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search subjects' }).fill(`ME${s}`);
  await expect(page.getByRole('cell', { name: `Thermodynamics ${s}` })).toBeVisible();

  await page.getByRole('tab', { name: 'Sections' }).click();
  await page.getByRole('button', { name: 'Add section' }).click();
  dialog = page.getByRole('dialog', { name: 'Add section' });
  await dialog.getByLabel('Name').fill(`M${s}-3A`);
  await dialog.getByLabel('Academic year').fill(YEAR);
  await dialog.getByLabel('Department').selectOption({ label: `M${s} — Mechanical Engineering ${s}` });
  await dialog.getByLabel('Semester').fill('3');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(MSG.sectionCreated).first()).toBeVisible();

  // A slot for the API-built class, then a second one for the same section at an overlapping time.
  await page.getByRole('tab', { name: 'Timetable' }).click();
  for (const [room, refused] of [[c.room, false], [`${c.room}-B`, true]] as const) {
    await page.getByRole('button', { name: 'Add slot' }).click();
    dialog = page.getByRole('dialog', { name: 'Add slot' });
    await dialog.getByLabel('Class').selectOption({ label: `${c.label} — ${c.teacher.name}` });
    await dialog.getByLabel('Day').selectOption({ label: 'Sunday' });
    await dialog.getByLabel('Room').fill(room);
    await dialog.getByLabel('Start').fill(refused ? '18:30' : '18:00');
    await dialog.getByLabel('End').fill(refused ? '19:30' : '19:00');
    await dialog.getByRole('button', { name: 'Create' }).click();
    if (!refused) {
      await expect(page.getByText(MSG.slotCreated).first()).toBeVisible();
      await expect(dialog).toHaveCount(0);
    } else {
      await expect(dialog.getByText(new RegExp(`^(${MSG.teacherDoubleBooked}|${MSG.sectionDoubleBooked})$`))).toBeVisible();
      await checkScreen(page, 'admin-academics-double-booked');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, 'admin-academics');
});

test('the demo teacher: Assigned Subjects, the dashboard chart and today’s classes', async ({ page }) => {
  await loginAs(page, 'Teacher');
  const overview = page.getByRole('region', { name: 'Attendance Overview' });
  await expect(overview.locator('canvas')).toBeVisible();
  await expect(overview.getByText(/^Average attendance: \d+\.\d%$/)).toBeVisible();
  const today = page.getByRole('region', { name: "Today's Classes" });
  // The demo teacher teaches every working day between 09:00 and 17:00 (the whole day is listed); Sundays are free.
  await expect(today.getByRole('listitem').first().or(today.getByText('No upcoming classes'))).toBeVisible();

  await page.getByRole('link', { name: 'My Subjects' }).click();
  const table = page.getByRole('table', { name: 'Assigned Subjects' });
  await expect(table.getByRole('columnheader')).toHaveText(['Subject Name', 'Code', 'Section']);
  // A header row and at least three subjects.
  await expect(table.getByRole('row').nth(3)).toBeVisible();
  await checkScreen(page, 'teacher-subjects');
});

test('the demo student: attendance card, My Courses and the timetable with classes today', async ({ page }) => {
  // On a demo holiday the timetable shows the holiday instead of today's classes.
  await clearHolidays(page.request, [collegeDate()]);
  await loginAs(page, 'Student');
  await expect(page.getByText(/^\d+\.\d%$/).first()).toBeVisible();
  await page.getByRole('link', { name: 'My Courses' }).click();
  const table = page.getByRole('table', { name: 'My Courses' });
  await expect(table.getByRole('row').nth(3)).toBeVisible();
  await checkScreen(page, 'demo-student-courses');
  await page.goto('/dashboard/student/timetable');
  // The demo student has classes every working day; no classes on Sundays (issue 25).
  const todayCard = page.getByRole('region').filter({ has: page.getByText('Today', { exact: true }) });
  if (collegeWeekday() === 7) await expect(todayCard.getByText('No classes')).toBeVisible();
  else await expect(todayCard.getByRole('listitem').first()).toBeVisible();
});
