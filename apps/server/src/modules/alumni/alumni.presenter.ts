import type { AlumniMessageRecord, Alumnus } from '@crs/shared/schemas/alumni';
import type { AlumniMessageRow } from '../../db/schema/alumni.ts';
import type { AlumnusView } from './alumni.repository.ts';

// The directory's answers take their shape here, and only here.

/**
 * The one alumnus shape. `faculty`: the caller may see private profiles and every contact field;
 * anyone else gets email and phone of public profiles only (and the service never hands them a
 * private profile in the first place: this is the second lock).
 */
export function presentAlumnus(a: AlumnusView, faculty: boolean): Alumnus {
  const contacts = faculty || a.visibility === 'public';
  return {
    _id: a.id,
    name: a.name,
    email: contacts ? a.email : null,
    phone: contacts ? a.phone : null,
    enrollmentNo: a.enrollmentNo,
    batch: a.batch,
    department: a.department,
    degree: a.degree,
    specialization: a.specialization,
    graduationYear: a.graduationYear,
    currentCompany: a.currentCompany,
    currentRole: a.currentRole,
    linkedin: a.linkedin,
    location: a.location,
    about: a.about,
    experiences: a.experiences.map((e) => ({
      company: e.company ?? null,
      role: e.role ?? null,
      startDate: e.startDate ?? null,
      endDate: e.endDate ?? null,
      currentlyWorking: e.currentlyWorking ?? false,
      description: e.description ?? null,
    })),
    tags: a.tags,
    visibility: a.visibility,
    createdAt: new Date(a.createdAt).toISOString(),
    updatedAt: new Date(a.updatedAt).toISOString(),
  };
}

/** A bulk-message record; `senders`: the users module's cards of who sent them. */
export function presentMessageRecord(r: AlumniMessageRow, senders: ReadonlyMap<string, { name: string }>): AlumniMessageRecord {
  const sender = r.sentBy ? senders.get(r.sentBy) : undefined;
  return {
    _id: r.id,
    sentBy: r.sentBy && sender ? { _id: r.sentBy, name: sender.name } : null,
    sentAt: new Date(r.sentAt).toISOString(),
    subject: r.subject,
    message: r.body,
    recipients: r.recipients.map((p) => ({ _id: p.id, name: p.name, email: p.email })),
    queued: r.queued,
  };
}
