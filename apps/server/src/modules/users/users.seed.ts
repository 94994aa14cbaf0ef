import type { Role } from '@crs/shared/roles';

// The demo college's people: the six demo accounts, more users per role, two pending sign-ups.

export const DEMO_PASSWORD = 'demo1234';

/** The demo accounts printed at start and listed in the README. */
export const DEMO_ACCOUNTS: Array<{ email: string; name: string; role: Role; department: string; phone: string }> = [
  { email: 'student@demo.crs', name: 'Aarav Sharma', role: 'Student', department: 'Computer Science and Engineering', phone: '9845012301' },
  { email: 'teacher@demo.crs', name: 'Dr. Meera Iyer', role: 'Teacher', department: 'Computer Science and Engineering', phone: '9845012302' },
  { email: 'staff@demo.crs', name: 'Rakesh Kumar', role: 'Staff', department: 'Administration', phone: '9845012303' },
  { email: 'admin@demo.crs', name: 'Priya Nair', role: 'Admin', department: 'Administration', phone: '9845012304' },
  { email: 'superadmin@demo.crs', name: 'Vikram Rao', role: 'SuperAdmin', department: 'IT Services', phone: '9845012305' },
  { email: 'librarian@demo.crs', name: 'Sunita Deshpande', role: 'Librarian', department: 'Central Library', phone: '9845012306' },
];

export const MORE_ACCOUNTS: Array<[string, Role, string]> = [
  ['Ananya Gupta', 'Student', 'Electronics and Communication Engineering'],
  ['Rohan Mehta', 'Student', 'Mechanical Engineering'],
  ['Ishita Banerjee', 'Student', 'Computer Science and Engineering'],
  ['Kabir Singh', 'Student', 'Civil Engineering'],
  ['Diya Reddy', 'Student', 'Electronics and Communication Engineering'],
  ['Arjun Pillai', 'Student', 'Information Technology'],
  ['Neha Joshi', 'Student', 'Electrical and Electronics Engineering'],
  ['Siddharth Menon', 'Student', 'Chemical Engineering'],
  ['Prof. Suresh Patil', 'Teacher', 'Mechanical Engineering'],
  ['Dr. Kavita Bose', 'Teacher', 'Electronics and Communication Engineering'],
  ['Prof. Anil Verma', 'Teacher', 'Mathematics'],
  ['Lakshmi Srinivasan', 'Staff', 'Examination Cell'],
  ['Manoj Tiwari', 'Staff', 'Accounts Section'],
  ['Farah Khan', 'Admin', 'Administration'],
  ['Joseph Thomas', 'Librarian', 'Central Library'],
];

export const PENDING_ACCOUNTS: Array<[string, Role, string]> = [
  ['Dr. Ritu Malhotra', 'Teacher', 'Chemistry'],
  ['Gopal Yadav', 'Staff', 'Hostel Office'],
];

/** 'Prof. Suresh Patil' → 'suresh.patil@demo.crs'. */
export const demoEmailOf = (name: string) =>
  name
    .replace(/^(Dr\.|Prof\.)\s+/, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '') + '@demo.crs';
