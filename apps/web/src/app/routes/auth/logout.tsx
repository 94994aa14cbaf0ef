import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { AUTH_TEXT } from '@/features/auth/texts';
import { useAuth } from '@/lib/auth';

/** /logout: 'Logging out...', then the server call, then /login (tokens are cleared whatever the result). */
export default function LogoutRoute() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => navigate(paths.login, { replace: true }));
  }, [logout, navigate]);

  return (
    <main className="flex min-h-screen items-center justify-center gap-3">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-primary border-t-transparent" />
      <p role="status">{AUTH_TEXT.loggingOut}</p>
    </main>
  );
}
