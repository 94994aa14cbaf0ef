import type { User } from '@crs/shared/schemas/auth';
import type { Account } from './users.repository.ts';

/** The public shape of a user (spec section 3); never the password hash. */
export function presentUser(u: Account): User {
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
