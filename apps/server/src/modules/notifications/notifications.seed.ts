// The demo college's notifications (issue 30): a few of each kind for the demo student and teacher
// over the last days, the older ones read, stored without mail (a seed sends nothing), and the demo
// student's own email choices.
import type { NotificationKind } from '@crs/shared/schemas/notifications';
import type { AppContext } from '../../context.ts';
import * as repo from './notifications.repository.ts';

type Seed = { kind: NotificationKind; title: string; body: string; link: string | null; hoursAgo: number; read: boolean };

const STUDENT: Seed[] = [
  { kind: 'library', title: 'Due in 2 days: Introduction to Algorithms', body: 'Please return or renew "Introduction to Algorithms" by the due date.', link: '/library', hoursAgo: 3, read: false },
  // The library seed keeps this title's copy on the hold shelf for the demo student (decision 0053).
  { kind: 'holds', title: 'Your hold is ready: Electronic Devices and Circuits', body: 'A copy of "Electronic Devices and Circuits" is kept for you at the library desk for 3 days. Bring your ID card to collect it.', link: '/library', hoursAgo: 24, read: false },
  { kind: 'results', title: 'Results published: Database Management Systems', body: 'Your marks for Mid-term 1 in Database Management Systems are published.', link: '/dashboard/student/results', hoursAgo: 20, read: false },
  { kind: 'notices', title: 'Notice: Pongal holidays', body: 'The college remains closed from 14 to 16 January. Classes resume on 17 January.', link: '/dashboard/student/notices', hoursAgo: 30, read: false },
  { kind: 'exams', title: 'Exam tomorrow: Operating Systems', body: 'Mid-term 1 in Operating Systems is tomorrow.', link: '/calendar', hoursAgo: 50, read: true },
  { kind: 'placement', title: 'Apply in 2 days: Infosys, Systems Engineer', body: 'You are eligible for Systems Engineer at Infosys and have not applied.', link: '/dashboard/student/placement', hoursAgo: 70, read: true },
  { kind: 'attendance', title: 'Your attendance is 72%', body: 'Your attendance this term is 72%, below the required 75%. Attend every class to bring it up.', link: '/dashboard/student/attendance', hoursAgo: 100, read: true },
  { kind: 'library', title: 'Overdue 1 day: Computer Networks', body: '"Computer Networks" was due yesterday. Fine so far: ₹2. Please return it to the library.', link: '/library', hoursAgo: 150, read: true },
];
const TEACHER: Seed[] = [
  { kind: 'notices', title: 'Notice: Faculty development programme on outcome-based education', body: 'A two-day FDP for all faculty in the seminar hall, Block A.', link: '/dashboard', hoursAgo: 5, read: false },
  { kind: 'library', title: 'Due in 2 days: Compilers: Principles, Techniques, and Tools', body: 'Please return or renew the book by the due date.', link: '/library', hoursAgo: 26, read: false },
  { kind: 'notices', title: 'Notice: NAAC peer team visit', body: 'Department files to be ready by Friday.', link: '/dashboard', hoursAgo: 80, read: true },
];

// The demo student's father (guardian@demo.crs): absence alerts, the weekly attendance reminder, results.
const GUARDIAN: Seed[] = [
  { kind: 'absence', title: 'Aarav Sharma missed 2 classes on the last college day', body: 'Aarav Sharma was marked absent in: Operating Systems (09:00); Database Management Systems (11:00).', link: '/dashboard/guardian', hoursAgo: 16, read: false },
  { kind: 'results', title: 'Results published for Aarav Sharma: Database Management Systems', body: 'Marks for Mid-term 1 in Database Management Systems are published.', link: '/dashboard/guardian', hoursAgo: 22, read: false },
  { kind: 'attendance', title: "Aarav Sharma's attendance is 72%", body: "Aarav Sharma's attendance this term is 72%, below the 75% the college requires.", link: '/dashboard/guardian', hoursAgo: 100, read: true },
  { kind: 'absence', title: 'Aarav Sharma missed 1 class a week ago', body: 'Aarav Sharma was marked absent in: Computer Networks (14:00).', link: '/dashboard/guardian', hoursAgo: 170, read: true },
];

/** Seeds the demo notifications and preferences; false when the demo student already has some. */
export async function seedDemoNotifications(ctx: AppContext, people: { studentId: string | undefined; teacherId: string | undefined; guardianId?: string | undefined }): Promise<boolean> {
  const rows = [
    ...(people.studentId ? STUDENT.map((s) => ({ ...s, userId: people.studentId! })) : []),
    ...(people.teacherId ? TEACHER.map((s) => ({ ...s, userId: people.teacherId! })) : []),
    ...(people.guardianId ? GUARDIAN.map((s) => ({ ...s, userId: people.guardianId! })) : []),
  ];
  if (rows.length === 0) return false;
  const now = Date.now();
  const stored = await repo.insertSeeded(
    ctx.db,
    rows.map((r) => ({ userId: r.userId, kind: r.kind, title: r.title, body: r.body, link: r.link, dedupeKey: `demo:${r.kind}:${r.hoursAgo}`, createdAt: new Date(now - r.hoursAgo * 3_600_000), read: r.read })),
  );
  if (people.studentId) {
    await repo.upsertPreferences(ctx.db, people.studentId, [
      { kind: 'library', email: 'immediate' },
      { kind: 'attendance', email: 'immediate' },
      { kind: 'notices', email: 'digest' },
      { kind: 'exams', email: 'digest' },
    ]);
  }
  if (people.guardianId) {
    await repo.upsertPreferences(ctx.db, people.guardianId, [
      { kind: 'absence', email: 'immediate' },
      { kind: 'results', email: 'immediate' },
      { kind: 'notices', email: 'digest' },
    ]);
  }
  return stored > 0;
}
