import type { ApplicationStatus, JobStatus } from '@crs/shared/schemas/placement';
import type { AppContext } from '../../context.ts';
import { addDays, collegeClock } from '../../lib/time.ts';
import * as academics from '../academics/academics.read.ts';
import * as assessment from '../assessment/assessment.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './placement.repository.ts';

// This season's recruiters at the demo college: service companies open to every branch, product
// companies with a CGPA bar, core engineering firms for their branches; one drive past its deadline
// and one closed. Deadlines are relative to today. A few seeded students have applied over the last
// days (the demo student to two drives, one shortlisted), each application carrying the CGPA of the
// student's published results as the portal records it; the seeded applications are to drives
// without a CGPA minimum, so every applicant is eligible whatever their results.

type DemoJob = {
  company: string;
  role: string;
  location: string;
  packageLpa: number;
  departments: string[];
  minCgpa: number | null;
  deadlineIn: number;
  status?: JobStatus;
  description: string;
};

export const DEMO_JOBS: DemoJob[] = [
  { company: 'Tata Consultancy Services', role: 'Assistant System Engineer (Ninja)', location: 'Pan India', packageLpa: 3.36, departments: [], minCgpa: 6, deadlineIn: 14, description: 'National Qualifier Test followed by technical and HR interviews. No standing arrears at the time of joining.' },
  { company: 'Infosys', role: 'Systems Engineer', location: 'Mysuru (training), then Pan India', packageLpa: 3.6, departments: [], minCgpa: null, deadlineIn: 10, description: 'Online test (reasoning, mathematics, verbal ability, pseudo-code) and an interview. Training at the Mysuru campus.' },
  { company: 'Wipro', role: 'Project Engineer (Elite NTH)', location: 'Bengaluru', packageLpa: 3.5, departments: ['CSE', 'ECE', 'EEE'], minCgpa: null, deadlineIn: 7, description: 'Online assessment with an essay and coding round, then a business discussion.' },
  { company: 'Zoho', role: 'Member Technical Staff', location: 'Chennai', packageLpa: 8.4, departments: ['CSE', 'ECE'], minCgpa: 7, deadlineIn: 5, description: 'Written test on programming aptitude, two coding rounds and technical interviews.' },
  { company: 'Larsen & Toubro Construction', role: 'Graduate Engineer Trainee', location: 'Chennai', packageLpa: 5, departments: ['CE', 'ME'], minCgpa: 6.5, deadlineIn: 12, description: 'Site-based graduate programme across infrastructure projects. Aptitude test, group discussion and interview.' },
  { company: 'Bosch Global Software Technologies', role: 'Associate Engineer', location: 'Bengaluru / Coimbatore', packageLpa: 6.2, departments: ['ME', 'EEE', 'ECE'], minCgpa: null, deadlineIn: 9, description: 'Embedded and automotive software. Online test, technical interview and HR round.' },
  { company: 'Amazon', role: 'Software Development Engineer I', location: 'Hyderabad', packageLpa: 44, departments: ['CSE'], minCgpa: 8, deadlineIn: 3, description: 'Online assessment (two coding problems, work-style survey) and three interview loops on data structures, algorithms and design.' },
  { company: 'Freshworks', role: 'Software Engineer', location: 'Chennai', packageLpa: 12, departments: ['CSE', 'ECE'], minCgpa: null, deadlineIn: 18, description: 'Product engineering on the customer-support platform. Coding test, two technical rounds and a culture-fit conversation.' },
  { company: 'Tata Motors', role: 'Graduate Engineer Trainee', location: 'Pune', packageLpa: 6, departments: ['ME', 'EEE'], minCgpa: null, deadlineIn: -5, description: 'Manufacturing and quality roles at the Pimpri plant. Technical interview and medical examination.' },
  { company: 'Cognizant', role: 'Programmer Analyst Trainee (GenC)', location: 'Pan India', packageLpa: 4, departments: [], minCgpa: null, deadlineIn: 2, status: 'closed', description: 'Drive closed: the registration limit was reached.' },
];

/** Applications: [company, section, how many of its students, status of each in turn]. The demo student is first of CSE-3A. */
const DEMO_APPLICATIONS: Array<[company: string, section: string, count: number, statuses: ApplicationStatus[]]> = [
  ['Infosys', 'CSE-3A', 3, ['shortlisted', 'applied', 'rejected']],
  ['Freshworks', 'CSE-3A', 1, ['applied']],
  ['Wipro', 'ECE-5A', 4, ['applied', 'shortlisted', 'applied', 'selected']],
  ['Tata Motors', 'ME-5A', 3, ['selected', 'rejected', 'shortlisted']],
  ['Bosch Global Software Technologies', 'EEE-3A', 2, ['applied', 'applied']],
];

/** Posts the demo drives (and a few applications) on a database without jobs. False when there were jobs already or no departments. */
export async function seedDemoPlacement(ctx: AppContext): Promise<boolean> {
  if ((await repo.countJobs(ctx.db)) > 0) return false;
  const departments = await academics.allDepartments(ctx);
  if (departments.length === 0) return false;
  const deptId = new Map(departments.map((d) => [d.code, d.id]));
  const cellId = (await users.userIdByEmail(ctx, 'staff@demo.crs')) ?? null;
  const today = collegeClock(ctx.config.timeZone).date;
  const jobs = await repo.insertJobs(
    ctx.db,
    DEMO_JOBS.map((j) => ({
      company: j.company,
      role: j.role,
      description: j.description,
      location: j.location,
      packageLpa: j.packageLpa,
      eligibleDepartmentIds: j.departments.flatMap((c) => (deptId.has(c) ? [deptId.get(c)!] : [])),
      minCgpa: j.minCgpa,
      deadline: addDays(today, j.deadlineIn),
      status: j.status ?? 'open',
      createdBy: cellId,
    })),
  );
  const jobId = new Map(jobs.map((j) => [j.company, j.id]));
  const sectionId = new Map((await academics.allSections(ctx)).map((s) => [s.name, s.id]));
  const applications: Parameters<typeof repo.insertApplications>[1] = [];
  for (const [company, section, count, statuses] of DEMO_APPLICATIONS) {
    const sid = sectionId.get(section);
    const job = jobId.get(company);
    if (!sid || !job) continue;
    const all = await academics.sectionRoster(ctx, sid);
    const roster = [...all.filter((s) => s.email === 'student@demo.crs'), ...all.filter((s) => s.email !== 'student@demo.crs')];
    for (const [i, s] of roster.slice(0, count).entries()) {
      const cgpa = await assessment.cgpaOf(ctx, s.id);
      const appliedAt = new Date(Date.now() - (applications.length % 6 + 1) * 86_400_000 - i * 3_600_000);
      applications.push({ jobId: job, studentId: s.id, status: statuses[i] ?? 'applied', cgpa, appliedAt });
    }
  }
  await repo.insertApplications(ctx.db, applications);
  return true;
}
