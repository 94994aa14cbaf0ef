import { createAlumnusSchema } from '@crs/shared/schemas/alumni';
import type { AlumnusFormInput, CreateAlumnusInput } from '@crs/shared/schemas/alumni';

// The demo directory: alumni of an Indian engineering college, deterministic (same data every
// start), in the departments the demo accounts use, graduating 2005–2025, with companies and
// roles that fit each department. Every record goes through the form's schema.

export const DEMO_ALUMNI_COUNT = 168;

type Dept = { name: string; code: string; degree: string; specs: string[]; companies: string[]; roles: string[]; tags: string[] };

const DEPARTMENTS: Dept[] = [
  {
    name: 'Computer Science and Engineering',
    code: 'CSE',
    degree: 'B.Tech',
    specs: ['Computer Science', 'Artificial Intelligence', 'Data Science'],
    companies: ['Infosys', 'TCS', 'Wipro', 'Google', 'Microsoft', 'Amazon', 'Flipkart', 'Zoho', 'Freshworks', 'Swiggy', 'Razorpay', 'Atlassian'],
    roles: ['Software Engineer', 'Senior Software Engineer', 'Staff Engineer', 'Engineering Manager', 'Data Scientist', 'Product Manager', 'SDE II'],
    tags: ['mentor', 'cloud', 'machine learning', 'open source', 'placement help'],
  },
  {
    name: 'Information Technology',
    code: 'IT',
    degree: 'B.Tech',
    specs: ['Information Technology', 'Cyber Security'],
    companies: ['Accenture', 'Cognizant', 'HCLTech', 'Capgemini', 'Oracle', 'SAP Labs', 'PhonePe', 'Paytm'],
    roles: ['Systems Engineer', 'Security Analyst', 'DevOps Engineer', 'Solutions Architect', 'Technical Lead', 'Cloud Engineer'],
    tags: ['mentor', 'security', 'devops', 'guest lecture'],
  },
  {
    name: 'Electronics and Communication Engineering',
    code: 'ECE',
    degree: 'B.Tech',
    specs: ['Electronics and Communication', 'VLSI Design', 'Embedded Systems'],
    companies: ['Qualcomm', 'Texas Instruments', 'Intel', 'Samsung R&D', 'Bharat Electronics', 'ISRO', 'Ericsson', 'Nokia'],
    roles: ['VLSI Design Engineer', 'Embedded Software Engineer', 'RF Engineer', 'Verification Engineer', 'Scientist/Engineer SC', 'Network Engineer'],
    tags: ['vlsi', 'embedded', 'mentor', 'higher studies'],
  },
  {
    name: 'Electrical and Electronics Engineering',
    code: 'EEE',
    degree: 'B.Tech',
    specs: ['Power Systems', 'Power Electronics', 'Control Systems'],
    companies: ['Siemens', 'ABB', 'Schneider Electric', 'NTPC', 'Power Grid Corporation', 'Tata Power', 'BHEL', 'Hitachi Energy'],
    roles: ['Electrical Design Engineer', 'Assistant Manager (Operations)', 'Protection Engineer', 'Project Engineer', 'Deputy Manager'],
    tags: ['power', 'renewables', 'psu', 'mentor'],
  },
  {
    name: 'Mechanical Engineering',
    code: 'ME',
    degree: 'B.Tech',
    specs: ['Mechanical Engineering', 'Thermal Engineering', 'Manufacturing'],
    companies: ['Tata Motors', 'Mahindra & Mahindra', 'Ashok Leyland', 'Bosch', 'L&T', 'Maruti Suzuki', 'Cummins India', 'Hindustan Aeronautics'],
    roles: ['Design Engineer', 'Production Engineer', 'Quality Engineer', 'Plant Manager', 'CAE Analyst', 'Supply Chain Manager'],
    tags: ['automotive', 'manufacturing', 'mentor', 'startup'],
  },
  {
    name: 'Civil Engineering',
    code: 'CE',
    degree: 'B.Tech',
    specs: ['Structural Engineering', 'Transportation Engineering', 'Environmental Engineering'],
    companies: ['L&T Construction', 'Shapoorji Pallonji', 'Afcons Infrastructure', 'NHAI', 'Tata Projects', 'AECOM', 'Sobha Ltd'],
    roles: ['Site Engineer', 'Structural Engineer', 'Project Manager', 'Planning Engineer', 'Assistant Executive Engineer'],
    tags: ['infrastructure', 'government service', 'mentor'],
  },
  {
    name: 'Chemical Engineering',
    code: 'CHE',
    degree: 'B.Tech',
    specs: ['Chemical Engineering', 'Process Engineering'],
    companies: ['Reliance Industries', 'Indian Oil Corporation', 'BPCL', 'Asian Paints', 'Dr. Reddy’s Laboratories', 'UPL', 'Hindustan Unilever'],
    roles: ['Process Engineer', 'Production Manager', 'R&D Scientist', 'Safety Officer', 'Operations Manager'],
    tags: ['process', 'petrochemicals', 'higher studies'],
  },
];

