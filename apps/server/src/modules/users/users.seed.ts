import type { Role } from '@crs/shared/roles';

// The demo college's people: the six demo accounts, more users per role, two pending sign-ups.

export const DEMO_PASSWORD = 'demo1234';

/** The demo accounts printed at start and listed in the README. */
export const DEMO_ACCOUNTS: Array<{ email: string; name: string; role: Role; department?: string }> = [
  { email: 'student@demo.crs', name: 'Aarav Sharma', role: 'Student', department: 'Computer Science' },
  { email: 'teacher@demo.crs', name: 'Dr. Meera Iyer', role: 'Teacher', department: 'Computer Science' },
  { email: 'staff@demo.crs', name: 'Rakesh Kumar', role: 'Staff', department: 'Administration' },
  { email: 'admin@demo.crs', name: 'Priya Nair', role: 'Admin', department: 'Administration' },
  { email: 'superadmin@demo.crs', name: 'Vikram Rao', role: 'SuperAdmin', department: 'IT Services' },
  { email: 'librarian@demo.crs', name: 'Sunita Deshpande', role: 'Librarian', department: 'Central Library' },
];

export const MORE_ACCOUNTS: Array<[string, Role, string]> = [
  ['Ananya Gupta', 'Student', 'Electronics'],
  ['Rohan Mehta', 'Student', 'Mechanical'],
  ['Ishita Banerjee', 'Student', 'Computer Science'],
  ['Kabir Singh', 'Student', 'Civil'],
  ['Diya Reddy', 'Student', 'Electronics'],
  ['Arjun Pillai', 'Student', 'Computer Science'],
  ['Neha Joshi', 'Student', 'Mathematics'],
  ['Siddharth Menon', 'Student', 'Physics'],
  ['Prof. Suresh Patil', 'Teacher', 'Mechanical'],
  ['Dr. Kavita Bose', 'Teacher', 'Electronics'],
  ['Prof. Anil Verma', 'Teacher', 'Mathematics'],
  ['Lakshmi Srinivasan', 'Staff', 'Examinations'],
  ['Manoj Tiwari', 'Staff', 'Accounts'],
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
