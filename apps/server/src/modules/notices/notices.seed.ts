import type { Role } from '@crs/shared/roles';
import type { AppContext } from '../../context.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import * as academics from '../academics/academics.read.ts';
import * as users from '../users/users.service.ts';
import * as repo from './notices.repository.ts';

// A dozen demo notices of an engineering college's term: some pinned, two expired, for everyone,
// for students only, for one department or one section, and for faculty. Dates are relative to
// today, so the board always looks current. Published by the demo Staff and Admin accounts.

type DemoNotice = {
  title: string;
  body: string;
  daysAgo: number;
  pinned?: boolean;
  /** Days from today to the last day shown (negative: already expired). */
  expiresIn?: number;
  roles?: Role[];
  departments?: string[];
  sections?: string[];
  by: 'staff' | 'admin';
};

export const DEMO_NOTICES: DemoNotice[] = [
  {
    title: 'End-semester examination timetable published',
    body: 'The **end-semester examination** timetable for semesters 3 and 5 is now on the notice board and in the exam cell.\n\n- Hall tickets are issued from the department office two days before the first exam.\n- Carry your college ID card to every exam.\n\nQueries: exam cell, Block A, room 104.',
    daysAgo: 1,
    pinned: true,
    expiresIn: 30,
    roles: ['Student', 'Teacher'],
    by: 'admin',
  },
  {
    title: 'Campus placement drive: registration open',
    body: 'Final-year and pre-final-year students can now apply to this season\'s recruiters from the **Placement** page. Keep your CGPA and resume up to date; shortlists are announced on the portal.',
    daysAgo: 2,
    pinned: true,
    expiresIn: 21,
    roles: ['Student'],
    by: 'staff',
  },
  {
    title: 'Fee payment deadline for the odd semester',
    body: 'Tuition and hostel fees for the odd semester are due by the end of this month. Pay online through the college fee portal or at the accounts section (10:00–16:00, Monday to Saturday). A late fee of ₹500 applies after the deadline.',
    daysAgo: 4,
    expiresIn: 12,
    roles: ['Student'],
    by: 'staff',
  },
  {
    title: 'CSE department: guest lecture on cloud-native systems',
    body: 'Mr. Karthik Raman (Principal Engineer, Freshworks) speaks on *building cloud-native systems at scale* on Friday at 14:00 in the CSE seminar hall. All CSE students and faculty are welcome.',
    daysAgo: 3,
    expiresIn: 6,
    departments: ['CSE'],
    by: 'staff',
  },
  {
    title: 'CSE-3A: Data Structures lab moved to Lab 3',
    body: 'From next week the Data Structures lab of CSE-3A meets in **Lab 3** (second floor, Block C) at the usual time.',
    daysAgo: 2,
    expiresIn: 14,
    sections: ['CSE-3A'],
    by: 'staff',
  },
  {
    title: 'ECE department: industrial visit to BEL, Bengaluru',
    body: 'An industrial visit to Bharat Electronics Limited is planned for ECE semester 5. Submit the consent form signed by a parent to the department office by Wednesday.',
    daysAgo: 5,
    expiresIn: 10,
    departments: ['ECE'],
    by: 'staff',
  },
  {
    title: 'Faculty meeting: academic audit preparation',
    body: 'All faculty members are requested to attend the meeting on academic audit preparation on Monday at 16:00 in the board room. Bring the course files of the current semester.',
    daysAgo: 1,
    expiresIn: 7,
    roles: ['Teacher', 'Staff'],
    by: 'admin',
  },
  {
    title: 'Library hours extended during examinations',
    body: 'The central library stays open from 08:00 to 21:00 on all working days until the end of the examinations. Reference books can be used in the reading hall only.',
    daysAgo: 6,
    expiresIn: 25,
    by: 'staff',
  },
  {
    title: 'National Service Scheme: blood donation camp',
    body: 'The NSS unit, with the district blood bank, holds a blood donation camp in the main auditorium on Saturday from 09:00. Register with your NSS coordinator.',
    daysAgo: 8,
    expiresIn: 3,
    by: 'staff',
  },
  {
    title: 'Anti-ragging committee: helpline numbers',
    body: 'Ragging in any form is a punishable offence. Report any incident to the anti-ragging committee or the national helpline **1800-180-5522** — complaints are kept confidential.',
    daysAgo: 20,
    pinned: true,
    roles: ['Student'],
    by: 'admin',
  },
  {
    title: 'Holiday: college closed for Gandhi Jayanti',
    body: 'The college remains closed on 2 October on account of Gandhi Jayanti. Classes resume the next working day.',
    daysAgo: 40,
    expiresIn: -30,
    by: 'admin',
  },
  {
    title: 'Mid-semester feedback survey',
    body: 'Please complete the mid-semester course feedback survey through the link shared by your class advisor. The survey was open for one week.',
    daysAgo: 30,
    expiresIn: -15,
    roles: ['Student'],
    by: 'staff',
  },
];

/** Publishes the demo notices on a database without any. False when there were notices already or no publisher. */
export async function seedDemoNotices(ctx: AppContext): Promise<boolean> {
  if ((await repo.countNotices(ctx.db)) > 0) return false;
  const [staffId, adminId] = await Promise.all([users.userIdByEmail(ctx, 'staff@demo.crs'), users.userIdByEmail(ctx, 'admin@demo.crs')]);
  if (!staffId || !adminId) return false;
  const [departments, sections] = await Promise.all([academics.allDepartments(ctx), academics.allSections(ctx)]);
  const deptId = new Map(departments.map((d) => [d.code, d.id]));
  const sectionId = new Map(sections.map((s) => [s.name, s.id]));
  const today = collegeClock(ctx.config.timeZone).date;
  const now = Date.now();
  await repo.insertNotices(
    ctx.db,
    DEMO_NOTICES.map((n, i) => {
      const at = new Date(now - n.daysAgo * 86_400_000 - i * 60_000);
      return {
        title: n.title,
        body: n.body,
        pinned: n.pinned ?? false,
        expiresOn: n.expiresIn === undefined ? null : addDays(today, n.expiresIn),
        audienceRoles: n.roles ?? [],
        departmentIds: (n.departments ?? []).flatMap((c) => (deptId.has(c) ? [deptId.get(c)!] : [])),
        sectionIds: (n.sections ?? []).flatMap((s) => (sectionId.has(s) ? [sectionId.get(s)!] : [])),
        createdBy: n.by === 'staff' ? staffId : adminId,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  return true;
}
