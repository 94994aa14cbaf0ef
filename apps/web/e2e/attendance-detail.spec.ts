import type { APIRequestContext, Page } from '@playwright/test';
import { MSG } from '@crs/shared/messages';
import { checkScreen, clearHolidays, DEMO, DEMO_PASSWORD, expect, login, test, uniqueEmail } from './utils';

// Issue 25 item 4 in the browser: a student opens a subject and sees the day they were marked
// absent; a teacher's Today's Classes shows the whole day — a class already over without attendance,
// with the link that takes it, and the next class marked. Each test builds its own class through the
// API (a new teacher, two students, department, subject, section, assignment and slots), so they
// pass in any order and twice on the same server.

// axe-core is injected as an inline script, which the app's CSP (script-src 'self') would block.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'secret123';
const COLLEGE_TZ = process.env.CRS_TIMEZONE ?? 'Asia/Kolkata';

/** The college's wall clock: its date ("YYYY-MM-DD"), ISO weekday and minutes after midnight. */
function collegeNow(): { date: string; weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: COLLEGE_TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return { date, weekday: day === 0 ? 7 : day, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

/**
 * The whole-day test puts one class at 00:00–00:01 (over) and one at 23:58–23:59 (next): near the
 * college's midnight (23:55–00:03) either would be running or the day would change under the test,
 * so it waits until 00:03 first (the time limit grows by the wait).
 */
async function clearOfDayEdges(): Promise<void> {
  const { minutes } = collegeNow();
  const wait = minutes >= 23 * 60 + 55 ? 24 * 60 - minutes + 3 : minutes < 3 ? 3 - minutes : 0;
  if (wait === 0) return;
  test.info().setTimeout(test.info().timeout + (wait + 1) * 60_000);
  await new Promise((resolve) => setTimeout(resolve, wait * 60_000));
}

async function tokenFor(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(res.status(), `login ${email}`).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

type Call = (method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => Promise<Record<string, unknown>>;
function caller(request: APIRequestContext, token: string): Call {
  return async (method, path, data) => {
    const res = await request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    expect(res.ok(), `${method} ${path}: ${res.status()} ${JSON.stringify(body)}`).toBe(true);
    return body;
  };
}

type NewUser = { _id: string; name: string; email: string; studentId: string | null };
async function signUp(request: APIRequestContext, name: string, role: 'Teacher' | 'Student'): Promise<NewUser> {
  const res = await request.post('/api/v1/auth/register', { data: { name, email: uniqueEmail(role.toLowerCase()), phone: '9876543210', password: PASSWORD, roles: role } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { user: NewUser }).user;
}

const stamp = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36).padStart(2, '0')}`.toUpperCase();

/** A new teacher (approved) and two students in a new section, the teacher's assignment, and `slots`. */
async function buildClass(request: APIRequestContext, slots: Array<{ weekday: number; start: string; end: string }>) {
  const s = stamp();
  const admin = caller(request, await tokenFor(request, DEMO.Admin.email));
  const teacher = await signUp(request, `Dr. Rekha Menon ${s}`, 'Teacher');
  await admin('POST', `/users/${teacher._id}/approve`);
  const students = [await signUp(request, `Ishaan Verma ${s}`, 'Student'), await signUp(request, `Meera Joshi ${s}`, 'Student')];
  const department = (await admin('POST', '/academics/departments', { code: `M${s}`, name: `Mathematics ${s}` })).department as { _id: string };
  const subjectCode = `MA${s}`;
  const subjectName = `Probability and Statistics ${s}`;
  const subject = (await admin('POST', '/academics/subjects', { code: subjectCode, name: subjectName, departmentId: department._id, semester: 3, credits: 3 })).subject as { _id: string };
  const section = (await admin('POST', '/academics/sections', { name: `M${s}-3A`, departmentId: department._id, semester: 3, academicYear: '2026-27' })).section as { _id: string };
  await admin('POST', `/academics/sections/${section._id}/students`, { studentIds: students.map((x) => x._id) });
  const assignment = (await admin('POST', '/academics/assignments', { teacherId: teacher._id, subjectId: subject._id, sectionId: section._id })).assignment as { _id: string; label: string };
  for (const [i, slot] of slots.entries()) await admin('POST', '/academics/timetable', { assignmentId: assignment._id, ...slot, room: `MR-${s}-${i}` });
  const teacherApi = caller(request, await tokenFor(request, teacher.email, PASSWORD));
  return { teacher, students, subjectCode, subjectName, label: assignment.label, assignmentId: assignment._id, teacherApi };
}

async function signIn(page: Page, email: string, url: string) {
  await page.goto('/login');
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(url);
}

test('a student opens a subject under Attendance by subject and sees the day they were marked absent', async ({ page, request }) => {
  const { date: today } = collegeNow();
  const yesterday = addDays(today, -1);
  const earlier = addDays(today, -3);
  await clearHolidays(request, [earlier, yesterday]);
  const c = await buildClass(request, [
    { weekday: weekdayOf(yesterday), start: '09:00', end: '10:00' },
    { weekday: weekdayOf(earlier), start: '11:15', end: '12:15' },
  ]);
  const [me, other] = c.students as [NewUser, NewUser];
  await c.teacherApi('PUT', '/attendance/sessions', { assignmentId: c.assignmentId, date: earlier, start: '11:15', records: [{ studentId: me._id, status: 'present' }, { studentId: other._id, status: 'present' }] });
  await c.teacherApi('PUT', '/attendance/sessions', { assignmentId: c.assignmentId, date: yesterday, start: '09:00', records: [{ studentId: me._id, status: 'absent' }, { studentId: other._id, status: 'present' }] });

  await signIn(page, me.email, '/dashboard/student');
  await page.goto('/dashboard/student/courses');
  const card = page.getByRole('region', { name: 'Attendance by subject' });
  const subject = card.getByRole('button', { name: new RegExp(c.subjectCode) });
  await expect(subject).toContainText('50.0%');
  await expect(subject).toHaveAttribute('aria-expanded', 'false');
  await subject.click();
  await expect(subject).toHaveAttribute('aria-expanded', 'true');
  const table = card.getByRole('table', { name: `Classes of ${c.subjectCode} ${c.subjectName}` });
  // The client's one date style ('27 Nov 2026'; 'Sep', never ICU's newer 'Sept').
  const day = (d: string) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`)).replace('Sept', 'Sep');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toHaveText(`${day(yesterday)}09:00–10:00Absent`);
  await expect(table.getByRole('row').nth(2)).toHaveText(`${day(earlier)}11:15–12:15Present`);
  await expect(card.getByText('2 classes held, 1 marked absent.')).toBeVisible();
  await checkScreen(page, 'student-attendance-by-subject');
});

