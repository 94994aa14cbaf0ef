import type { User } from '@crs/shared/schemas/auth';
import type { Achievement } from '@crs/shared/schemas/profile';
import type { AdminUser } from '@crs/shared/schemas/users';
import type { AchievementRow } from './achievements.repository.ts';
import type { UserRecord } from './users.repository.ts';

/** The public shape of a user (spec section 3); never the password hash. */
export function presentUser(u: UserRecord): User {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    bio: u.bio,
    avatar: u.avatar,
    studentId: u.studentId,
    department: u.department,
    roles: u.roles,
    status: u.status,
    createdAt: u.createdAt.toISOString(),
  };
}

/** A person as the administration pages show them: the public user plus the office's fields. */
export function presentPerson(u: UserRecord): AdminUser {
  return { ...presentUser(u), departmentId: u.departmentId, sectionId: u.sectionId, section: u.section, employeeId: u.employeeId, bloodGroup: u.bloodGroup, updatedAt: u.updatedAt.toISOString() };
}

export function presentAchievement(a: AchievementRow): Achievement {
  return { _id: a.id, title: a.title, year: a.year, description: a.description, createdAt: a.createdAt.toISOString() };
}
