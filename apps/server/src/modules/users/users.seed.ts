import type { Role } from '@crs/shared/roles';

// The demo college's people: the seven demo accounts, more users per role, two pending sign-ups.
// A department is one of the Academics departments the academics seed makes (decision 0036): the
// offices' people (Staff, Admin, Librarian) have none, so nothing shows as unmatched.

export const DEMO_PASSWORD = 'demo1234';

/** The demo accounts printed at start and listed in the README. */
export const DEMO_ACCOUNTS: Array<{ email: string; name: string; role: Role; department: string | null; phone: string }> = [
  { email: 'student@demo.crs', name: 'Aarav Sharma', role: 'Student', department: 'Computer Science and Engineering', phone: '9845012301' },
  { email: 'teacher@demo.crs', name: 'Dr. Meera Iyer', role: 'Teacher', department: 'Computer Science and Engineering', phone: '9845012302' },
  { email: 'staff@demo.crs', name: 'Rakesh Kumar', role: 'Staff', department: null, phone: '9845012303' },
  { email: 'admin@demo.crs', name: 'Priya Nair', role: 'Admin', department: null, phone: '9845012304' },
  { email: 'superadmin@demo.crs', name: 'Vikram Rao', role: 'SuperAdmin', department: null, phone: '9845012305' },
  { email: 'librarian@demo.crs', name: 'Sunita Deshpande', role: 'Librarian', department: null, phone: '9845012306' },
  // The demo student's father (issue 30), linked to them by the guardians seed.
  { email: 'guardian@demo.crs', name: 'Rajesh Sharma', role: 'Guardian', department: null, phone: '9845012307' },
];

export const MORE_ACCOUNTS: Array<[string, Role, string | null]> = [
  ['Ananya Gupta', 'Student', 'Electronics and Communication Engineering'],
  ['Rohan Mehta', 'Student', 'Mechanical Engineering'],
  ['Ishita Banerjee', 'Student', 'Computer Science and Engineering'],
  ['Kabir Singh', 'Student', 'Civil Engineering'],
  ['Diya Reddy', 'Student', 'Electronics and Communication Engineering'],
  ['Arjun Pillai', 'Student', 'Computer Science and Engineering'],
  ['Neha Joshi', 'Student', 'Electrical and Electronics Engineering'],
  ['Siddharth Menon', 'Student', 'Mechanical Engineering'],
  ['Prof. Suresh Patil', 'Teacher', 'Mechanical Engineering'],
  ['Dr. Kavita Bose', 'Teacher', 'Electronics and Communication Engineering'],
  ['Prof. Anil Verma', 'Teacher', 'Civil Engineering'],
  ['Lakshmi Srinivasan', 'Staff', null],
  ['Manoj Tiwari', 'Staff', null],
  ['Farah Khan', 'Admin', null],
  ['Joseph Thomas', 'Librarian', null],
];

export const PENDING_ACCOUNTS: Array<[string, Role, string | null]> = [
  ['Dr. Ritu Malhotra', 'Teacher', 'Electrical and Electronics Engineering'],
  ['Gopal Yadav', 'Staff', null],
];

/** 'Prof. Suresh Patil' → 'suresh.patil@demo.crs'. */
export const demoEmailOf = (name: string) =>
  name
    .replace(/^(Dr\.|Prof\.)\s+/, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '') + '@demo.crs';