test("the teacher's Today's Classes shows the whole day: a class over without attendance links to taking it, the next class is marked", async ({ page, request }) => {
  await clearOfDayEdges();
  const { weekday, date } = collegeNow();
  await clearHolidays(request, [date]);
  const c = await buildClass(request, [
    { weekday, start: '00:00', end: '00:01' },
    { weekday, start: '23:58', end: '23:59' },
  ]);
  await signIn(page, c.teacher.email, '/dashboard/teacher');
  const today = page.getByRole('region', { name: "Today's Classes" });
  const over = today.getByTestId(`today-${c.subjectCode}-00:00`);
  const next = today.getByTestId(`today-${c.subjectCode}-23:58`);
  await expect(over).toContainText('Done');
  await expect(over).toContainText('Attendance not taken');
  await expect(next).toContainText('Next');
  await expect(next).not.toContainText('Attendance not taken');
  await checkScreen(page, 'teacher-whole-day');

  await over.getByRole('link', { name: `Take attendance ${c.label} 00:00` }).click();
  await expect(page).toHaveURL(/\/dashboard\/teacher\/attendance\?date=\d{4}-\d{2}-\d{2}&class=/);
  const register = page.getByRole('region', { name: new RegExp(`${c.label} · \\d{1,2} [A-Z][a-z]{2} \\d{4}, 00:00`) });
  await register.getByRole('button', { name: 'Mark all present' }).click();
  await register.getByRole('button', { name: 'Save attendance' }).click();
  await expect(page.getByText(MSG.attendanceSaved).first()).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(today.getByTestId(`today-${c.subjectCode}-00:00`)).toContainText('Attendance taken');
  await expect(today.getByTestId(`today-${c.subjectCode}-00:00`).getByRole('link', { name: `Open attendance ${c.label} 00:00` })).toBeVisible();
});
