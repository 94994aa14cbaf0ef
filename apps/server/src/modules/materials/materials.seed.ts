import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import * as academics from '../academics/academics.read.ts';
import * as files from '../files/files.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './materials.repository.ts';

// A few teaching materials per department (issue 12 item 9): lecture notes for a subject, uploaded
// by a teacher of it, and a research paper of the department's faculty. The PDFs in seed-files/
// were made once by LibreOffice (a flat ODS of the text, `soffice --headless --convert-to pdf`)
// and are stored through the files module like any upload.

/**
 * `subject`: a teacher of it uploads the material (`teacher`, a demo email, when named); notes are
 * attached to it, research is not.
 */
type Seeded = { subject: string; notes: boolean; file: string; title: string; description: string; teacher?: string };

export const DEMO_MATERIALS: readonly Seeded[] = [
  { subject: 'CS301', notes: true, file: 'cs301-unit1-linear-data-structures.pdf', teacher: 'teacher@demo.crs', title: 'Unit 1 Notes: Arrays, Linked Lists and Stacks', description: 'Lecture notes with practice problems for the next tutorial.' },
  { subject: 'CS302', notes: true, file: 'cs302-normalisation-worked-examples.pdf', teacher: 'teacher@demo.crs', title: 'Normalisation: 1NF to BCNF, Worked Examples', description: 'Decompositions step by step, with the checklist for the lab record.' },
  { subject: 'CS301', notes: false, file: 'cse-research-btree-flash.pdf', teacher: 'teacher@demo.crs', title: 'Cache-Efficient B-Tree Variants for Flash Storage', description: 'Measurement study presented at the departmental research colloquium.' },
  { subject: 'EC302', notes: true, file: 'ec302-fourier-series-notes.pdf', title: 'Lecture Notes: Fourier Series', description: 'Coefficients, properties, the square-wave example and the Gibbs phenomenon.' },
  { subject: 'EC302', notes: false, file: 'ece-research-lna-iot.pdf', title: 'A 1.2 mW Low-Noise Amplifier at 2.4 GHz for IoT Nodes', description: 'Current-reused LNA in 65 nm CMOS: design and post-layout results.' },
  { subject: 'ME301', notes: true, file: 'me301-first-law-problem-set.pdf', title: 'Problem Set 2: First Law, with Solutions', description: 'Closed systems, steady-flow devices and the sign convention.' },
  { subject: 'ME301', notes: false, file: 'me-research-solar-absorption-chiller.pdf', title: 'Solar-Assisted Vapour Absorption Chiller in Coastal Karnataka', description: 'One year of monitoring on the campus: COP, solar fraction and payback.' },
  { subject: 'CE301', notes: true, file: 'ce301-levelling-field-manual.pdf', title: 'Field Manual: Levelling and Contouring', description: 'Booking, checks and the permissible closing error for the survey camp.' },
  { subject: 'CE301', notes: false, file: 'ce-research-flyash-concrete.pdf', title: 'Fly-Ash Blended Concrete for Rural Roads', description: 'Strength at 28 and 90 days of M30 mixes with Class F fly ash.' },
  { subject: 'EE301', notes: true, file: 'ee301-mesh-nodal-tutorial.pdf', title: 'Tutorial Sheet 3: Mesh and Nodal Analysis', description: 'Supermesh and supernode problems, with answers.' },
  { subject: 'EE301', notes: false, file: 'eee-research-rooftop-solar-feeder.pdf', title: 'Rooftop Solar Hosting Capacity of a Campus LV Feeder', description: 'OpenDSS study of the campus 415 V feeder with smart-meter data.' },
];

const FILES_DIR = path.join(import.meta.dirname, 'seed-files');

/**
 * Seeds the demo materials on a database with a timetable and no materials; false otherwise.
 * Each is uploaded by a teacher of its subject (the demo teacher's own where named).
 */
export async function seedDemoMaterials(ctx: AppContext): Promise<boolean> {
  if ((await repo.listMaterials(ctx.db, undefined)).length > 0) return false;
  const taught = await academics.allAssignments(ctx);
  if (taught.length === 0) return false;
  
  const demoIds = new Map<string, string | undefined>();
  for (const m of DEMO_MATERIALS) {
    const assignment = taught.find((a) => a.subjectCode === m.subject);
    if (!assignment) continue;
    let teacherId = assignment.teacherId;
    if (m.teacher) {
      if (!demoIds.has(m.teacher)) demoIds.set(m.teacher, await users.userIdByEmail(ctx, m.teacher));
      teacherId = demoIds.get(m.teacher) ?? teacherId;
    }
    const bytes = await readFile(path.join(FILES_DIR, m.file));
    const saved = await files.saveUpload(ctx, { purpose: 'material', ownerId: teacherId, bytes, filename: m.file });
    try {
      await repo.insertMaterial(ctx.db, { teacherId, subjectId: m.notes ? assignment.subjectId : null, fileId: saved.id, title: m.title, description: m.description });
    } catch (err) {
      await files.removeFile(ctx, saved.id);
      throw err;
    }
  }
  return true;
}
