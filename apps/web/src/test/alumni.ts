import type { Alumnus } from '@crs/shared/schemas/alumni';

let n = 0;

/** An alumnus as the server returns it. */
export function makeAlumnus(overrides: Partial<Alumnus> = {}): Alumnus {
  n += 1;
  return {
    _id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Alumnus ${n}`,
    email: `alumnus${n}@example.test`,
    phone: '9845011122',
    enrollmentNo: `CSE2014${String(n).padStart(3, '0')}`,
    batch: '2014-2018',
    department: 'Computer Science and Engineering',
    degree: 'B.Tech',
    specialization: 'Computer Science',
    graduationYear: 2018,
    currentCompany: 'Infosys',
    currentRole: 'Senior Systems Engineer',
    linkedin: null,
    location: 'Bengaluru',
    about: null,
    experiences: [],
    tags: [],
    visibility: 'public',
    createdAt: '2025-03-12T10:00:00.000Z',
    updatedAt: '2025-03-12T10:00:00.000Z',
    ...overrides,
  };
}