const FIRST = ['Aditya', 'Ananya', 'Arjun', 'Bhavana', 'Chetan', 'Deepika', 'Gaurav', 'Harini', 'Karthik', 'Kavya', 'Lakshmi', 'Manish', 'Meghana', 'Nikhil', 'Pooja', 'Pranav', 'Rahul', 'Rashmi', 'Sandeep', 'Shreya', 'Srinivas', 'Swathi', 'Tanvi', 'Varun', 'Vidya', 'Vivek', 'Yamini', 'Zubin', 'Farhan', 'Anjali', 'Rohit', 'Sneha'];
const LAST = ['Agarwal', 'Bhat', 'Chatterjee', 'Desai', 'Fernandes', 'Ghosh', 'Hegde', 'Iyer', 'Jain', 'Kulkarni', 'Menon', 'Naidu', 'Patel', 'Qureshi', 'Rao', 'Shetty', 'Thakur', 'Upadhyay', 'Verma', 'Wadhwa', 'Reddy', 'Krishnan', 'Mukherjee', 'Pillai'];
const CITIES = ['Bengaluru', 'Hyderabad', 'Pune', 'Chennai', 'Mumbai', 'Gurugram', 'Noida', 'Kochi', 'Ahmedabad', 'Kolkata', 'Mysuru', 'Singapore', 'San Francisco', 'Munich', 'Dubai'];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.co.in', 'protonmail.com'];
const SHARED_TAGS = ['alumni meet 2024', 'placement help', 'guest lecture', 'startup', 'higher studies'];

