// The schema drizzle-kit reads. Table order here is parent-first: backup and restore rely on it.
export * from './users.ts';
export * from './auth.ts';
export * from './mail.ts';
export * from './library.ts';
export * from './alumni.ts';
export * from './files.ts';
export * from './academics.ts';
export * from './attendance.ts';
export * from './assessment.ts';
export * from './materials.ts';
export * from './docs.ts';
export * from './idcards.ts';
export * from './notices.ts';
export * from './placement.ts';
export * from './audit.ts';
export * from './ratelimit.ts';
export * from './settings.ts';
