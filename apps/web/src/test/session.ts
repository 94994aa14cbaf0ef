import { setTokens } from '@/lib/tokens';
import type { makeUser } from './api-server';
import { startApiServer, type Handler, type Reply } from './api-server';

/**
 * Starts an API server that knows one signed-in user, and stores a token for it. It also answers
 * what every signed-in page asks for (the bell's loan summary and notices, the desk's figures) as an
 * empty library and notice board would; tests that care pass their own.
 */
export async function signedInAs(user: ReturnType<typeof makeUser>, routes: Record<string, Handler | Reply> = {}) {
  const server = await startApiServer({
    'GET /auth/users/me': { body: { message: 'User fetched', user } },
    'POST /auth/logout': { body: { message: 'Logged out' } },
    'GET /library/summary': { body: { activeLoans: 0, overdueLoans: 0, dueSoon: 0 } },
    'GET /notices': { body: { notices: [], unread: 0 } },
    'GET /library/stats': { body: { books: 0, copiesTotal: 0, copiesOnLoan: 0, overdueLoans: 0, finesOutstanding: 0 } },
    // The frame asks for the institution on every signed-in page; unanswered, its 404 warning could
    // land after a test file's teardown and fail the run (vitest's EnvironmentTeardownError).
    'GET /settings/public': { body: { institutionName: 'Test Institute of Technology', shortName: 'TIT', logoUrl: null, academicYear: '2026-27', studentRegistration: 'open', registrationDomains: [], selfServiceReturn: true, timeZone: 'Asia/Kolkata' } },
    // The student's and teacher's dashboards (next holiday and event) and the timetable's holidays (issue 27).
    'GET /calendar/upcoming': { body: { nextHoliday: null, nextEvent: null } },
    'GET /calendar': (req) => ({ body: { from: req.query.get('from'), to: req.query.get('to'), terms: [], items: [] } }),
    // The Account page's identity sections (issue 28): no second factor, this session only, nothing linked.
    'GET /auth/mfa': { body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false } },
    'GET /auth/sessions': { body: { sessions: [{ id: 'this-session', device: 'Chrome 131 on Linux', userAgent: null, ip: '127.0.0.1', startedAt: '2026-11-27T08:00:00.000Z', lastSeenAt: '2026-11-28T04:00:00.000Z', method: 'Password', current: true }] } },
    'GET /auth/identities': { body: { identities: [], hasPassword: true } },
    // The bell's notifications and the Account page's notification settings (issue 30): none yet, the defaults.
    'GET /notifications': { body: { notifications: [], total: 0, unread: 0 } },
    'GET /notifications/preferences': {
      body: { preferences: ['library', 'attendance', 'exams', 'placement', 'results', 'notices'].map((kind) => ({ kind, email: 'digest', isDefault: true })), bouncing: null },
    },
    ...routes,
  });
  setTokens('test-access-token', 'test-refresh-token');
  return server;
}