/** The demo alumni, checked by the form's schema. */
export function buildDemoAlumni(count = DEMO_ALUMNI_COUNT): CreateAlumnusInput[] {
  // A small linear congruential generator: the same directory on every start.
  let seed = 20_261_010;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const out: CreateAlumnusInput[] = [];
  const used = new Set<string>();
  for (let i = 0; out.length < count; i++) {
    const d = DEPARTMENTS[i % DEPARTMENTS.length]!;
    const first = pick(FIRST);
    const last = pick(LAST);
    const year = 2005 + (i % 21);
    const key = `${first}.${last}.${year}`.toLowerCase();
    if (used.has(key)) continue;
    used.add(key);
    const roll = `${d.code}${year - 4}${String(100 + i).padStart(3, '0')}`;
    const company = pick(d.companies);
    const role = pick(d.roles);
    // Older graduates have longer histories: one to three earlier jobs.
    const jobs = Math.min(3, Math.floor((2026 - year) / 5));
    const experiences: Array<Record<string, string | boolean>> = [];
    let start = year;
    for (let j = 0; j < jobs; j++) {
      const span = 2 + Math.floor(rnd() * 3);
      experiences.push({ company: pick(d.companies), role: pick(d.roles), startDate: `${start}-07-01`, endDate: `${start + span}-06-30`, description: `Worked on ${pick(d.tags)} projects` });
      start += span;
    }
    experiences.push({ company, role, startDate: `${Math.min(start, 2025)}-07-15`, currentlyWorking: true, description: `${role} at ${company}` });
    const tags = [pick(d.tags), ...(i % 3 === 0 ? [pick(SHARED_TAGS)] : [])];
    const input: AlumnusFormInput = {
      name: `${first} ${last}`,
      email: i % 9 === 4 ? undefined : `${first}.${last}${String(year).slice(2)}@${pick(DOMAINS)}`.toLowerCase(),
      phone: i % 5 === 2 ? undefined : `9${String(800_000_000 + Math.floor(rnd() * 199_999_999)).padStart(9, '0')}`,
      enrollmentNo: roll,
      batch: `${year - 4}-${year}`,
      department: d.name,
      degree: i % 11 === 7 ? 'M.Tech' : d.degree,
      specialization: pick(d.specs),
      graduationYear: year,
      currentCompany: company,
      currentRole: role,
      linkedin: i % 4 === 1 ? undefined : `https://www.linkedin.com/in/${first}-${last}-${roll}`.toLowerCase(),
      location: pick(CITIES),
      about: `${d.degree} ${d.name}, class of ${year}. Now ${role} at ${company}; happy to help juniors with ${pick(d.tags)}.`,
      experiences,
      tags: [...new Set(tags)],
      visibility: i % 7 === 3 ? 'private' : 'public',
    };
    out.push(createAlumnusSchema.parse(input));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
/** Last year's graduates (issue 27 item 7): as a semester rollover adds them. */
export const LAST_YEAR_GRADUATES = 18;

/**
 * The class of 2026 (the demo's last year, batch 2022-2026), three per demo department: what the
 * rollover of the 2025-26 even term wrote — private records (until each graduate makes theirs public),
 * B.Tech/B.E., the student ID as enrollment number, a first job; deterministic like the directory.
 */
export function buildLastYearGraduates(): CreateAlumnusInput[] {
  let seed = 20_260_531;
  const rnd = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const out: CreateAlumnusInput[] = [];
  const used = new Set<string>();
  for (let i = 0; out.length < LAST_YEAR_GRADUATES; i++) {
    const d = DEPARTMENTS[out.length % DEPARTMENTS.length]!;
    const first = pick(FIRST);
    const last = pick(LAST);
    if (used.has(`${first}.${last}`)) continue;
    used.add(`${first}.${last}`);
    const company = pick(d.companies);
    const role = pick(d.roles);
    const input: AlumnusFormInput = {
      name: `${first} ${last}`,
      email: `${first}.${last}.2026@${pick(DOMAINS)}`.toLowerCase(),
      phone: `9${String(700_000_000 + Math.floor(rnd() * 99_999_999)).padStart(9, '0')}`,
      enrollmentNo: `STU9${String(26_000 + out.length).padStart(5, '0')}`,
      batch: '2022-2026',
      department: d.name,
      degree: d.degree,
      graduationYear: 2026,
      currentCompany: company,
      currentRole: role,
      location: pick(CITIES),
      experiences: [{ company, role, startDate: '2026-07-15', currentlyWorking: true, description: `${role} at ${company}` }],
      tags: [pick(d.tags)],
      visibility: 'private',
    };
    out.push(createAlumnusSchema.parse(input));
  }
  return out;
}

// Bulk directory for benchmarks and load tests: the demo's departments, companies, roles and names

/** A synthetic enrollment number ends in S and a 7-digit serial; the next run numbers after the largest. */
export const SYNTHETIC_SERIAL_PATTERN = 'S([0-9]{7})$';

/**
 * The synthetic alumnus number `serial` (deterministic, valid by the form's schema): a demo
 * department, one of its companies and roles, a name from the demo's lists, an email and an
 * enrollment number unique by the serial, one current job; one in seven private.
 */
export function syntheticAlumnus(serial: number): CreateAlumnusInput {
  // A multiplicative hash of the serial: independent picks without state.
  let h = (serial * 2_654_435_761) >>> 0;
  const pick = <T>(list: readonly T[]): T => {
    h = (Math.imul(h ^ (h >>> 15), 2_246_822_519) + 0x9e3779b9) >>> 0;
    return list[h % list.length]!;
  };
  const d = DEPARTMENTS[serial % DEPARTMENTS.length]!;
  const first = pick(FIRST);
  const last = pick(LAST);
  const year = 2005 + (serial % 21);
  const company = pick(d.companies);
  const role = pick(d.roles);
  const roll = `${d.code}${year - 4}S${String(serial).padStart(7, '0')}`;
  const input: AlumnusFormInput = {
    name: `${first} ${last}`,
    email: serial % 9 === 4 ? undefined : `${first}.${last}.${serial}@${pick(DOMAINS)}`.toLowerCase(),
    enrollmentNo: roll,
    batch: `${year - 4}-${year}`,
    department: d.name,
    degree: d.degree,
    specialization: pick(d.specs),
    graduationYear: year,
    currentCompany: company,
    currentRole: role,
    location: pick(CITIES),
    experiences: [{ company, role, startDate: `${year}-07-15`, currentlyWorking: true }],
    tags: [pick(d.tags)],
    visibility: serial % 7 === 3 ? 'private' : 'public',
  };
  return createAlumnusSchema.parse(input);
}
